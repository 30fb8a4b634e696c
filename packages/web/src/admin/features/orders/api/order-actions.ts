import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, shop } from '../../../../shared/api/shop.js';
import type { OverrideStatus } from '../utils/order-status.js';
import { orderKeys } from './order-keys.js';

/** After an action the order, its history and every list page it may sit on are read again. */
const useRefreshOrder = (id: string) => {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: orderKeys.order(id) }),
      queryClient.invalidateQueries({ queryKey: orderKeys.sales() }),
    ]);
};

export interface RefundInput {
  /** TRX as typed (a decimal string, so the API reads it exactly); absent: everything left. */
  readonly amount?: string | undefined;
  readonly reason: string;
}

export const useRefundOrder = (id: string) => {
  const refresh = useRefreshOrder(id);
  return useMutation({
    mutationFn: ({ amount, reason }: RefundInput) =>
      call(() =>
        shop.POST('/api/admin/orders/{id}/refund', {
          params: { path: { id } },
          body: { ...(amount === undefined ? {} : { amount }), reason },
        }),
      ),
    onSuccess: refresh,
  });
};

export interface StatusOverrideInput {
  readonly status: OverrideStatus;
  readonly transactionHash?: string | undefined;
}

export const useOverrideOrderStatus = (id: string) => {
  const refresh = useRefreshOrder(id);
  return useMutation({
    mutationFn: ({ status, transactionHash }: StatusOverrideInput) =>
      call(() =>
        shop.PATCH('/api/orders/{id}/status', {
          params: { path: { id } },
          body: { status, ...(transactionHash ? { transactionHash } : {}) },
        }),
      ),
    onSuccess: refresh,
  });
};

export const useVerifyPayment = (id: string) => {
  const refresh = useRefreshOrder(id);
  return useMutation({
    mutationFn: (txHash: string) =>
      call(() =>
        shop.POST('/api/admin/orders/{id}/verify-payment', { params: { path: { id } }, body: { txHash } }),
      ),
    onSuccess: refresh,
  });
};
