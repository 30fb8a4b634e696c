import type { Order } from '@trx-shop/client';
import { useQuery } from '@tanstack/react-query';
import { call, shop } from '../../../../shared/api/shop.js';
import { SHOPPER_QUERY_ROOTS } from '../../../../shared/api/shopper-events.js';

/** The API's largest page: a shopper's failed payments are few, so the order's is on the first. */
const FAILED_PAYMENTS_PAGE = 100;

/**
 * The failed payment of a failed order, whose `failureReason` says why (the order itself does
 * not); null when the API lists none for it. Only asked for a failed order.
 */
export const useOrderFailure = (order: Pick<Order, '_id' | 'status'>) =>
  useQuery({
    queryKey: [SHOPPER_QUERY_ROOTS.orders, 'failure', order._id] as const,
    queryFn: async () => {
      const { transactions } = await call(() =>
        shop.GET('/api/transactions', {
          params: { query: { type: 'purchase', status: 'failed', limit: FAILED_PAYMENTS_PAGE } },
        }),
      );
      return transactions.find((transaction) => transaction.orderId === order._id) ?? null;
    },
    enabled: order.status === 'failed',
  });
