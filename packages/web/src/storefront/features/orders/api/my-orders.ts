import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call, shop } from '../../../../shared/api/shop.js';
import { SHOPPER_QUERY_ROOTS } from '../../../../shared/api/shopper-events.js';

export const MY_ORDERS_PAGE_SIZE = 10;

/** The keys of the shopper's order list, under the orders root so the shopper's room refreshes every page of it. */
export const myOrdersKeys = {
  all: [SHOPPER_QUERY_ROOTS.orders, 'mine'] as const,
  page: (page: number) => [...myOrdersKeys.all, page] as const,
};

/** One page of the shopper's own orders, newest first as the API lists them; the previous page stays shown while the next loads. */
export const useMyOrders = (page: number) =>
  useQuery({
    queryKey: myOrdersKeys.page(page),
    queryFn: () =>
      call(() => shop.GET('/api/orders', { params: { query: { page, limit: MY_ORDERS_PAGE_SIZE } } })),
    placeholderData: keepPreviousData,
  });
