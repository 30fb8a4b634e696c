import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, shop } from '../../../../shared/api/shop.js';
import { SHOPPER_QUERY_ROOTS } from '../../../../shared/api/shopper-events.js';

/** Cancels a pending order (nothing was paid); the orders are read again. */
export const useCancelOrder = (id: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(() => shop.POST('/api/orders/{id}/cancel', { params: { path: { id } } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [SHOPPER_QUERY_ROOTS.orders] }),
  });
};
