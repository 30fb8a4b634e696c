import {
  type EventActor,
  type EventPayload,
  type LoggedEvent,
  SHOP_EVENT_TYPES,
  type ShopEvent,
  type ShopEventType,
} from '@trx-shop/domain';

/**
 * One row of `event_log`: the subjects spread over columns, the payload and the actor as JSON.
 * Rows logged before the audit trail existed have NULL in its columns: no actor, no webhook.
 */
export interface LoggedEventRow {
  id: string;
  sequence: number;
  type: string;
  occurred_at: number;
  logged_at: number;
  user_id: string | null;
  order_id: string | null;
  transaction_id: string | null;
  product_id: string | null;
  webhook_id: string | null;
  payload: string;
  actor: string | null;
  actor_id: string | null;
}

export const LOGGED_EVENT_COLUMN_LIST = [
  'id',
  'sequence',
  'type',
  'occurred_at',
  'logged_at',
  'user_id',
  'order_id',
  'transaction_id',
  'product_id',
  'webhook_id',
  'payload',
  'actor',
  'actor_id',
] as const satisfies readonly (keyof LoggedEventRow)[];

const isShopEventType = (value: string): value is ShopEventType =>
  (SHOP_EVENT_TYPES as readonly string[]).includes(value);

/** Actors logged before addresses were recorded have none. */
const actorFromJson = (json: string): EventActor => {
  const actor = JSON.parse(json) as Omit<EventActor, 'address'> & { address?: string | null };
  return { ...actor, address: actor.address ?? null };
};

export const loggedEventFromRow = (row: LoggedEventRow): LoggedEvent => {
  // A type this code does not know would reach webhook consumers unchecked: refuse it loudly.
  if (!isShopEventType(row.type)) throw new Error(`event ${row.id} has unknown type ${row.type}`);
  return {
    id: row.id,
    type: row.type,
    occurredAt: new Date(row.occurred_at),
    subjects: {
      userId: row.user_id,
      orderId: row.order_id,
      transactionId: row.transaction_id,
      productId: row.product_id,
      webhookId: row.webhook_id,
    },
    payload: JSON.parse(row.payload) as EventPayload,
    actor: row.actor === null ? null : actorFromJson(row.actor),
    sequence: row.sequence,
    loggedAt: new Date(row.logged_at),
  };
};

const actorFields = ({ kind, id, sessionId, label, address }: EventActor): EventActor => ({
  kind,
  id,
  sessionId,
  label,
  address,
});

export const loggedEventToRow = (event: ShopEvent, sequence: number, loggedAt: Date): LoggedEventRow => ({
  id: event.id,
  sequence,
  type: event.type,
  occurred_at: event.occurredAt.getTime(),
  logged_at: loggedAt.getTime(),
  user_id: event.subjects.userId,
  order_id: event.subjects.orderId,
  transaction_id: event.subjects.transactionId,
  product_id: event.subjects.productId,
  webhook_id: event.subjects.webhookId,
  payload: JSON.stringify(event.payload),
  // Field by field: whatever wider object a caller hands in, only the actor's own fields are kept.
  actor: event.actor === null ? null : JSON.stringify(actorFields(event.actor)),
  actor_id: event.actor?.id ?? null,
});
