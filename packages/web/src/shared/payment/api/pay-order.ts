import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, shop } from '../../api/shop.js';
import { SHOPPER_QUERY_ROOTS } from '../../api/shopper-events.js';

/** Pays a pending order from the custodial wallet; the orders and the wallet are read again after. */
export const usePayOrder = (id: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(() => shop.POST('/api/orders/{id}/pay', { params: { path: { id } } })),
    onSettled: () =>
      Promise.all(
        Object.values(SHOPPER_QUERY_ROOTS).map((root) => queryClient.invalidateQueries({ queryKey: [root] })),
      ),
  });
};
