import { isCategory, type ProductCategory } from '../../../../shared/format/categories.js';

/** Three rows of four cards on a wide screen. */
export const CATALOGUE_PAGE_SIZE = 12;

/** The catalogue's search, category and page as its URL holds them, so a view can be shared. */
export interface CatalogueFilters {
  readonly search?: string | undefined;
  readonly category?: ProductCategory | undefined;
  readonly page: number;
}

/** The filters of a URL's query string; what is malformed there is left out rather than sent. */
export const catalogueFiltersOf = (params: URLSearchParams): CatalogueFilters => {
  const category = params.get('category');
  const page = Number(params.get('page') ?? '1');
  return {
    search: params.get('search')?.trim().slice(0, 200) || undefined,
    category: isCategory(category) ? category : undefined,
    page: Number.isSafeInteger(page) && page >= 1 ? page : 1,
  };
};

export const catalogueSearchOf = (filters: CatalogueFilters): URLSearchParams => {
  const params = new URLSearchParams();
  if (filters.search) params.set('search', filters.search);
  if (filters.category) params.set('category', filters.category);
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
};

export const isFiltered = (filters: CatalogueFilters): boolean => Boolean(filters.search || filters.category);
