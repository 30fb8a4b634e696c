import type { HistoryEntry } from './describe-event.js';

export type PaymentState =
  | { readonly status: 'none' }
  | { readonly status: 'pending' | 'failed'; readonly txHash: string | undefined; readonly at: string }
  | { readonly status: 'confirmed'; readonly txHash: string | undefined; readonly confirmedAt: string }
  | { readonly status: 'set-by-hand'; readonly txHash: string };

const PAYMENT_STATUS: Readonly<Record<string, 'pending' | 'confirmed' | 'failed'>> = {
  'payment.sent': 'pending',
  'payment.confirmed': 'confirmed',
  'payment.failed': 'failed',
};

/**
 * The order's payment as its history tells it (the order view carries only the txid): its
 * latest payment event, or the transaction hash an admin set by hand with no payment behind it.
 */
export const paymentOf = (transactionHash: string | null, history: readonly HistoryEntry[]): PaymentState => {
  const last = history.findLast((entry) => PAYMENT_STATUS[entry.type] !== undefined);
  const status = last && PAYMENT_STATUS[last.type];
  if (last && status) {
    const txHash = typeof last.data.txHash === 'string' ? last.data.txHash : (transactionHash ?? undefined);
    return status === 'confirmed'
      ? { status, txHash, confirmedAt: last.at }
      : { status, txHash, at: last.at };
  }
  return transactionHash ? { status: 'set-by-hand', txHash: transactionHash } : { status: 'none' };
};
