import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call, shop } from '../../../../shared/api/shop.js';
import { CATALOGUE_PAGE_SIZE, type CatalogueFilters } from '../utils/catalogue-filters.js';
import { catalogueKeys } from './catalogue-keys.js';

/** One page of the products on sale that the filters select, searched and paged by the API. */
export const useCatalogue = (filters: CatalogueFilters) =>
  useQuery({
    queryKey: catalogueKeys.list(filters),
    queryFn: () =>
      call(() =>
        shop.GET('/api/products', {
          params: {
            query: {
              ...(filters.search ? { search: filters.search } : {}),
              ...(filters.category ? { category: filters.category } : {}),
              page: filters.page,
              limit: CATALOGUE_PAGE_SIZE,
            },
          },
        }),
      ),
    placeholderData: keepPreviousData,
  });
