/**
 * Spaces calls at least `1000 / perSecond` ms apart, in call order, so a scanner catching up on a
 * public node (TronGrid limits requests per key and address) stays within its allowance instead
 * of being refused. 0 (or less) means no limit.
 */
export const requestPace = (perSecond: number): (() => Promise<void>) => {
  if (!(perSecond > 0)) return async () => {};
  const spacingMs = 1000 / perSecond;
  let nextSlot = 0;
  return async () => {
    const now = Date.now();
    const slot = Math.max(now, nextSlot);
    nextSlot = slot + spacingMs;
    if (slot > now) await new Promise((resolve) => setTimeout(resolve, slot - now));
  };
};
