import { pageOf } from '../../../../shared/format/page-param.js';

export const CUSTOMERS_PAGE_SIZE = 20;

/** The customers list's search and page as its URL holds them, so a search can be bookmarked. */
export interface CustomerFilters {
  /** Part of a username or email. */
  readonly search?: string | undefined;
  readonly page: number;
}

export const customerFiltersOf = (params: URLSearchParams): CustomerFilters => ({
  search: params.get('search')?.trim() || undefined,
  page: pageOf(params),
});

/** The query string that holds the filters (page 1 and no search leave no trace). */
export const customerSearchOf = (filters: CustomerFilters): URLSearchParams => {
  const params = new URLSearchParams();
  if (filters.search) params.set('search', filters.search);
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
};
