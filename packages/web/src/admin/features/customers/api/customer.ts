import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call, shop } from '../../../../shared/api/shop.js';
import { customerKeys } from './customer-keys.js';

export const CUSTOMER_ORDERS_PAGE_SIZE = 10;

export const useCustomer = (id: string) =>
  useQuery({
    queryKey: customerKeys.detail(id),
    queryFn: () => call(() => shop.GET('/api/admin/customers/{id}', { params: { path: { id } } })),
  });

/** One page of the customer's orders, newest first (listSales filtered by `customer`). */
export const useCustomerOrders = (id: string, page: number) =>
  useQuery({
    queryKey: customerKeys.orders(id, page),
    queryFn: () =>
      call(() =>
        shop.GET('/api/admin/sales', {
          params: { query: { customer: id, page, limit: CUSTOMER_ORDERS_PAGE_SIZE } },
        }),
      ),
    placeholderData: keepPreviousData,
  });
