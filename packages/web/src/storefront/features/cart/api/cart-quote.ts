import { isShopApiError, type OrderQuote } from '@trx-shop/client';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { call, shop } from '../../../../shared/api/shop.js';
import type { CartLine } from '../../../../shared/cart/cart-lines.js';
import { cartKeys } from './cart-keys.js';

/** Refusals that mean a product changed since the cart read it: reading the products again prunes the cart. */
const PRODUCT_CHANGED = new Set(['INSUFFICIENT_STOCK', 'PRODUCT_NOT_FOUND']);

/**
 * The API's price of the cart's lines (subtotal, network fee reduction, total), asked again
 * whenever a line changes; never summed in the browser. `enabled` waits until the lines are the
 * ones the products were checked against.
 */
export const useCartQuote = (lines: readonly CartLine[], enabled: boolean) => {
  const queryClient = useQueryClient();
  const quote = useQuery({
    queryKey: cartKeys.quote(lines),
    queryFn: async (): Promise<OrderQuote> =>
      (
        await call(() =>
          shop.POST('/api/orders/quote', {
            body: { products: lines.map(({ productId, quantity }) => ({ productId, quantity })) },
          }),
        )
      ).quote,
    enabled: enabled && lines.length > 0,
    staleTime: 0,
  });
  const { error, errorUpdatedAt } = quote;
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per refusal, keyed by when it came
  useEffect(() => {
    if (isShopApiError(error) && PRODUCT_CHANGED.has(error.code)) {
      void queryClient.invalidateQueries({ queryKey: cartKeys.products() });
    }
  }, [errorUpdatedAt]);
  return quote;
};
