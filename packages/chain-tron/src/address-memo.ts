import { base58OfHexAddress } from './base58-address.js';

/**
 * Base58 conversions the scanner made lately, by hex address. Converting is a pure function of
 * the hex (two SHA-256 and a base-58 encoding), so a remembered answer is never stale, on this
 * instance or any other; what is remembered is bounded. Recipients repeat across blocks (an
 * exchange's or a shop's busy addresses), and each repeat costs a Map lookup instead of the
 * conversion, which was the scanner's largest cost after the store's.
 *
 * Two generations: lookups that hit the older one are carried into the newer one, and when the
 * newer one is full the older one is dropped, so addresses in steady use survive the turnover.
 */
export const addressMemo = (
  generationSize = 16_384,
  convert: (hex: string) => string = base58OfHexAddress,
) => {
  let current = new Map<string, string>();
  let previous = new Map<string, string>();
  const remember = (hex: string, base58: string): void => {
    if (current.size >= generationSize) {
      previous = current;
      current = new Map();
    }
    current.set(hex, base58);
  };
  return {
    base58Of(hex: string): string {
      const recent = current.get(hex);
      if (recent !== undefined) return recent;
      const older = previous.get(hex) ?? convert(hex);
      remember(hex, older);
      return older;
    },
    /** How many answers it holds (at most twice the generation size). */
    size: (): number => current.size + previous.size,
  };
};
