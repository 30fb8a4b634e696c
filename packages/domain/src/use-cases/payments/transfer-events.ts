import type { ServiceEvent } from '../../ports/notifier.port.js';
import type { TransactionRecord } from '../../transactions/transaction.js';

const data = (tx: TransactionRecord, message: string, at: Date) => ({
  orderId: tx.orderId,
  txHash: tx.transactionHash,
  message,
  timestamp: at.toISOString(),
});

export const confirmedEvent = (tx: TransactionRecord, at: Date): ServiceEvent => ({
  event: 'transaction:confirmed',
  data: data(tx, 'Payment confirmed; your order is completed', at),
});

export const refundedEvent = (tx: TransactionRecord, at: Date): ServiceEvent => ({
  event: 'order:refunded',
  data: data(tx, 'Refund confirmed; your order is refunded', at),
});

/** A refund that gives back part of the payment: the order stays completed. */
export const partialRefundEvent = (tx: TransactionRecord, at: Date): ServiceEvent => ({
  event: 'transaction:confirmed',
  data: data(tx, 'Partial refund confirmed', at),
});

export const failedEvent = (tx: TransactionRecord, reason: string, at: Date): ServiceEvent => ({
  event: 'transaction:failed',
  data: data(tx, `Transaction failed: ${reason}`, at),
});
