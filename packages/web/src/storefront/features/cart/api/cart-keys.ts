import type { CartLine } from '../../../../shared/cart/cart-lines.js';

/** Every query key of the cart feature, from one place. */
export const cartKeys = {
  all: ['cart'] as const,
  products: () => [...cartKeys.all, 'product'] as const,
  product: (id: string) => [...cartKeys.products(), id] as const,
  /** A quote is of exactly these lines: any change of product or quantity asks again. */
  quote: (lines: readonly CartLine[]) =>
    [...cartKeys.all, 'quote', lines.map(({ productId, quantity }) => `${productId}x${quantity}`)] as const,
};
