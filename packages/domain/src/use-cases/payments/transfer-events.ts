import type { ServiceEvent } from '../../ports/notifier.port.js';
import type { TransactionRecord } from '../../transactions/transaction.js';

/** The frames of a transfer (docs/api.md, "Real-time events"): their names and messages. */
export const TRANSFER_FRAMES = {
  purchaseConfirmed: {
    event: 'transaction:confirmed',
    message: 'Payment confirmed; your order is completed',
  },
  partialRefund: { event: 'transaction:confirmed', message: 'Partial refund confirmed' },
  refunded: { event: 'order:refunded', message: 'Refund confirmed; your order is refunded' },
} as const;

export const failedMessage = (reason: string): string => `Transaction failed: ${reason}`;

export type TransferFrameName = 'transaction:confirmed' | 'transaction:failed' | 'order:refunded';

export const transferFrame = (
  event: TransferFrameName,
  transfer: { readonly orderId: string | null; readonly txHash: string },
  message: string,
  at: Date,
): ServiceEvent => ({
  event,
  data: { orderId: transfer.orderId, txHash: transfer.txHash, message, timestamp: at.toISOString() },
});

const ofLine = (tx: TransactionRecord) => ({ orderId: tx.orderId, txHash: tx.transactionHash });

export const confirmedEvent = (tx: TransactionRecord, at: Date): ServiceEvent =>
  transferFrame(
    TRANSFER_FRAMES.purchaseConfirmed.event,
    ofLine(tx),
    TRANSFER_FRAMES.purchaseConfirmed.message,
    at,
  );

export const refundedEvent = (tx: TransactionRecord, at: Date): ServiceEvent =>
  transferFrame(TRANSFER_FRAMES.refunded.event, ofLine(tx), TRANSFER_FRAMES.refunded.message, at);

/** A refund that gives back part of the payment: the order stays completed. */
export const partialRefundEvent = (tx: TransactionRecord, at: Date): ServiceEvent =>
  transferFrame(TRANSFER_FRAMES.partialRefund.event, ofLine(tx), TRANSFER_FRAMES.partialRefund.message, at);

export const failedEvent = (tx: TransactionRecord, reason: string, at: Date): ServiceEvent =>
  transferFrame('transaction:failed', ofLine(tx), failedMessage(reason), at);
