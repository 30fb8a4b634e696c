import type { components, FetchResult } from '@trx-shop/client';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call, shop } from '../../../../shared/api/shop.js';
import type { OrderStatus } from '../../../../shared/format/order-status.js';
import { customerKeys } from './customer-keys.js';

export const CUSTOMER_ORDERS_PAGE_SIZE = 10;

/** `GET /api/admin/customers/{id}` (getCustomer): the customer as the list shows them, and their orders counted. */
export interface CustomerDetail {
  readonly success: true;
  readonly customer: components['schemas']['Customer'];
  readonly orders: {
    readonly total: number;
    readonly byStatus: Readonly<Record<OrderStatus, number>>;
    readonly lastOrderAt: string | null;
  };
}

/** getCustomer is not in the generated client yet: its path is called as a plain string, its answer typed above. */
const getCustomer = (id: string) =>
  (shop.GET as unknown as (path: string, init: object) => Promise<FetchResult & { data: CustomerDetail }>)(
    '/api/admin/customers/{id}',
    { params: { path: { id } } },
  );

export const useCustomer = (id: string) =>
  useQuery({
    queryKey: customerKeys.detail(id),
    queryFn: () => call(() => getCustomer(id)),
  });

/** One page of the customer's orders, newest first (listSales filtered by `customer`). */
export const useCustomerOrders = (id: string, page: number) =>
  useQuery({
    queryKey: customerKeys.orders(id, page),
    queryFn: () => {
      // A variable, not a literal: the `customer` filter is newer than the generated client's types.
      const query = { customer: id, page, limit: CUSTOMER_ORDERS_PAGE_SIZE };
      return call(() => shop.GET('/api/admin/sales', { params: { query } }));
    },
    placeholderData: keepPreviousData,
  });
