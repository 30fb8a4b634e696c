import { dayOrUndefined, instantsOf } from '../../../../shared/format/day-range.js';
import { pageOf } from '../../../../shared/format/page-param.js';
import { isOrderStatus, type OrderStatus } from '../../../../shared/format/order-status.js';

export const SALES_PAGE_SIZE = 20;

/**
 * The orders list's filters as its URL holds them, so a filtered page can be bookmarked: days as
 * the date inputs give them (`YYYY-MM-DD`, in the viewer's calendar).
 */
export interface SalesFilters {
  readonly status?: OrderStatus | undefined;
  readonly fromDay?: string | undefined;
  readonly toDay?: string | undefined;
  /** Part of the customer's username or email, or an order number. */
  readonly search?: string | undefined;
  readonly page: number;
}

/** The filters and paging `GET /api/admin/sales` takes. */
export interface SalesQuery {
  readonly status?: OrderStatus;
  readonly from?: string;
  readonly to?: string;
  readonly search?: string;
}

/** The filters of a URL's query string; what is malformed there is left out rather than sent. */
export const salesFiltersOf = (params: URLSearchParams): SalesFilters => {
  const status = params.get('status');
  return {
    status: isOrderStatus(status) ? status : undefined,
    fromDay: dayOrUndefined(params.get('from')),
    toDay: dayOrUndefined(params.get('to')),
    search: params.get('search')?.trim() || undefined,
    page: pageOf(params),
  };
};

/** The query string that holds the filters (page 1 and absent filters leave no trace). */
export const salesSearchOf = (filters: SalesFilters): URLSearchParams => {
  const params = new URLSearchParams();
  if (filters.status) params.set('status', filters.status);
  if (filters.fromDay) params.set('from', filters.fromDay);
  if (filters.toDay) params.set('to', filters.toDay);
  if (filters.search) params.set('search', filters.search);
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
};

/** The API's filters: the days as instants (see `instantsOf`). */
export const salesQueryOf = (filters: SalesFilters): SalesQuery => ({
  ...(filters.status ? { status: filters.status } : {}),
  ...instantsOf(filters),
  ...(filters.search ? { search: filters.search } : {}),
});

export const hasSalesFilters = (filters: SalesFilters): boolean =>
  Boolean(filters.status || filters.fromDay || filters.toDay || filters.search);
