import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call, shop } from '../../../../shared/api/shop.js';
import { LEDGER_PAGE_SIZE, type LedgerFilters, ledgerQueryOf } from '../utils/ledger-filters.js';
import { ledgerKeys } from './ledger-keys.js';

/** One page of the merchant ledger the filters select, with the filter's totals; the previous page stays shown while the next loads. */
export const useLedger = (filters: LedgerFilters) => {
  const query = ledgerQueryOf(filters);
  return useQuery({
    queryKey: ledgerKeys.page(query, filters.page),
    queryFn: () =>
      call(() =>
        shop.GET('/api/admin/ledger', {
          params: { query: { ...query, page: filters.page, limit: LEDGER_PAGE_SIZE } },
        }),
      ),
    placeholderData: keepPreviousData,
  });
};

/** The CSV of every movement the filters select (no paging); the browser downloads it with its cookies. */
export const ledgerExportHref = (filters: LedgerFilters): string => {
  const search = new URLSearchParams(Object.entries(ledgerQueryOf(filters))).toString();
  return `${shop.baseUrl}/api/admin/ledger/export${search ? `?${search}` : ''}`;
};
