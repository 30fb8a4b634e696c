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

/** Real-time events to the room `user:<userId>`. Delivery is best effort. */
export interface Notifier {
  notifyUser(userId: string, event: ServiceEvent): void;
}
