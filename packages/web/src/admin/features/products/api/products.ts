import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call, shop } from '../../../../shared/api/shop.js';
import { PRODUCTS_PAGE_SIZE, type ProductFilters } from '../utils/product-filters.js';
import { productKeys } from './product-keys.js';

/** One page of every product (archived ones too) the filters select. */
export const useAdminProducts = (filters: ProductFilters) =>
  useQuery({
    queryKey: productKeys.list(filters),
    queryFn: () =>
      call(() =>
        shop.GET('/api/admin/products', {
          params: {
            query: {
              ...(filters.search ? { search: filters.search } : {}),
              ...(filters.category ? { category: filters.category } : {}),
              page: filters.page,
              limit: PRODUCTS_PAGE_SIZE,
            },
          },
        }),
      ),
    placeholderData: keepPreviousData,
  });
