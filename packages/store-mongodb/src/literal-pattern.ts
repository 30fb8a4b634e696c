/** A regex source matching `text` literally: user searches never act as patterns. */
export const literalPattern = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Case-insensitive literal substring match, as a `$regex` operator. */
export const containsText = (text: string): { $regex: string; $options: string } => ({
  $regex: literalPattern(text),
  $options: 'i',
});
