import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { call, shop } from '../../../../shared/api/shop.js';
import { CUSTOMERS_PAGE_SIZE, type CustomerFilters } from '../utils/customer-filters.js';
import { customerKeys } from './customer-keys.js';
import { saveFile } from './save-file.js';

/** One page of the customers the search selects, with the shop's customer figures. */
export const useCustomers = ({ search, page }: CustomerFilters) =>
  useQuery({
    queryKey: customerKeys.list(search, page),
    queryFn: () =>
      call(() =>
        shop.GET('/api/admin/customers', {
          params: { query: { ...(search ? { search } : {}), page, limit: CUSTOMERS_PAGE_SIZE } },
        }),
      ),
    placeholderData: keepPreviousData,
  });

/** The export is a POST (it is audited), so a link cannot fetch it: the answer is saved as a file. */
export const useExportCustomers = () =>
  useMutation({
    mutationFn: async () => {
      const csv = await call(() => shop.POST('/api/admin/customers/export', { body: {}, parseAs: 'blob' }));
      saveFile(csv, 'customers.csv');
    },
  });
