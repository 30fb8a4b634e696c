/**
 * Addresses the node has said exist. A TRON account, once activated, is never removed, so a
 * positive answer can be reused for the life of the process; a negative one never is (the next
 * transfer may create the account). Bounded: past `maxSize` the oldest half is forgotten.
 */
export const knownAccounts = (maxSize = 100_000) => {
  const known = new Set<string>();
  return {
    has: (address: string): boolean => known.has(address),
    remember(address: string): void {
      if (known.size >= maxSize) {
        let drop = Math.floor(maxSize / 2);
        for (const oldest of known) {
          if (drop-- <= 0) break;
          known.delete(oldest);
        }
      }
      known.add(address);
    },
  };
};
