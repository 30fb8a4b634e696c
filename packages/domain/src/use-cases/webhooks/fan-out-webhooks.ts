import { readLogAfter } from '../../events/read-log.js';
import type { LoggedEvent } from '../../ports/shop-event.js';
import type { WebhookDelivery, WebhookEndpoint } from '../../webhooks/webhook.js';
import { webhookBody } from './webhook-body.js';
import type { WebhookDeps } from './webhook-deps.js';
import { receives } from './webhook-fields.js';

/** The cursor (in the store's cursor table) of the last logged event turned into deliveries. */
export const WEBHOOK_CURSOR = 'webhooks';

const BATCH = 500;

export const newDelivery = (
  deps: Pick<WebhookDeps, 'ids'>,
  endpoint: Pick<WebhookEndpoint, 'id'>,
  event: { readonly id: string; readonly type: string; readonly sequence: number },
  body: string,
  at: Date,
): WebhookDelivery => ({
  id: deps.ids.newId(),
  endpointId: endpoint.id,
  eventId: event.id,
  eventType: event.type,
  sequence: event.sequence,
  body,
  status: 'pending',
  attempts: [],
  roundAttempts: 0,
  nextAttemptAt: at,
  claim: null,
  createdAt: at,
});

/** The enabled endpoints that want this event and existed when it happened. */
const deliveriesOf = (
  deps: Pick<WebhookDeps, 'ids'>,
  endpoints: readonly WebhookEndpoint[],
  event: LoggedEvent,
  at: Date,
): WebhookDelivery[] => {
  const wanting = endpoints.filter(
    (endpoint) =>
      receives(endpoint.events, event.type) && endpoint.createdAt.getTime() <= event.occurredAt.getTime(),
  );
  if (wanting.length === 0) return [];
  const body = webhookBody(event);
  return wanting.map((endpoint) => newDelivery(deps, endpoint, event, body, at));
};

/**
 * Turns the events logged since the cursor into one delivery per interested endpoint, then moves
 * the cursor. A delivery is unique per (endpoint, event), so a run repeated after a crash, or two
 * at once, queue each once; the log read waits at a young hole like every reader. The first run
 * starts at the newest event: what happened before webhooks existed is history, not news.
 * Answers how many deliveries were queued.
 */
export const fanOutWebhooks = async (
  deps: Pick<WebhookDeps, 'store' | 'clock' | 'ids'>,
  options: { readonly holeGraceMs: number; readonly batchSize?: number },
): Promise<number> => {
  const { webhooks, eventLog, chainCursors } = deps.store;
  const now = deps.clock.now();
  const cursor = await chainCursors.read(WEBHOOK_CURSOR);
  if (cursor === null) {
    await chainCursors.advance(WEBHOOK_CURSOR, null, (await eventLog.newestSequence()) ?? 0, now);
    return 0;
  }
  const read = await readLogAfter(eventLog, cursor, {
    graceMs: options.holeGraceMs,
    now,
    limit: options.batchSize ?? BATCH,
  });
  if (read.position === cursor) return 0;
  const endpoints = read.events.length === 0 ? [] : (await webhooks.listEndpoints()).filter((e) => e.enabled);
  const deliveries = read.events.flatMap((event) => deliveriesOf(deps, endpoints, event, now));
  const queued = deliveries.length === 0 ? 0 : await webhooks.enqueue(deliveries);
  await chainCursors.advance(WEBHOOK_CURSOR, cursor, read.position, now);
  return queued;
};
