import { appendEvent } from '../../events/append-event.js';
import { webhookDisabledEvent } from '../../events/administration-events.js';
import type { WebhookResponse } from '../../ports/webhook-sender.port.js';
import type { WebhookDelivery, WebhookDeliveryStatus, WebhookEndpoint } from '../../webhooks/webhook.js';
import type { WebhookDeps, WebhookPolicy } from './webhook-deps.js';

export interface DispatchOptions {
  /** This instance's name on the claims it takes. */
  readonly holder: string;
  /** How long a claim holds: longer than a request may take, so no one else attempts meanwhile. */
  readonly claimMs: number;
  readonly batchSize: number;
}

const isSuccess = (response: WebhookResponse) =>
  response.statusCode !== null && response.statusCode >= 200 && response.statusCode < 300;

const failureOf = (response: WebhookResponse): string =>
  response.error ?? `HTTP ${response.statusCode ?? 'no answer'}`;

/** An endpoint's live secrets (the current one first), or why they cannot be opened. */
type Secrets = readonly string[] | Error;

/**
 * The live secrets of an endpoint, opened once per batch. One that cannot be opened (sealed under
 * a master key since removed) fails that endpoint's attempts only, never the batch.
 */
const secretsOf = async (
  deps: Pick<WebhookDeps, 'vault'>,
  endpoint: WebhookEndpoint,
  now: Date,
): Promise<Secrets> => {
  try {
    return await Promise.all(
      endpoint.secrets
        .filter((secret) => secret.expiresAt === null || secret.expiresAt.getTime() > now.getTime())
        .map((secret) => deps.vault.open(secret.sealed, endpoint.id)),
    );
  } catch (error) {
    return new Error(
      `the signing secret cannot be opened (${error instanceof Error ? error.message : String(error)})`,
    );
  }
};

/** What becomes of the delivery after this attempt: done, failed for good, or retried later. */
const nextState = (
  policy: WebhookPolicy,
  delivery: WebhookDelivery,
  succeeded: boolean,
  at: Date,
): { status: WebhookDeliveryStatus; nextAttemptAt: Date | null } => {
  if (succeeded) return { status: 'succeeded', nextAttemptAt: null };
  const wait = policy.retrySchedule[delivery.roundAttempts];
  return wait === undefined
    ? { status: 'failed', nextAttemptAt: null }
    : { status: 'pending', nextAttemptAt: new Date(at.getTime() + wait) };
};

const attemptDelivery = async (
  deps: WebhookDeps,
  policy: WebhookPolicy,
  holder: string,
  delivery: WebhookDelivery,
  endpoint: WebhookEndpoint | undefined,
  secrets: Secrets,
): Promise<void> => {
  const { webhooks } = deps.store;
  const attempt = delivery.claim?.attempt ?? delivery.attempts.length + 1;
  const at = deps.clock.now();
  if (!endpoint?.enabled) {
    // Nothing is sent to a deleted or disabled endpoint; a redelivery after re-enabling sends it.
    await webhooks.recordAttempt(delivery.id, holder, {
      attempt: {
        attempt,
        at,
        statusCode: null,
        latencyMs: 0,
        response: '',
        error: endpoint ? 'the endpoint is disabled' : 'the endpoint was deleted',
      },
      status: 'failed',
      nextAttemptAt: null,
    });
    return;
  }
  const timestamp = Math.floor(at.getTime() / 1000);
  const response: WebhookResponse =
    secrets instanceof Error
      ? // Retried like any failure: the secret opens again once its key is back.
        { statusCode: null, latencyMs: 0, response: '', error: `Not sent: ${secrets.message}` }
      : await deps.sender.send({
          url: endpoint.url,
          headers: {
            'content-type': 'application/json',
            'webhook-id': delivery.eventId,
            'webhook-timestamp': String(timestamp),
            'webhook-signature': secrets
              .map((secret) => deps.signer.sign(secret, delivery.eventId, timestamp, delivery.body))
              .join(' '),
          },
          body: delivery.body,
        });
  const succeeded = isSuccess(response);
  const recorded = await webhooks.recordAttempt(delivery.id, holder, {
    attempt: { attempt, at, ...response },
    ...nextState(policy, delivery, succeeded, deps.clock.now()),
  });
  // A claim that expired mid-request belongs to another instance now: its attempt counts.
  if (!recorded) return;
  const noted = await webhooks.noteEndpointOutcome(
    endpoint.id,
    succeeded
      ? { ok: true }
      : {
          ok: false,
          at,
          disableAfterMs: policy.disableAfterMs,
          reason: `Every attempt failed since the failures began (last: ${failureOf(response)}); fix the receiver, then enable the endpoint again`,
        },
  );
  if (noted?.disabledNow) {
    deps.logger.warn(
      { webhookId: endpoint.id, url: endpoint.url },
      'webhook endpoint disabled after failing too long',
    );
    // Logged right after the disabling, as an admin's endpoint changes are: an endpoint record
    // carries no outbox. The admin room and the webhooks naming the type hear of it from the log.
    await appendEvent(
      deps,
      webhookDisabledEvent(deps.ids, deps.clock.now(), noted.endpoint, noted.endpoint.disabledReason ?? ''),
    ).catch((error: unknown) =>
      deps.logger.error({ err: String(error), webhookId: endpoint.id }, 'logging webhook.disabled failed'),
    );
  }
};

/** Deliveries claimed for their next attempt, with what attempting them needs. */
export interface ClaimedDeliveries {
  readonly deliveries: readonly WebhookDelivery[];
  readonly endpoints: ReadonlyMap<string, WebhookEndpoint>;
  readonly secrets: ReadonlyMap<string, Secrets>;
}

/** Claims up to `limit` deliveries due now for this instance, and opens their endpoints' secrets. */
export const claimWebhookDeliveries = async (
  deps: WebhookDeps,
  options: Pick<DispatchOptions, 'holder' | 'claimMs'>,
  limit: number,
): Promise<ClaimedDeliveries> => {
  const { webhooks } = deps.store;
  const now = deps.clock.now();
  const deliveries = await webhooks.claimDue(
    now,
    options.holder,
    new Date(now.getTime() + options.claimMs),
    limit,
  );
  if (deliveries.length === 0) return { deliveries, endpoints: new Map(), secrets: new Map() };
  const endpoints = new Map((await webhooks.listEndpoints()).map((endpoint) => [endpoint.id, endpoint]));
  const secrets = new Map<string, Secrets>();
  for (const endpointId of new Set(deliveries.map((delivery) => delivery.endpointId))) {
    const endpoint = endpoints.get(endpointId);
    if (endpoint?.enabled) secrets.set(endpointId, await secretsOf(deps, endpoint, now));
  }
  return { deliveries, endpoints, secrets };
};

/**
 * Makes one attempt of each claimed delivery, concurrently: signed per Standard Webhooks, the same
 * `webhook-id` on every attempt. Each attempt is made by the one instance whose claim holds it; a
 * failure is retried on the policy's schedule, then the delivery fails. `onAttempted` runs as each
 * one ends (a dispatcher frees its slot).
 */
export const attemptClaimedDeliveries = (
  deps: WebhookDeps,
  policy: WebhookPolicy,
  holder: string,
  claimed: ClaimedDeliveries,
  onAttempted: () => void = () => {},
): Promise<unknown> =>
  Promise.all(
    claimed.deliveries.map((delivery) =>
      attemptDelivery(
        deps,
        policy,
        holder,
        delivery,
        claimed.endpoints.get(delivery.endpointId),
        claimed.secrets.get(delivery.endpointId) ?? [],
      )
        .catch((error: unknown) =>
          // Its claim expires and the attempt is made again: at least once.
          deps.logger.error(
            { err: String(error), deliveryId: delivery.id },
            'webhook attempt failed to record',
          ),
        )
        .finally(onAttempted),
    ),
  );

/** Claims the deliveries due now (up to a batch) and attempts each; answers how many were attempted. */
export const dispatchWebhooks = async (
  deps: WebhookDeps,
  policy: WebhookPolicy,
  options: DispatchOptions,
): Promise<number> => {
  const claimed = await claimWebhookDeliveries(deps, options, options.batchSize);
  await attemptClaimedDeliveries(deps, policy, options.holder, claimed);
  return claimed.deliveries.length;
};
