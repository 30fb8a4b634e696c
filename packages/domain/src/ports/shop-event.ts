/**
 * The business events the service records in its event log (docs/api.md, "Events"): what
 * happened, once per fact, in the order it was logged. Webhooks, real-time frames across
 * instances and order timelines are all read from this log.
 */
const BUSINESS_EVENT_TYPES = [
  'order.created',
  'order.cancelled',
  'order.status_overridden',
  'payment.sent',
  'payment.confirmed',
  'payment.failed',
  'order.completed',
  'refund.sent',
  'refund.confirmed',
  'refund.failed',
  'order.refunded',
  'deposit.received',
  'fee.recorded',
  'withdrawal.sent',
  'withdrawal.confirmed',
  'withdrawal.failed',
  'customer.blocked',
  'customer.unblocked',
  'product.created',
  'product.updated',
  'product.archived',
] as const;

/**
 * The administration's own events (admin actions on webhook endpoints and API keys, exports,
 * reconciliation runs, commands run on the server, the service disabling an endpoint that kept
 * failing or seeing the merchant wallet's balance cross MERCHANT_LOW_BALANCE_TRX, and changes to
 * an account's security): those with an actor are the audit trail; sent only to webhook endpoints
 * that name them.
 */
export const ADMINISTRATION_EVENT_TYPES = [
  'webhook.created',
  'webhook.updated',
  'webhook.deleted',
  'webhook.secret_rotated',
  'webhook.pinged',
  'webhook.redelivered',
  'webhook.disabled',
  'keys.rotated',
  'api_key.created',
  'api_key.revoked',
  'admin.created',
  'customers.exported',
  'reconciliation.completed',
  'reconciliation.failed',
  'user.two_factor_enabled',
  'user.two_factor_disabled',
  'user.password_changed',
  'user.signed_in_new_device',
  'user.password_reset',
  'mail.test_requested',
  'mail.retried',
  'merchant.balance_low',
  'merchant.balance_recovered',
] as const;

export const SHOP_EVENT_TYPES = [...BUSINESS_EVENT_TYPES, ...ADMINISTRATION_EVENT_TYPES] as const;
export type ShopEventType = (typeof SHOP_EVENT_TYPES)[number];

export type EventPayloadValue =
  | string
  | number
  | boolean
  | null
  | readonly EventPayloadValue[]
  | EventPayload;
export interface EventPayload {
  readonly [field: string]: EventPayloadValue;
}

/** The records an event concerns (null where it concerns none of that kind). */
export interface EventSubjects {
  readonly userId: string | null;
  readonly orderId: string | null;
  readonly transactionId: string | null;
  readonly productId: string | null;
  readonly webhookId: string | null;
}

/**
 * Who caused an event when a person or an operator did (the audit trail, docs/api.md, "Audit
 * trail"); events the service causes itself (a confirmation, a deposit) and customers' own
 * actions have none.
 */
export interface EventActor {
  /** `admin`: a signed-in admin; `cli`: a command run on the server. */
  readonly kind: 'admin' | 'cli';
  /** The admin's user id; null for a command. */
  readonly id: string | null;
  /** The session the admin acted from; null for a command. */
  readonly sessionId: string | null;
  /** The admin's email at the time, or the command's name. */
  readonly label: string;
  /**
   * Where from: the request's client address for an admin, `<OS user>@<host>` for a command;
   * null on entries logged before addresses were recorded.
   */
  readonly address: string | null;
}

/** An event as its state change wrote it (in the changed record's outbox), before the log has it. */
export interface ShopEvent {
  /** Unique: the relay moves an event to the log once by this id, however often it runs. */
  readonly id: string;
  readonly type: ShopEventType;
  readonly occurredAt: Date;
  readonly subjects: EventSubjects;
  /** JSON-safe; money as exact TRX decimal text (`"12.5"`), never a float. */
  readonly payload: EventPayload;
  /** Who did it, for admin actions and commands; null otherwise. */
  readonly actor: EventActor | null;
}

/** An event in the log: its place (`sequence`, increasing, with possible holes) and when it got there. */
export interface LoggedEvent extends ShopEvent {
  readonly sequence: number;
  readonly loggedAt: Date;
}

export const NO_SUBJECTS: EventSubjects = {
  userId: null,
  orderId: null,
  transactionId: null,
  productId: null,
  webhookId: null,
};
