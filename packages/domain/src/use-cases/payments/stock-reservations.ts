import { type DomainError, domainError } from '../../errors/domain-error.js';
import type { Order } from '../../orders/order.js';
import { err, ok, type Result } from '../../shared/result.js';
import type { PaymentDeps } from './payment-deps.js';
import { stockReservationKey } from './reservation-keys.js';

type StockDeps = Pick<PaymentDeps, 'store' | 'clock'>;

/**
 * Holds every line's units for the order's payment, each line with one guarded write. A line that
 * cannot be held answers INSUFFICIENT_STOCK and gives back the lines held before it: half an
 * order's stock held for a payment that cannot be made would only keep other buyers out.
 */
export type StockReservationError = DomainError<'INSUFFICIENT_STOCK'>;

export const reserveOrderStock = async (
  deps: StockDeps,
  order: Order,
): Promise<Result<void, StockReservationError>> => {
  const { products } = deps.store;
  const reservedAt = deps.clock.now();
  for (const [index, line] of order.lines.entries()) {
    const key = stockReservationKey(order.id, index);
    const held = await products.reserveStock({
      productId: line.productId,
      key,
      quantity: line.quantity,
      reservedAt,
    });
    if (!held) {
      for (const [earlier, earlierLine] of order.lines.slice(0, index).entries()) {
        await products.releaseStock(earlierLine.productId, stockReservationKey(order.id, earlier));
      }
      return err(domainError('INSUFFICIENT_STOCK', `Insufficient stock for ${line.name}`));
    }
  }
  return ok(undefined);
};

/**
 * Whether the order still needs its stock held: its payment is in flight on a pending order, or
 * its confirmation is turning the reservation into the stock reduction right now.
 */
export const orderNeedsStock = (order: Order | null): boolean => {
  if (!order) return false;
  if (order.purchaseEffect === 'applying') return true;
  const payment = order.payment?.state;
  return order.status === 'pending' && (payment === 'pending' || payment === 'confirmed');
};

/** Gives back every line's reservation once the order no longer needs it (idempotent). */
export const releaseOrderStockIfDone = async (
  deps: Pick<PaymentDeps, 'store'>,
  orderId: string,
): Promise<void> => {
  const order = await deps.store.orders.findById(orderId);
  if (!order || orderNeedsStock(order)) return;
  for (const [index, line] of order.lines.entries()) {
    await deps.store.products.releaseStock(line.productId, stockReservationKey(order.id, index));
  }
};
