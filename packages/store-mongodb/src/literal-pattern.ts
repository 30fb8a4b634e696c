/** A regex source matching `text` literally: user searches never act as patterns. */
export const literalPattern = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Case-sensitive literal substring match, as a `$regex` operator: for text and needle both
 * lowercased by JS `toLowerCase()`, exactly `text.includes(needle)` (the server folds no case).
 */
export const containsLiteral = (text: string): { $regex: string } => ({
  // MongoDB refuses a pattern holding a NUL character; the escape matches one.
  $regex: literalPattern(text).replaceAll('\u0000', '\\x00'),
});
