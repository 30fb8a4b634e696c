/**
 * The addresses holders lookups found held by no one, as of one wallet holders version
 * (`wallet_holders_version`), kept by a connection so that the deposit scanner's recipients outside the shop
 * (most of a block; busy addresses recur block after block) are not probed in the address index
 * again. Whatever gives an address a holder moves the version in the same transaction, and a
 * lookup reads the version before it probes, so a remembered answer is never used for a state
 * after the one it was read from. Bounded: two generations of `generationSize` addresses;
 * addresses asked again are carried into the newer one, and the older one is dropped when the
 * newer one is full.
 */
export interface UnheldAddresses {
  /** Of `addresses`, those not known to be held by no one at `version`. */
  unknownAt(version: string, addresses: readonly string[]): string[];
  /** Remembers `addresses` as held by no one at `version`, the version read before the lookup. */
  remember(version: string, addresses: Iterable<string>): void;
}

export const createUnheldAddresses = (generationSize = 16_384): UnheldAddresses => {
  let keptVersion = '';
  let current = new Set<string>();
  let previous = new Set<string>();
  const add = (address: string): void => {
    if (current.size >= generationSize) {
      previous = current;
      current = new Set();
    }
    current.add(address);
  };
  const forgetOtherVersions = (version: string): void => {
    if (version === keptVersion) return;
    keptVersion = version;
    current = new Set();
    previous = new Set();
  };
  return {
    unknownAt(version, addresses) {
      forgetOtherVersions(version);
      return addresses.filter((address) => {
        if (current.has(address)) return false;
        if (!previous.has(address)) return true;
        add(address);
        return false;
      });
    },
    remember(version, addresses) {
      if (version !== keptVersion) return;
      for (const address of addresses) add(address);
    },
  };
};
