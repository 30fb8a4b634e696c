/**
 * What a product search matches: a literal substring of the name or the description, with case
 * folded by JavaScript's `toLowerCase` in every store (docs/api.md, "Searches"). A database's own
 * folding differs beyond ASCII (SQLite's `lower()` folds ASCII only; a MongoDB regex's `i` folds
 * by Unicode rules, where the long s is an `s` and σ matches a final ς), so each store matches the
 * needle against this text, written with the product.
 */
export const productSearchText = (name: string, description: string): string =>
  // Joined by a newline, so a needle without one never matches across the two fields.
  `${name.toLowerCase()}\n${description.toLowerCase()}`;

export const productSearchNeedle = (search: string): string => search.toLowerCase();
