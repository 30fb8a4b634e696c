import type { Filter } from 'mongodb';
import type { UserDocument } from './documents.js';
import { containsLiteral } from './literal-pattern.js';
import { trigramsOf } from './search-grams.js';

/**
 * The users a search matches (`CustomerQuery.search`'s rule, any role): the JS-lowercased needle
 * a literal substring of a JS-lowercased key. The regex is case-sensitive: with the 'i' option
 * the server folds case its own way on top (`ı` and `İ` match `i`, `ſ` matches `s`, `ς` matches
 * `σ`), which is not the specification. A needle of 3 code points or more also requires all its
 * trigrams in that key's trigrams (a superset of the matches, served by the multikey indexes), so
 * the regex reads only candidates.
 */
export const userSearchFilter = (search: string): Filter<UserDocument> => {
  const needle = search.toLowerCase();
  const pattern = containsLiteral(needle);
  const grams = trigramsOf(needle);
  if (grams.length === 0) return { $or: [{ usernameKey: pattern }, { emailKey: pattern }] };
  return {
    $or: [
      { usernameGrams: { $all: grams }, usernameKey: pattern },
      { emailGrams: { $all: grams }, emailKey: pattern },
    ],
  };
};
