import type { ProductFilters } from '../utils/product-filters.js';

/** Every query key of the products feature, so a mutation can invalidate exactly what it changed. */
export const productKeys = {
  all: ['products'] as const,
  lists: () => [...productKeys.all, 'list'] as const,
  list: (filters: ProductFilters) => [...productKeys.lists(), filters] as const,
  product: (id: string) => [...productKeys.all, 'product', id] as const,
};
