import type { EventPayload, ShopEventType } from './shop-event.js';

export interface TransferEventData {
  /** The order's `_id`; null for withdrawals. */
  readonly orderId: string | null;
  readonly txHash: string;
  readonly message: string;
  /** ISO 8601. */
  readonly timestamp: string;
}

/** A deposit recorded by the scanner (docs/api.md, "Deposits"). */
export interface DepositEventData {
  /** The deposit's transaction `_id`. */
  readonly transactionId: string;
  readonly txHash: string;
  /** TRX, at most 6 decimals. */
  readonly amount: number;
  /** The sending address (base58). */
  readonly from: string;
  readonly blockNumber: number;
}

export type ServiceEvent =
  | { readonly event: 'transaction:confirmed'; readonly data: TransferEventData }
  | { readonly event: 'transaction:failed'; readonly data: TransferEventData }
  | { readonly event: 'order:refunded'; readonly data: TransferEventData }
  | { readonly event: 'wallet:deposit'; readonly data: DepositEventData };

/** A logged event's frame for one user's room (docs/api.md, "Real-time events"). */
export interface DeliveredFrame {
  readonly userId: string;
  readonly frame: ServiceEvent;
  /** The logged event's id: the frame's `id`, and where a reconnecting client resumes. */
  readonly eventId: string;
  /** Its place in the log: a room never receives a sequence twice or out of order. */
  readonly sequence: number;
}

/** The types the admin room carries (`reachesAdminRoom`): what an admin watching the shop acts on. */
export type AdminRoomEventType = Extract<
  ShopEventType,
  | `order.${string}`
  | `payment.${string}`
  | `refund.${string}`
  | `deposit.${string}`
  | `withdrawal.${string}`
  | 'webhook.disabled'
>;

/** A logged event as the admin room shows it: its type as the frame's name, its webhook data. */
export interface AdminFrame {
  readonly event: AdminRoomEventType;
  readonly data: EventPayload;
}

/** A logged event's frame for the admin room (docs/api.md, "Real-time events"). */
export interface DeliveredAdminFrame {
  readonly frame: AdminFrame;
  readonly eventId: string;
  readonly sequence: number;
}

/**
 * Real-time frames to the rooms of the sockets connected to this instance: `user:<userId>`, and
 * `admin` for admins. Every instance is fed from the event log, so a client receives its events
 * whichever instance caused them. Delivery to an open socket is best effort; a client that
 * reconnects resumes from the log.
 */
export interface Notifier {
  deliver(frame: DeliveredFrame): void;
  deliverToAdmins(frame: DeliveredAdminFrame): void;
}
