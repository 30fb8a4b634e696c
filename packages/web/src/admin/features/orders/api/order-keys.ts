import type { SalesQuery } from '../utils/sales-filters.js';

/** Every query key of the orders feature, so a mutation can invalidate exactly what it changed. */
export const orderKeys = {
  all: ['orders'] as const,
  sales: () => [...orderKeys.all, 'sales'] as const,
  salesPage: (query: SalesQuery, page: number) => [...orderKeys.sales(), query, page] as const,
  order: (id: string) => [...orderKeys.all, 'order', id] as const,
  detail: (id: string) => [...orderKeys.order(id), 'detail'] as const,
  history: (id: string) => [...orderKeys.order(id), 'history'] as const,
};
