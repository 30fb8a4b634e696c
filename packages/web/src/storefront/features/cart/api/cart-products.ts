import { useQueries } from '@tanstack/react-query';
import { call, shop } from '../../../../shared/api/shop.js';
import type { CartLine } from '../../../../shared/cart/cart-lines.js';
import type { ProductAnswer } from '../utils/cart-review.js';
import { cartKeys } from './cart-keys.js';

/**
 * Each cart product as the API has it now (price, stock, whether it is still sold), read afresh
 * whenever the cart page opens, since the catalogue may have changed since it was added.
 */
export const useCartProducts = (lines: readonly CartLine[]): readonly ProductAnswer[] =>
  useQueries({
    queries: lines.map((line) => ({
      queryKey: cartKeys.product(line.productId),
      queryFn: async () =>
        (await call(() => shop.GET('/api/products/{id}', { params: { path: { id: line.productId } } })))
          .product,
      staleTime: 0,
    })),
    combine: (results) =>
      results.map((result) => ({ product: result.data, error: result.error, pending: result.isPending })),
  });
