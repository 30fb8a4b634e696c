import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call, shop } from '../../../../shared/api/shop.js';
import { SALES_PAGE_SIZE, type SalesFilters, salesQueryOf } from '../utils/sales-filters.js';
import { orderKeys } from './order-keys.js';

/** One page of the sales the filters select; the previous page stays shown while the next loads. */
export const useSales = (filters: SalesFilters) => {
  const query = salesQueryOf(filters);
  return useQuery({
    queryKey: orderKeys.salesPage(query, filters.page),
    queryFn: () =>
      call(() =>
        shop.GET('/api/admin/sales', {
          params: { query: { ...query, page: filters.page, limit: SALES_PAGE_SIZE } },
        }),
      ),
    placeholderData: keepPreviousData,
  });
};

/** The CSV of every sale the filters select (no paging); the browser downloads it with its cookies. */
export const salesExportHref = (filters: SalesFilters): string => {
  const search = new URLSearchParams(Object.entries(salesQueryOf(filters))).toString();
  return `${shop.baseUrl}/api/admin/sales/export${search ? `?${search}` : ''}`;
};
