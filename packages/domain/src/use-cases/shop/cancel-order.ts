import { orderEvents } from '../../events/order-events.js';
import { codesOf, type DomainError, domainError } from '../../errors/domain-error.js';
import type { Order } from '../../orders/order.js';
import { type OrderTransitionError, transitionOrder } from '../../orders/order-status.js';
import { err, ok, type Result } from '../../shared/result.js';
import type { PaymentDeps } from '../payments/payment-deps.js';
import { releaseOrderStockIfDone } from '../payments/stock-reservations.js';

export type CancelOrderError = DomainError<'ORDER_NOT_FOUND'> | OrderTransitionError<'owner-cancel'>;
export const CANCEL_ORDER_ERRORS = codesOf<CancelOrderError>()([
  'ORDER_NOT_FOUND',
  'ORDER_NOT_PENDING',
  'PAYMENT_IN_PROGRESS',
]);

/** The owner cancels a pending order that has no pending or confirmed payment. */
export const cancelOrder = async (
  deps: Pick<PaymentDeps, 'store' | 'clock' | 'ids'>,
  userId: string,
  orderId: string,
): Promise<Result<Order, CancelOrderError>> => {
  const order = await deps.store.orders.findById(orderId);
  // Another user's order answers as missing, so ids cannot be probed.
  if (!order || order.userId !== userId) return err(domainError('ORDER_NOT_FOUND', 'Order not found'));
  const next = transitionOrder(order.status, {
    type: 'owner-cancel',
    payment: order.payment?.state ?? 'none',
  });
  if (!next.ok) return next;
  const changed = await deps.store.orders.changeStatus(orderId, {
    from: ['pending'],
    to: next.value,
    requireNoLivePayment: true,
    events: [orderEvents(deps.ids, deps.clock.now()).cancelled(order)],
    at: deps.clock.now(),
  });
  if (changed.ok) {
    await releaseOrderStockIfDone(deps, orderId);
    return ok(changed.value);
  }
  // Something changed since the read: say what, from the order as it is now.
  const current = await deps.store.orders.findById(orderId);
  const again = transitionOrder(current?.status ?? 'cancelled', {
    type: 'owner-cancel',
    payment: current?.payment?.state ?? 'none',
  });
  return err(
    again.ok
      ? domainError('PAYMENT_IN_PROGRESS', 'A payment for this order is pending or confirmed')
      : again.error,
  );
};
