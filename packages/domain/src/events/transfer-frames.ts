import { PAYMENT_FAILURE_TEXT, paymentFailureReasonOf } from '../transactions/payment-failure.js';
import type { ServiceEvent } from '../ports/notifier.port.js';

/** The frames of a transfer (docs/api.md, "Real-time events"): their names and messages. */
export const TRANSFER_FRAMES = {
  purchaseConfirmed: {
    event: 'transaction:confirmed',
    message: 'Payment confirmed; your order is completed',
  },
  partialRefund: { event: 'transaction:confirmed', message: 'Partial refund confirmed' },
  refunded: { event: 'order:refunded', message: 'Refund confirmed; your order is refunded' },
  withdrawalConfirmed: { event: 'transaction:confirmed', message: 'Withdrawal confirmed' },
} as const;

/** A failure's frame message: the stored reason in words, never the node's own text. */
export const failedMessage = (reason: string): string =>
  `Transaction failed: ${PAYMENT_FAILURE_TEXT[paymentFailureReasonOf(reason)]}`;

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
