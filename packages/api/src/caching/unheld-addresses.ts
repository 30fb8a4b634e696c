// Keys on the address, under one wallet-holders version; a write giving an address a holder moves the version, which forgets them all.
import type { UserStore } from '@trx-shop/domain';
import { LRUCache } from 'lru-cache';

/** About 2 MB of addresses: more than the outside recipients a busy run of blocks repeats. */
export const UNHELD_ADDRESSES_KEPT = 32_768;

export interface UnheldAddressesOptions {
  /** The wallet holders version, read before each lookup it files answers under. */
  readonly version: () => Promise<string>;
  readonly max?: number;
}

/**
 * `users` whose holders lookups skip the addresses found held by no one: most of a block's
 * recipients are outside the shop, and busy ones recur block after block, so the deposit scanner
 * does not probe the address index for them again.
 */
export const withUnheldAddresses = <Users extends Pick<UserStore, 'walletHolders'>>(
  users: Users,
  { version, max = UNHELD_ADDRESSES_KEPT }: UnheldAddressesOptions,
): Users => {
  const unheld = new LRUCache<string, true>({ max });
  let keptVersion: string | undefined;
  return {
    ...users,
    async walletHolders(addresses) {
      if (addresses.length === 0) return [];
      // Read before the lookup: a holder given after it moves the version past what is kept here.
      const current = await version();
      if (current !== keptVersion) {
        unheld.clear();
        keptVersion = current;
      }
      const unknown = addresses.filter((address) => unheld.get(address) === undefined);
      if (unknown.length === 0) return [];
      const holders = await users.walletHolders(unknown);
      // A lookup that began at an older version than a concurrent one's keeps nothing.
      if (keptVersion !== current) return holders;
      const held = new Set(holders.map((holder) => holder.address));
      for (const address of unknown) if (!held.has(address)) unheld.set(address, true);
      return holders;
    },
  };
};
