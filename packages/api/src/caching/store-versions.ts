// Not a cache: the store versions (ShopStore.versions) under which the store decorators keep what they keep.
import type { ShopStore } from '@trx-shop/domain';

/** The versions the store decorators file what they keep under, each moved by the writes that stale it. */
export interface CacheVersions {
  /** Moves with every write that can change whom a customer search matches. */
  readonly customerSearch: () => Promise<string>;
  /** Moves with every write that gives an address a holder. */
  readonly walletHolders: () => Promise<string>;
}

export const cacheVersionsOf = (store: ShopStore): CacheVersions => ({
  customerSearch: () => store.versions.current({ kind: 'customer-search' }),
  walletHolders: () => store.versions.current({ kind: 'wallet-holders' }),
});
