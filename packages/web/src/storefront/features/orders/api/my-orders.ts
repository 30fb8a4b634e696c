import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call, shop } from '../../../../shared/api/shop.js';

export const MY_ORDERS_PAGE_SIZE = 10;

/** The keys of the shopper's order list, so what changes an order can invalidate every page of it. */
export const myOrdersKeys = {
  all: ['my-orders'] as const,
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
