import { isCategory, type ProductCategory } from '../../../../shared/format/categories.js';
import { pageOf } from '../../../../shared/format/page-param.js';

export const PRODUCTS_PAGE_SIZE = 20;

/** The products list's filters as its URL holds them, so a filtered page can be bookmarked. */
export interface ProductFilters {
  /** Part of a name or description. */
  readonly search?: string | undefined;
  readonly category?: ProductCategory | undefined;
  readonly page: number;
}

/** The filters of a URL's query string; what is malformed there is left out rather than sent. */
export const productFiltersOf = (params: URLSearchParams): ProductFilters => {
  const category = params.get('category');
  return {
    search: params.get('search')?.trim() || undefined,
    category: isCategory(category) ? category : undefined,
    page: pageOf(params),
  };
};

export const productSearchOf = (filters: ProductFilters): URLSearchParams => {
  const params = new URLSearchParams();
  if (filters.search) params.set('search', filters.search);
  if (filters.category) params.set('category', filters.category);
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
};

export const hasProductFilters = (filters: ProductFilters): boolean =>
  Boolean(filters.search || filters.category);
