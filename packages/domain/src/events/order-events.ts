import { formatSunAsTrx } from '../money/sun.js';
import type { Order, OrderRefund, TransferClaim } from '../orders/order.js';
import type { OrderStatus } from '../orders/order-status.js';
import type { IdGenerator } from '../ports/runtime.port.js';
import { newEvent, type TransferFacts, transferPayload } from './event-parts.js';
import type { EventPayload, ShopEventType } from './shop-event.js';

/** What an order's events need to know of it: the state change's order may be a draft (no number yet). */
type OrderRef = Pick<Order, 'id' | 'userId'>;

const orderEvent = (
  ids: IdGenerator,
  type: ShopEventType,
  order: OrderRef,
  at: Date,
  payload: EventPayload,
) => newEvent(ids, type, at, { userId: order.userId, orderId: order.id }, payload);

/*
 * The payloads of an order's events (docs/api.md, "Events"): money as exact TRX text. Each
 * builder answers the event a state change writes into the order's outbox with that change.
 */
export const orderEvents = (ids: IdGenerator, at: Date) => ({
  created: (order: Omit<Order, 'number'>) =>
    orderEvent(ids, 'order.created', order, at, {
      total: formatSunAsTrx(order.totalSun),
      lines: order.lines.map((line) => ({
        productId: line.productId,
        quantity: line.quantity,
        price: formatSunAsTrx(line.priceSun),
      })),
      walletAddress: order.walletAddress,
    }),
  cancelled: (order: OrderRef) => orderEvent(ids, 'order.cancelled', order, at, { by: 'owner' }),
  statusOverridden: (order: OrderRef, from: OrderStatus, to: OrderStatus, transactionHash: string | null) =>
    orderEvent(ids, 'order.status_overridden', order, at, { from, to, transactionHash }),
  paymentSent: (order: OrderRef, claim: TransferClaim) =>
    orderEvent(ids, 'payment.sent', order, at, transferPayload(claim)),
  paymentConfirmed: (order: OrderRef, claim: TransferFacts) =>
    orderEvent(ids, 'payment.confirmed', order, at, transferPayload(claim)),
  paymentFailed: (order: OrderRef, claim: TransferFacts, reason: string) =>
    orderEvent(ids, 'payment.failed', order, at, { ...transferPayload(claim), reason }),
  completed: (order: OrderRef, payment: Pick<TransferClaim, 'txId' | 'amountSun'>) =>
    orderEvent(ids, 'order.completed', order, at, {
      paid: formatSunAsTrx(payment.amountSun),
      txHash: payment.txId,
    }),
  refundSent: (order: OrderRef, refund: OrderRefund) =>
    orderEvent(ids, 'refund.sent', order, at, { ...transferPayload(refund), reason: refund.reason }),
  /** `partial`: the order's payment is not all given back with this refund. */
  refundConfirmed: (order: OrderRef, claim: TransferFacts, partial: boolean) =>
    orderEvent(ids, 'refund.confirmed', order, at, { ...transferPayload(claim), partial }),
  refundFailed: (order: OrderRef, claim: TransferFacts, reason: string) =>
    orderEvent(ids, 'refund.failed', order, at, { ...transferPayload(claim), reason }),
  /** `txHash`: the refund that gave back the rest. */
  refunded: (order: Pick<Order, 'id' | 'userId' | 'refundedSun'>, txHash: string) =>
    orderEvent(ids, 'order.refunded', order, at, {
      refundedAmount: formatSunAsTrx(order.refundedSun),
      txHash,
    }),
});
