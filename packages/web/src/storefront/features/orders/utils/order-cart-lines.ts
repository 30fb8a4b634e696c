import type { Order } from '@trx-shop/client';
import type { CartLine } from '../../../../shared/cart/cart-lines.js';

/**
 * The cart that orders the same again: one line per product in the order's order, the quantities
 * of lines of one product in several colours summed (the cart holds no colour).
 */
export const cartLinesOfOrder = (order: Pick<Order, 'products'>): readonly CartLine[] => {
  const quantities = new Map<string, number>();
  for (const line of order.products) {
    quantities.set(line.productId, (quantities.get(line.productId) ?? 0) + line.quantity);
  }
  return [...quantities].map(([productId, quantity]) => ({ productId, quantity }));
};
