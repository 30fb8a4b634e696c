import type { EventPayload, EventPayloadValue, LoggedEvent } from '../ports/shop-event.js';

export const AUDIT_TARGET_TYPES = [
  'order',
  'customer',
  'product',
  'webhook',
  'api-key',
  'admin',
  'service',
] as const;

/** What an audit entry acted on. */
export interface AuditTarget {
  readonly type: (typeof AUDIT_TARGET_TYPES)[number];
  readonly id: string | null;
}

/** What an admin action (or a command) changed, as the audit trail shows it. */
export interface AuditChanges {
  readonly target: AuditTarget;
  /** The state before, where the action replaced one; null when it created or sent something. */
  readonly before: EventPayload | null;
  readonly after: EventPayload | null;
}

const text = (value: EventPayloadValue | undefined): string | null =>
  typeof value === 'string' ? value : null;

const targetOf = ({
  type,
  subjects,
  payload,
}: Pick<LoggedEvent, 'type' | 'subjects' | 'payload'>): AuditTarget => {
  // An API key is no subject of the log: its events name it in their payload.
  if (type === 'api_key.created' || type === 'api_key.revoked')
    return { type: 'api-key', id: text(payload.apiKeyId) };
  if (type === 'admin.created') return { type: 'admin', id: subjects.userId };
  if (type === 'customers.exported') return { type: 'customer', id: null };
  if (subjects.webhookId) return { type: 'webhook', id: subjects.webhookId };
  if (subjects.orderId) return { type: 'order', id: subjects.orderId };
  if (subjects.productId) return { type: 'product', id: subjects.productId };
  if (subjects.userId) return { type: 'customer', id: subjects.userId };
  return { type: 'service', id: null };
};

const isPayload = (value: EventPayloadValue | undefined): value is EventPayload =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A payload that carries its prior values under `before` (updates): split into the two states. */
const splitBefore = (payload: EventPayload): Pick<AuditChanges, 'before' | 'after'> => {
  const { before, ...after } = payload;
  return { before: isPayload(before) ? before : null, after };
};

/**
 * The before and after of an audited event, from its payload (docs/api.md, "Audit trail"): each
 * admin action's event says what it changed in its own terms; this reads them the same way.
 */
export const auditChangesOf = (event: Pick<LoggedEvent, 'type' | 'subjects' | 'payload'>): AuditChanges => {
  const target = targetOf(event);
  const { payload } = event;
  switch (event.type) {
    case 'order.status_overridden':
      return {
        target,
        before: { status: payload.from ?? null },
        after: { status: payload.to ?? null, transactionHash: payload.transactionHash ?? null },
      };
    case 'customer.blocked':
    case 'customer.unblocked':
      return {
        target,
        before: { isActive: event.type !== 'customer.unblocked' },
        after: { isActive: event.type === 'customer.unblocked' },
      };
    case 'product.updated':
    case 'product.archived':
    case 'webhook.updated':
      return { target, ...splitBefore(payload) };
    case 'webhook.deleted':
      return { target, before: payload, after: null };
    case 'api_key.revoked': {
      const { apiKeyId: _id, ...after } = payload;
      return { target, before: { revokedAt: null }, after };
    }
    default:
      return { target, before: null, after: payload };
  }
};
