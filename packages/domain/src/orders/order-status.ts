import { type DomainError, domainError } from '../errors/domain-error.js';
import { err, ok, type Result } from '../shared/result.js';

export const ORDER_STATUSES = ['pending', 'completed', 'refunded', 'failed', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** The statuses an admin may set by override (specification: pending, completed or refunded). */
export const OVERRIDE_STATUSES = ['pending', 'completed', 'refunded'] as const;
export type OverrideStatus = (typeof OVERRIDE_STATUSES)[number];

/** Where an order's transfer (its payment or its refund) stands. `none`: never claimed. */
export type TransferState = 'none' | 'pending' | 'confirmed' | 'failed';

export const isOrderStatus = (value: unknown): value is OrderStatus =>
  typeof value === 'string' && (ORDER_STATUSES as readonly string[]).includes(value);

export const isOverrideStatus = (value: unknown): value is OverrideStatus =>
  typeof value === 'string' && (OVERRIDE_STATUSES as readonly string[]).includes(value);

export type OrderEvent =
  /** The order's purchase transaction was confirmed on the solidified chain. */
  | { readonly type: 'purchase-confirmed' }
  /** The order's purchase transaction was rejected by the node or expired without inclusion. */
  | { readonly type: 'purchase-failed' }
  /** A refund transaction of the order was confirmed. */
  | { readonly type: 'refund-confirmed' }
  | { readonly type: 'admin-override'; readonly status: unknown }
  | { readonly type: 'owner-cancel'; readonly payment: TransferState };

const notPending = (): DomainError => domainError('ORDER_NOT_PENDING', 'Order is not pending');

/**
 * The order state machine (specification "Order status" plus docs/decisions.md sections 6-8).
 * Statuses change only through here; a refused event names why with its code.
 */
export const transitionOrder = (from: OrderStatus, event: OrderEvent): Result<OrderStatus, DomainError> => {
  switch (event.type) {
    case 'purchase-confirmed':
      return from === 'pending' ? ok('completed') : err(notPending());
    case 'purchase-failed':
      return from === 'pending' ? ok('failed') : err(notPending());
    case 'refund-confirmed':
      return from === 'refunded'
        ? err(domainError('ORDER_ALREADY_REFUNDED', 'Order already refunded'))
        : ok('refunded');
    case 'admin-override':
      return isOverrideStatus(event.status)
        ? ok(event.status)
        : err(domainError('INVALID_STATUS', 'Invalid status'));
    case 'owner-cancel':
      if (from !== 'pending') return err(notPending());
      if (event.payment === 'pending' || event.payment === 'confirmed') {
        return err(domainError('PAYMENT_IN_PROGRESS', 'A payment for this order is pending or confirmed'));
      }
      return ok('cancelled');
  }
};

/** Pay checks after ownership (docs/decisions.md section 7): pending, then no live payment. */
export const checkPayable = (status: OrderStatus, payment: TransferState): Result<void, DomainError> => {
  if (status !== 'pending') return err(notPending());
  if (payment === 'pending' || payment === 'confirmed') {
    return err(domainError('PAYMENT_IN_PROGRESS', 'A payment for this order is pending or confirmed'));
  }
  return ok(undefined);
};
