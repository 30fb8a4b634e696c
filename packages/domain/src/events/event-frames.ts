import type { ServiceEvent } from '../ports/notifier.port.js';
import type { ShopEvent } from './shop-event.js';

/** A real-time frame for one user's room, projected from a logged event. */
export interface EventFrame {
  readonly userId: string;
  readonly frame: ServiceEvent;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

const transferFrame = (
  name: 'transaction:confirmed' | 'transaction:failed' | 'order:refunded',
  event: ShopEvent,
  message: string,
): ServiceEvent => ({
  event: name,
  data: {
    orderId: event.subjects.orderId,
    txHash: text(event.payload.txHash),
    message,
    timestamp: event.occurredAt.toISOString(),
  },
});

/**
 * The frame a logged event means for its user (docs/api.md, "Real-time events"): today's names
 * and payloads, so clients keep working when frames come from the log; null for events no client
 * frame stands for (they reach webhooks and timelines).
 */
export const frameOfEvent = (event: ShopEvent): EventFrame | null => {
  const userId = event.subjects.userId;
  if (userId === null) return null;
  const frame = (): ServiceEvent | null => {
    switch (event.type) {
      case 'order.completed':
        return transferFrame('transaction:confirmed', event, 'Payment confirmed; your order is completed');
      case 'refund.confirmed':
        return event.payload.partial === true
          ? transferFrame('transaction:confirmed', event, 'Partial refund confirmed')
          : null;
      case 'order.refunded':
        return transferFrame('order:refunded', event, 'Refund confirmed; your order is refunded');
      case 'payment.failed':
      case 'refund.failed':
      case 'withdrawal.failed':
        return transferFrame(
          'transaction:failed',
          event,
          `Transaction failed: ${text(event.payload.reason)}`,
        );
      case 'deposit.received':
        return {
          event: 'wallet:deposit',
          data: {
            transactionId: event.subjects.transactionId ?? '',
            txHash: text(event.payload.txHash),
            amount: Number(text(event.payload.amount)),
            from: text(event.payload.from),
            blockNumber: typeof event.payload.blockNumber === 'number' ? event.payload.blockNumber : 0,
          },
        };
      default:
        return null;
    }
  };
  const projected = frame();
  return projected === null ? null : { userId, frame: projected };
};
