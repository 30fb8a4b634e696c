import { type DomainError, domainError } from '../errors/domain-error.js';
import { type Sun, sunToTrx } from '../money/sun.js';
import { err, ok, type Result } from '../shared/result.js';
import type { Order } from './order.js';

/** What arrived on chain for the order: its confirmed payment, or nothing. */
export const paidSun = (order: Order): Sun =>
  order.payment?.state === 'confirmed' ? order.payment.amountSun : 0;

/** What may still be refunded: the confirmed payment less every refund pending or confirmed. */
export const refundableSun = (order: Order): Sun => Math.max(0, paidSun(order) - order.refundClaimedSun);

export const hasRefundInFlight = (order: Order): boolean =>
  order.refunds.some((refund) => refund.state === 'pending');

/** Whether confirmed refunds have given back everything the order's payment brought. */
export const isFullyRefunded = (order: Order): boolean => {
  const paid = paidSun(order);
  return paid > 0 && order.refundedSun >= paid;
};

/**
 * The refund preconditions in the specification's order, then the amendments (docs/api.md,
 * "Refunds"): nothing paid, nothing refunded; a requested amount at most the remainder; no amount
 * means the whole remainder. Answers the amount to refund.
 */
export type RefundableError = DomainError<
  | 'ORDER_ALREADY_REFUNDED'
  | 'ORDER_NOT_COMPLETED'
  | 'NOTHING_TO_REFUND'
  | 'REFUND_IN_PROGRESS'
  | 'REFUND_EXCEEDS_PAID'
>;

export const checkRefundable = (order: Order, requestedSun?: Sun): Result<Sun, RefundableError> => {
  // Refunds that gave everything back block another even after an admin moved the order back to
  // completed: the money went back once, and an override must never make it go back twice.
  if (order.status === 'refunded' || isFullyRefunded(order)) {
    return err(domainError('ORDER_ALREADY_REFUNDED', 'Order already refunded'));
  }
  if (order.status !== 'completed') {
    return err(domainError('ORDER_NOT_COMPLETED', 'Only completed orders can be refunded'));
  }
  if (paidSun(order) === 0) {
    return err(
      domainError('NOTHING_TO_REFUND', 'Nothing was paid on chain for this order', { refundable: 0 }),
    );
  }
  const remainder = refundableSun(order);
  if (requestedSun === undefined) {
    return remainder > 0
      ? ok(remainder)
      : err(domainError('REFUND_IN_PROGRESS', 'Refunds awaiting confirmation hold the rest of the payment'));
  }
  if (requestedSun > remainder) {
    return err(
      domainError('REFUND_EXCEEDS_PAID', 'The amount exceeds what is left to refund on this order', {
        refundable: sunToTrx(remainder),
      }),
    );
  }
  return ok(requestedSun);
};
