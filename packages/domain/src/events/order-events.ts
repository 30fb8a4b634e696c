import { formatSunAsTrx } from '../money/sun.js';
import type { Order, OrderRefund, TransferClaim } from '../orders/order.js';
import type { OrderStatus } from '../orders/order-status.js';
import type { IdGenerator } from '../ports/runtime.port.js';
import { newEvent, type TransferFacts, transferPayload } from './event-parts.js';
import type { EventActor, EventPayload, ShopEvent, ShopEventType } from '../ports/shop-event.js';

/** What an order's events need to know of it: the state change's order may be a draft (no number yet). */
type OrderRef = Pick<Order, 'id' | 'userId'>;

const orderEventBuilders = (
  at: Date,
  orderEvent: (type: ShopEventType, order: OrderRef, at: Date, payload: EventPayload) => ShopEvent,
) => ({
  created: (order: Omit<Order, 'number'>) =>
    orderEvent('order.created', order, at, {
      total: formatSunAsTrx(order.totalSun),
      lines: order.lines.map((line) => ({
        productId: line.productId,
        quantity: line.quantity,
        price: formatSunAsTrx(line.priceSun),
      })),
      walletAddress: order.walletAddress,
    }),
  cancelled: (order: OrderRef) => orderEvent('order.cancelled', order, at, { by: 'owner' }),
  statusOverridden: (order: OrderRef, from: OrderStatus, to: OrderStatus, transactionHash: string | null) =>
    orderEvent('order.status_overridden', order, at, { from, to, transactionHash }),
  paymentSent: (order: OrderRef, claim: TransferClaim) =>
    orderEvent('payment.sent', order, at, transferPayload(claim)),
  paymentConfirmed: (order: OrderRef, claim: TransferFacts) =>
    orderEvent('payment.confirmed', order, at, transferPayload(claim)),
  paymentFailed: (order: OrderRef, claim: TransferFacts, reason: string) =>
    orderEvent('payment.failed', order, at, { ...transferPayload(claim), reason }),
  completed: (order: OrderRef, payment: Pick<TransferClaim, 'txId' | 'amountSun'>) =>
    orderEvent('order.completed', order, at, {
      paid: formatSunAsTrx(payment.amountSun),
      txHash: payment.txId,
    }),
  refundSent: (order: OrderRef, refund: OrderRefund) =>
    orderEvent('refund.sent', order, at, { ...transferPayload(refund), reason: refund.reason }),
  /** `partial`: the order's payment is not all given back with this refund. */
  refundConfirmed: (order: OrderRef, claim: TransferFacts, partial: boolean) =>
    orderEvent('refund.confirmed', order, at, { ...transferPayload(claim), partial }),
  refundFailed: (order: OrderRef, claim: TransferFacts, reason: string) =>
    orderEvent('refund.failed', order, at, { ...transferPayload(claim), reason }),
  /** `txHash`: the refund that gave back the rest. */
  refunded: (order: Pick<Order, 'id' | 'userId' | 'refundedSun'>, txHash: string) =>
    orderEvent('order.refunded', order, at, {
      refundedAmount: formatSunAsTrx(order.refundedSun),
      txHash,
    }),
});

/**
 * The payloads of an order's events (docs/api.md, "Events"): money as exact TRX text. Each
 * builder answers the event a state change writes into the order's outbox with that change;
 * `actor` is the admin (or command) behind it, null for the service's own and customers' changes.
 */
export const orderEvents = (ids: IdGenerator, at: Date, actor: EventActor | null = null) => {
  const orderEvent = (type: ShopEventType, order: OrderRef, eventAt: Date, payload: EventPayload) =>
    newEvent(ids, type, eventAt, { userId: order.userId, orderId: order.id }, payload, actor);
  return orderEventBuilders(at, orderEvent);
};
