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

const notPending = (): DomainError<'ORDER_NOT_PENDING'> =>
  domainError('ORDER_NOT_PENDING', 'Order is not pending');

/** The codes the state machine refuses each event with. */
interface TransitionRefusals {
  'purchase-confirmed': 'ORDER_NOT_PENDING';
  'purchase-failed': 'ORDER_NOT_PENDING';
  'refund-confirmed': 'ORDER_ALREADY_REFUNDED';
  'admin-override': 'INVALID_STATUS';
  'owner-cancel': 'ORDER_NOT_PENDING' | 'PAYMENT_IN_PROGRESS';
}
type OrderEventType = OrderEvent['type'];

/** Why the order state machine refuses an event of the given types (any type by default). */
export type OrderTransitionError<T extends OrderEventType = OrderEventType> = DomainError<
  TransitionRefusals[T]
>;

type Transition<T extends OrderEventType> = (
  from: OrderStatus,
  event: Extract<OrderEvent, { readonly type: T }>,
) => Result<OrderStatus, OrderTransitionError<T>>;

const TRANSITIONS: { readonly [T in OrderEventType]: Transition<T> } = {
  'purchase-confirmed': (from) => (from === 'pending' ? ok('completed') : err(notPending())),
  'purchase-failed': (from) => (from === 'pending' ? ok('failed') : err(notPending())),
  'refund-confirmed': (from) =>
    from === 'refunded'
      ? err(domainError('ORDER_ALREADY_REFUNDED', 'Order already refunded'))
      : ok('refunded'),
  'admin-override': (_from, event) =>
    isOverrideStatus(event.status) ? ok(event.status) : err(domainError('INVALID_STATUS', 'Invalid status')),
  'owner-cancel': (from, event) => {
    if (from !== 'pending') return err(notPending());
    if (event.payment === 'pending' || event.payment === 'confirmed') {
      return err(domainError('PAYMENT_IN_PROGRESS', 'A payment for this order is pending or confirmed'));
    }
    return ok('cancelled');
  },
};

/**
 * The order state machine (specification "Order status" plus docs/decisions.md sections 6-8).
 * Statuses change only through here; a refused event names why with its code.
 */
export const transitionOrder = <E extends OrderEvent>(
  from: OrderStatus,
  event: E,
): Result<OrderStatus, OrderTransitionError<E['type']>> =>
  // The table's entry for the event's type takes that event; TypeScript cannot pair the two itself.
  (TRANSITIONS[event.type] as Transition<E['type']>)(from, event as never);

export type PayableError = DomainError<'ORDER_NOT_PENDING' | 'PAYMENT_IN_PROGRESS'>;

/** Pay checks after ownership (docs/decisions.md section 7): pending, then no live payment. */
export const checkPayable = (status: OrderStatus, payment: TransferState): Result<void, PayableError> => {
  if (status !== 'pending') return err(notPending());
  if (payment === 'pending' || payment === 'confirmed') {
    return err(domainError('PAYMENT_IN_PROGRESS', 'A payment for this order is pending or confirmed'));
  }
  return ok(undefined);
};
