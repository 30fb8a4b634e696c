import type { Page, PageRequest } from '../shared/pagination.js';
import type {
  WebhookAttemptOutcome,
  WebhookDelivery,
  WebhookEndpoint,
  WebhookEndpointPatch,
  WebhookSecret,
} from '../webhooks/webhook.js';

/** An endpoint after an attempt's result was noted on it. */
export interface EndpointOutcomeNoted {
  readonly endpoint: WebhookEndpoint;
  /** true for the one call whose failure disabled the endpoint, however many fail at once. */
  readonly disabledNow: boolean;
}

/**
 * Webhook endpoints and their deliveries, in the store so every instance dispatches from the same
 * queue. Each attempt is made by one instance: it claims the delivery first (one guarded write),
 * and only the claim's holder records that attempt.
 */
export interface WebhookStore {
  insertEndpoint(endpoint: WebhookEndpoint): Promise<WebhookEndpoint>;
  findEndpoint(id: string): Promise<WebhookEndpoint | null>;
  /** Every endpoint, oldest first (a shop has a handful). */
  listEndpoints(): Promise<readonly WebhookEndpoint[]>;
  /**
   * Applies the patch; enabling an endpoint clears its `disabledReason` and `failingSince`.
   * null when there is no such endpoint.
   */
  updateEndpoint(id: string, patch: WebhookEndpointPatch, at: Date): Promise<WebhookEndpoint | null>;
  /**
   * Replaces the endpoint's secrets only while they are still `expected` (the same sealed texts in
   * the same order; each seal is unique), so a rotation replaces exactly what it read and two at
   * once (two admins, or an admin and `keys:rotate`) never lose one. `at` becomes `updatedAt`;
   * null leaves it (a re-seal under a new master key is no edit). null when the secrets changed
   * meanwhile or the endpoint is gone.
   */
  replaceSecrets(
    id: string,
    expected: readonly WebhookSecret[],
    replacement: readonly WebhookSecret[],
    at: Date | null,
  ): Promise<WebhookEndpoint | null>;
  /** Removes the endpoint and its deliveries; false when there was no such endpoint. */
  deleteEndpoint(id: string): Promise<boolean>;
  /**
   * Notes an attempt's result on its endpoint: a success clears `failingSince`; a failure sets it
   * (if not set) to `at`, and when the failures began `disableAfterMs` or longer before `at`,
   * disables the endpoint with `reason` (once). Answers the endpoint after, and whether this call
   * is the one that disabled it; null when absent.
   */
  noteEndpointOutcome(
    id: string,
    outcome:
      | { readonly ok: true }
      | { readonly ok: false; readonly at: Date; readonly disableAfterMs: number; readonly reason: string },
  ): Promise<EndpointOutcomeNoted | null>;

  /** Adds deliveries, skipping any whose (endpointId, eventId) exists: answers how many were new. */
  enqueue(deliveries: readonly WebhookDelivery[]): Promise<number>;
  /**
   * Claims up to `limit` pending deliveries due at `now` (oldest due first) that no live claim
   * holds, for `holder` until `until`, each for its next attempt number (attempts made + 1). A
   * delivery is claimed by one caller only, however many claim at once.
   */
  claimDue(now: Date, holder: string, until: Date, limit: number): Promise<readonly WebhookDelivery[]>;
  /**
   * Records the claimed attempt and its outcome and drops the claim, only while `holder` still
   * holds the claim for that attempt number; false otherwise (the claim expired and another
   * instance took the delivery over).
   */
  recordAttempt(id: string, holder: string, outcome: WebhookAttemptOutcome): Promise<boolean>;
  /**
   * Queues a delivery again for an attempt at `at` (a manual redelivery): pending, a new round of
   * the schedule, any claim dropped. null when there is no such delivery.
   */
  requeue(id: string, at: Date): Promise<WebhookDelivery | null>;
  findDelivery(id: string): Promise<WebhookDelivery | null>;
  /** An endpoint's deliveries, newest first. */
  listDeliveries(endpointId: string, page: PageRequest): Promise<Page<WebhookDelivery>>;
}
