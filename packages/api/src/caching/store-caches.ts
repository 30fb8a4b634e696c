// Wraps an opened store in every decorator of the caching layer; each module names what it keys on and what invalidates it.
import type { ShopStore } from '@trx-shop/domain';
import { type CustomerSearchOutcome, withCustomerMatches } from './customer-matches.js';
import { sharedVersionReads } from './shared-version-reads.js';
import { withUnheldAddresses } from './unheld-addresses.js';

/**
 * The store with its version reads shared per event-loop turn, the customer search's kept
 * matches and the addresses found unheld: what production runs, so tests run it too.
 */
export const withStoreCaches = (
  store: ShopStore,
  onCustomerSearch?: (outcome: CustomerSearchOutcome) => void,
): ShopStore => {
  const versions = sharedVersionReads(store.versions);
  const users = withCustomerMatches(
    withUnheldAddresses(store.users, { version: () => versions.current({ kind: 'wallet-holders' }) }),
    {
      version: () => versions.current({ kind: 'customer-search' }),
      ...(onCustomerSearch ? { onSearch: onCustomerSearch } : {}),
    },
  );
  return { ...store, versions, users };
};
