export interface TransferEventData {
  /** The order's `_id`; null for withdrawals. */
  readonly orderId: string | null;
  readonly txHash: string;
  readonly message: string;
  /** ISO 8601. */
  readonly timestamp: string;
}

export type ServiceEvent =
  | { readonly event: 'transaction:confirmed'; readonly data: TransferEventData }
  | { readonly event: 'transaction:failed'; readonly data: TransferEventData }
  | { readonly event: 'order:refunded'; readonly data: TransferEventData };

/** Real-time events to the room `user:<userId>`. Delivery is best effort. */
export interface Notifier {
  notifyUser(userId: string, event: ServiceEvent): void;
}
