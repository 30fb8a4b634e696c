import type { CatalogueFilters } from '../utils/catalogue-filters.js';

/** Every query key of the catalogue, from one place. */
export const catalogueKeys = {
  all: ['catalogue'] as const,
  lists: () => [...catalogueKeys.all, 'list'] as const,
  list: (filters: CatalogueFilters) => [...catalogueKeys.lists(), filters] as const,
  product: (id: string) => [...catalogueKeys.all, 'product', id] as const,
};
