// Keys on what each decorator names (customer-matches.ts, unheld-addresses.ts); the versions in `versions` invalidate them.
import type { UserStore } from '@trx-shop/domain';
import { type CustomerSearchOutcome, withCustomerMatches } from './customer-matches.js';
import type { CacheVersions } from './store-versions.js';
import { withUnheldAddresses } from './unheld-addresses.js';

/** The user store with the customer search's kept matches and the addresses found unheld. */
export const withUserStoreCaches = (
  users: UserStore,
  versions: CacheVersions,
  onCustomerSearch?: (outcome: CustomerSearchOutcome) => void,
): UserStore =>
  withCustomerMatches(withUnheldAddresses(users, { version: versions.walletHolders }), {
    version: versions.customerSearch,
    ...(onCustomerSearch ? { onSearch: onCustomerSearch } : {}),
  });
