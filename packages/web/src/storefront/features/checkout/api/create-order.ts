import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, shop } from '../../../../shared/api/shop.js';
import { SHOPPER_QUERY_ROOTS } from '../../../../shared/api/shopper-events.js';
import type { CartLine } from '../../../../shared/cart/cart-lines.js';

/** Creates the order of the cart's lines; the API prices it and the orders are read again. */
export const useCreateOrder = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (lines: readonly CartLine[]) =>
      call(() =>
        shop.POST('/api/orders', {
          body: { products: lines.map(({ productId, quantity }) => ({ productId, quantity })) },
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [SHOPPER_QUERY_ROOTS.orders] }),
  });
};
