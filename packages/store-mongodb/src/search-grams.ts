/**
 * The customer search's trigrams (docs: README, "Customer search"). A user document holds the
 * distinct trigrams of its lowercased username and email (`usernameGrams`, `emailGrams`, each
 * with a multikey index); a needle of at least `TRIGRAM_CHARACTERS` code points selects the
 * documents holding all of its trigrams in one of them, a superset of its matches, and the exact
 * substring test decides. Trigrams are counted in code points, so an emoji is one character, as
 * in the SQLite adapter's FTS5 trigram index.
 */
export const TRIGRAM_CHARACTERS = 3;

/** The distinct trigrams of `key` (already lowercased), in order of first appearance; none under 3 code points. */
export const trigramsOf = (key: string): string[] => {
  const characters = [...key];
  const grams = new Set<string>();
  for (let start = 0; start + TRIGRAM_CHARACTERS <= characters.length; start++) {
    grams.add(characters.slice(start, start + TRIGRAM_CHARACTERS).join(''));
  }
  return [...grams];
};
