import { codesOf, type DomainError, domainError } from '../../errors/domain-error.js';
import { administrationEvents } from '../../events/administration-events.js';
import { appendEvent } from '../../events/append-event.js';
import { type EventActor, NO_SUBJECTS } from '../../ports/shop-event.js';
import type { Page, PageRequest } from '../../shared/pagination.js';
import { err, ok, type Result } from '../../shared/result.js';
import type { WebhookDelivery } from '../../webhooks/webhook.js';
import { newDelivery } from './fan-out-webhooks.js';
import { type WebhookNotFoundError, webhookNotFound } from './manage-webhooks.js';
import { webhookBody } from './webhook-body.js';
import type { WebhookDeps } from './webhook-deps.js';
import { PING_EVENT_TYPE } from './webhook-fields.js';

type ActionDeps = Pick<WebhookDeps, 'store' | 'clock' | 'ids'>;

/** The admin acting: a ping or a redelivery is logged with them, right after it is queued. */
type AuditedActionDeps = ActionDeps & { readonly actor: EventActor };

export type RedeliverWebhookError = WebhookNotFoundError | DomainError<'WEBHOOK_DELIVERY_NOT_FOUND'>;
export const REDELIVER_WEBHOOK_ERRORS = codesOf<RedeliverWebhookError>()([
  'WEBHOOK_NOT_FOUND',
  'WEBHOOK_DELIVERY_NOT_FOUND',
]);

const deliveryNotFound = (): DomainError<'WEBHOOK_DELIVERY_NOT_FOUND'> =>
  domainError('WEBHOOK_DELIVERY_NOT_FOUND', 'Webhook delivery not found');

/**
 * Queues a `webhook.ping` for the endpoint, due at once: a test of the receiver (and of its
 * signature check) that goes through the same queue, retries and log as every event.
 */
export const pingWebhook = async (
  deps: AuditedActionDeps,
  endpointId: string,
): Promise<Result<WebhookDelivery, WebhookNotFoundError>> => {
  const endpoint = await deps.store.webhooks.findEndpoint(endpointId);
  if (!endpoint) return err(webhookNotFound());
  const now = deps.clock.now();
  const event = {
    type: PING_EVENT_TYPE,
    id: deps.ids.newId(),
    // Not in the log: 0 is below every logged sequence.
    sequence: 0,
    occurredAt: now,
    subjects: NO_SUBJECTS,
    payload: { webhookId: endpoint.id },
  };
  const delivery = newDelivery(deps, endpoint, event, webhookBody(event), now);
  await deps.store.webhooks.enqueue([delivery]);
  await appendEvent(deps, administrationEvents(deps.ids, now, deps.actor).webhookPinged(delivery));
  return ok(delivery);
};

const deliveryOf = async (deps: ActionDeps, endpointId: string, deliveryId: string) => {
  const delivery = await deps.store.webhooks.findDelivery(deliveryId);
  return delivery?.endpointId === endpointId ? delivery : null;
};

/**
 * Sends a delivery again now (same id and body), whatever became of it; the schedule starts over.
 * One being attempted right now is left to that attempt, and nothing is logged.
 */
export const redeliverWebhook = async (
  deps: AuditedActionDeps,
  endpointId: string,
  deliveryId: string,
): Promise<Result<WebhookDelivery, RedeliverWebhookError>> => {
  if (!(await deps.store.webhooks.findEndpoint(endpointId))) return err(webhookNotFound());
  const delivery = await deliveryOf(deps, endpointId, deliveryId);
  if (!delivery) return err(deliveryNotFound());
  const now = deps.clock.now();
  // Being attempted right now: requeueing would drop that claim and let a second send race it.
  if (delivery.claim && delivery.claim.until.getTime() > now.getTime()) return ok(delivery);
  const requeued = await deps.store.webhooks.requeue(deliveryId, now);
  if (!requeued) return err(deliveryNotFound());
  await appendEvent(deps, administrationEvents(deps.ids, now, deps.actor).webhookRedelivered(requeued));
  return ok(requeued);
};

export const listWebhookDeliveries = async (
  deps: ActionDeps,
  endpointId: string,
  page: PageRequest,
): Promise<Result<Page<WebhookDelivery>, WebhookNotFoundError>> => {
  if (!(await deps.store.webhooks.findEndpoint(endpointId))) return err(webhookNotFound());
  return ok(await deps.store.webhooks.listDeliveries(endpointId, page));
};
