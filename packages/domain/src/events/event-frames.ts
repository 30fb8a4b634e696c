import type { AdminFrame, AdminRoomEventType, ServiceEvent } from '../ports/notifier.port.js';
import { failedMessage, TRANSFER_FRAMES, transferFrame, type TransferFrameName } from './transfer-frames.js';
import {
  type EventPayload,
  SHOP_EVENT_TYPES,
  type ShopEvent,
  type ShopEventType,
} from '../ports/shop-event.js';

/** A real-time frame for one user's room, projected from a logged event. */
export interface EventFrame {
  readonly userId: string;
  readonly frame: ServiceEvent;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** A transfer frame of the event's order and transfer, at the event's time. */
const frameOf = (event: ShopEvent, frame: { readonly event: TransferFrameName; readonly message: string }) =>
  transferFrame(
    frame.event,
    { orderId: event.subjects.orderId, txHash: text(event.payload.txHash) },
    frame.message,
    event.occurredAt,
  );

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
        return frameOf(event, TRANSFER_FRAMES.purchaseConfirmed);
      case 'refund.confirmed':
        return event.payload.partial === true ? frameOf(event, TRANSFER_FRAMES.partialRefund) : null;
      case 'order.refunded':
        return frameOf(event, TRANSFER_FRAMES.refunded);
      case 'withdrawal.confirmed':
        return frameOf(event, TRANSFER_FRAMES.withdrawalConfirmed);
      case 'payment.failed':
      case 'refund.failed':
      case 'withdrawal.failed':
        return frameOf(event, {
          event: 'transaction:failed',
          message: failedMessage(text(event.payload.reason)),
        });
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

/**
 * What a webhook delivery and an admin frame carry as an event's `data` (docs/api.md, "Webhooks"):
 * the ids it concerns, then its payload.
 */
export const eventDataOf = (event: Pick<ShopEvent, 'subjects' | 'payload'>): EventPayload => {
  const ids = Object.fromEntries(Object.entries(event.subjects).filter(([, id]) => id !== null));
  return { ...ids, ...event.payload };
};

const ADMIN_ROOM_FAMILIES = ['order.', 'payment.', 'refund.', 'deposit.', 'withdrawal.'];

/** Whether an event of this type reaches the admin room (docs/api.md, "Real-time events"). */
export const reachesAdminRoom = (type: ShopEventType): type is AdminRoomEventType =>
  type === 'webhook.disabled' || ADMIN_ROOM_FAMILIES.some((family) => type.startsWith(family));

export const ADMIN_ROOM_EVENT_TYPES: readonly AdminRoomEventType[] =
  SHOP_EVENT_TYPES.filter(reachesAdminRoom);

/** The admin room's frame of an event; null for events the room does not carry. */
export const adminFrameOf = (event: ShopEvent): AdminFrame | null =>
  reachesAdminRoom(event.type) ? { event: event.type, data: eventDataOf(event) } : null;
