/**
 * Why a transfer the service sent failed, in stable codes a client can act on: the `reason` of
 * PAYMENT_FAILED, a failed transaction's `failureReason` and the `*.failed` events' `reason`
 * (docs/api.md). The node's own words go to the log only.
 */
export const PAYMENT_FAILURE_REASONS = [
  'INSUFFICIENT_BALANCE',
  'EXPIRED',
  'FAILED_ON_CHAIN',
  'BROADCAST_REJECTED',
] as const;

export type PaymentFailureReason = (typeof PAYMENT_FAILURE_REASONS)[number];

/** Each reason in words, for people (the `transaction:failed` frame's message, the API's text). */
export const PAYMENT_FAILURE_TEXT: Readonly<Record<PaymentFailureReason, string>> = {
  INSUFFICIENT_BALANCE: 'the sending wallet cannot cover the amount and the network fee',
  EXPIRED: 'the transaction expired before it was included in a block',
  FAILED_ON_CHAIN: 'the transfer failed on chain',
  BROADCAST_REJECTED: 'the network rejected the transfer',
};

/**
 * The reason a stored failure stands for. Failures stored before reasons had codes hold a text:
 * the service's own words (the texts above) or the node's, which only a rejection carried.
 */
export const paymentFailureReasonOf = (stored: string | null): PaymentFailureReason =>
  PAYMENT_FAILURE_REASONS.find((reason) => reason === stored || PAYMENT_FAILURE_TEXT[reason] === stored) ??
  'BROADCAST_REJECTED';
