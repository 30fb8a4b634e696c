import type { WebhookAttempt, WebhookClaim, WebhookDelivery, WebhookDeliveryStatus } from '@trx-shop/domain';
import { dateOrNull } from '../sqlite-database.js';

/** One row of `webhook_deliveries`: the attempts as JSON, the claim spread over columns. */
export interface WebhookDeliveryRow {
  id: string;
  endpoint_id: string;
  event_id: string;
  event_type: string;
  sequence: number;
  body: string;
  status: string;
  attempts: string;
  round_attempts: number;
  next_attempt_at: number | null;
  claim_holder: string | null;
  claim_until: number | null;
  claim_attempt: number | null;
  created_at: number;
}

/** An attempt as stored: its instant in epoch ms, like every instant of the schema. */
type StoredAttempt = Omit<WebhookAttempt, 'at'> & { readonly at: number };

export const WEBHOOK_DELIVERY_COLUMN_LIST = [
  'id',
  'endpoint_id',
  'event_id',
  'event_type',
  'sequence',
  'body',
  'status',
  'attempts',
  'round_attempts',
  'next_attempt_at',
  'claim_holder',
  'claim_until',
  'claim_attempt',
  'created_at',
] as const satisfies readonly (keyof WebhookDeliveryRow)[];

const DELIVERY_STATUSES = [
  'pending',
  'succeeded',
  'failed',
] as const satisfies readonly WebhookDeliveryStatus[];
const isDeliveryStatus = (value: string): value is WebhookDeliveryStatus =>
  (DELIVERY_STATUSES as readonly string[]).includes(value);

/** One attempt as the JSON element `recordAttempt` appends to `attempts`. */
export const webhookAttemptToJson = (attempt: WebhookAttempt): string =>
  JSON.stringify({ ...attempt, at: attempt.at.getTime() } satisfies StoredAttempt);

const claimFromRow = (row: WebhookDeliveryRow): WebhookClaim | null =>
  row.claim_holder === null
    ? null
    : { holder: row.claim_holder, until: new Date(row.claim_until ?? 0), attempt: row.claim_attempt ?? 0 };

export const webhookDeliveryFromRow = (row: WebhookDeliveryRow): WebhookDelivery => {
  if (!isDeliveryStatus(row.status))
    throw new Error(`webhook delivery ${row.id} has unknown status ${row.status}`);
  return {
    id: row.id,
    endpointId: row.endpoint_id,
    eventId: row.event_id,
    eventType: row.event_type,
    sequence: row.sequence,
    body: row.body,
    status: row.status,
    attempts: (JSON.parse(row.attempts) as StoredAttempt[]).map((attempt) => ({
      ...attempt,
      at: new Date(attempt.at),
    })),
    roundAttempts: row.round_attempts,
    nextAttemptAt: dateOrNull(row.next_attempt_at),
    claim: claimFromRow(row),
    createdAt: new Date(row.created_at),
  };
};

export const webhookDeliveryToRow = (delivery: WebhookDelivery): WebhookDeliveryRow => ({
  id: delivery.id,
  endpoint_id: delivery.endpointId,
  event_id: delivery.eventId,
  event_type: delivery.eventType,
  sequence: delivery.sequence,
  body: delivery.body,
  status: delivery.status,
  attempts: `[${delivery.attempts.map(webhookAttemptToJson).join(',')}]`,
  round_attempts: delivery.roundAttempts,
  next_attempt_at: delivery.nextAttemptAt?.getTime() ?? null,
  claim_holder: delivery.claim?.holder ?? null,
  claim_until: delivery.claim?.until.getTime() ?? null,
  claim_attempt: delivery.claim?.attempt ?? null,
  created_at: delivery.createdAt.getTime(),
});
