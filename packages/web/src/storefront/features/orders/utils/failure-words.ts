import type { Transaction } from '@trx-shop/client';

export type FailureReason = NonNullable<Transaction['failureReason']>;

/** Why a payment failed (docs/api.md, "Why a transfer failed"), from the shopper's side. */
export const FAILURE_REASON_WORDS: Readonly<Record<FailureReason, string>> = {
  INSUFFICIENT_BALANCE:
    'your wallet could not cover the amount and the network fee when the payment was sent',
  EXPIRED: 'the payment expired before the network included it in a block',
  FAILED_ON_CHAIN: 'the network included the payment but it failed there, moving nothing',
  BROADCAST_REJECTED: 'the network rejected the payment',
};
