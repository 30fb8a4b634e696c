import type { LedgerQuery } from '../utils/ledger-filters.js';

/** Every query key of the ledger feature. */
export const ledgerKeys = {
  all: ['ledger'] as const,
  page: (query: LedgerQuery, page: number) => [...ledgerKeys.all, 'page', query, page] as const,
};
