// Keys on nothing yet: until the store's versions port is wired here, every read answers a version never answered before, so each cache is always correct and never hit.
import type { ShopStore } from '@trx-shop/domain';

/** The versions the caching layer files answers under, each moved by the writes that stale them. */
export interface CacheVersions {
  /** Moves with every write that can change whom a customer search matches. */
  readonly customerSearch: () => Promise<string>;
  /** Moves with every write that gives an address a holder. */
  readonly walletHolders: () => Promise<string>;
}

let reads = 0;
const neverAnsweredBefore = async (): Promise<string> => {
  reads += 1;
  return `unversioned:${reads}`;
};

export const cacheVersionsOf = (_store: ShopStore): CacheVersions => ({
  customerSearch: neverAnsweredBefore,
  walletHolders: neverAnsweredBefore,
});
