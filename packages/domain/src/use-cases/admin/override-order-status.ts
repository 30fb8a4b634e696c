import { orderEvents } from '../../events/order-events.js';
import { codesOf, type DomainError, domainError } from '../../errors/domain-error.js';
import type { Order } from '../../orders/order.js';
import { hasRefundInFlight } from '../../orders/order-refunds.js';
import { ORDER_STATUSES, type OrderTransitionError, transitionOrder } from '../../orders/order-status.js';
import type { OrderStore } from '../../ports/order-store.port.js';
import type { Clock } from '../../ports/runtime.port.js';
import { err, type Result } from '../../shared/result.js';
import type { PaymentDeps } from '../payments/payment-deps.js';
import { releaseOrderStockIfDone } from '../payments/stock-reservations.js';

const hasLivePayment = (order: Order | null): boolean =>
  order?.payment?.state === 'pending' || order?.payment?.state === 'confirmed';

/** A payment or refund claimed and not yet settled: its confirmation must find the order as it left it. */
const transferInFlight = (
  order: Order | null,
): DomainError<'PAYMENT_IN_PROGRESS' | 'REFUND_IN_PROGRESS'> | null => {
  if (order?.payment?.state === 'pending') {
    return domainError(
      'PAYMENT_IN_PROGRESS',
      'A payment for this order is in flight; it cannot be marked refunded until the payment settles',
    );
  }
  if (order && hasRefundInFlight(order)) {
    return domainError(
      'REFUND_IN_PROGRESS',
      'A refund for this order is in flight; its confirmation marks the order refunded',
    );
  }
  return null;
};

const orderHasPayment = (): DomainError<'ORDER_HAS_PAYMENT'> =>
  domainError(
    'ORDER_HAS_PAYMENT',
    'This order has a payment that is claimed, pending or confirmed; it cannot be made pending again',
  );

export type OverrideOrderStatusError =
  | OrderTransitionError<'admin-override'>
  | DomainError<
      | 'ORDER_NOT_FOUND'
      | 'ORDER_HAS_PAYMENT'
      | 'PAYMENT_IN_PROGRESS'
      | 'REFUND_IN_PROGRESS'
      | 'PENDING_ORDER_EXISTS'
    >;
export const OVERRIDE_ORDER_STATUS_ERRORS = codesOf<OverrideOrderStatusError>()([
  'INVALID_STATUS',
  'ORDER_NOT_FOUND',
  'ORDER_HAS_PAYMENT',
  'PAYMENT_IN_PROGRESS',
  'REFUND_IN_PROGRESS',
  'PENDING_ORDER_EXISTS',
]);

/**
 * An admin sets pending, completed or refunded from any state. Only status, updatedAt and (if
 * given) transactionHash change: no stock moves and no transfer is made. Amended: back to
 * `pending` only while the order has no payment claimed, pending or confirmed (409
 * ORDER_HAS_PAYMENT), so no override leaves the customer with an order that can be neither paid
 * nor cancelled; to `refunded` only while no payment or refund is in flight (409
 * PAYMENT_IN_PROGRESS / REFUND_IN_PROGRESS): a payment confirming after it would land with the
 * merchant on an order no refund can reach, and a refund confirming after it would find the
 * order refunded and bring no stock back. The store checks both in the same guarded write.
 */
export const overrideOrderStatus = async (
  deps: { readonly orders: OrderStore; readonly clock: Clock } & Pick<PaymentDeps, 'store' | 'ids' | 'actor'>,
  orderId: string,
  requested: { readonly status: unknown; readonly transactionHash?: string },
): Promise<Result<Order, OverrideOrderStatusError>> => {
  const order = await deps.orders.findById(orderId);
  const next = transitionOrder(order?.status ?? 'pending', {
    type: 'admin-override',
    status: requested.status,
  });
  if (!next.ok) return next;
  if (!order) return err(domainError('ORDER_NOT_FOUND', 'Order not found'));
  const toPending = next.value === 'pending';
  const toRefunded = next.value === 'refunded';
  if (toPending && hasLivePayment(order)) return err(orderHasPayment());
  const inFlight = toRefunded ? transferInFlight(order) : null;
  if (inFlight) return err(inFlight);
  const changed = await deps.orders.changeStatus(orderId, {
    from: ORDER_STATUSES,
    to: next.value,
    ...(toPending ? { requireNoLivePayment: true } : {}),
    ...(toRefunded ? { requireNoTransferInFlight: true } : {}),
    ...(requested.transactionHash === undefined ? {} : { transactionHash: requested.transactionHash }),
    events: [
      orderEvents(deps.ids, deps.clock.now(), deps.actor).statusOverridden(
        order,
        order.status,
        next.value,
        requested.transactionHash ?? null,
      ),
    ],
    at: deps.clock.now(),
  });
  if (changed.ok) {
    // An order moved away from pending no longer needs the stock its payment held (that payment,
    // if it confirms, completes nothing and takes no stock).
    await releaseOrderStockIfDone(deps, orderId);
    return changed;
  }
  if (changed.error === 'PENDING_ORDER_EXISTS') {
    const pending = await deps.orders.findPendingByUser(order.userId);
    return err(
      domainError('PENDING_ORDER_EXISTS', 'The customer already has another pending order', {
        ...(pending ? { pendingOrderId: pending.id } : {}),
      }),
    );
  }
  // The guarded write lost. Every status is allowed, so only a vanished order or, back to
  // pending, a payment claimed since the read above can make it lose: re-read to tell which. A
  // payment that failed again since then was still live when the write was refused.
  const current = await deps.orders.findById(orderId);
  if (current && toPending && (changed.error === 'STATUS_MISMATCH' || hasLivePayment(current))) {
    return err(orderHasPayment());
  }
  const claimedSince = current && toRefunded ? transferInFlight(current) : null;
  if (claimedSince) return err(claimedSince);
  return err(domainError('ORDER_NOT_FOUND', 'Order not found'));
};
