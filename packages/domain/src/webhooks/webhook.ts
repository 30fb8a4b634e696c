/**
 * A signing secret of an endpoint, sealed by the key vault (docs/api.md, "Webhooks"). The
 * current one never expires; a rotated-out one signs too until `expiresAt`, so receivers can
 * switch without missing a delivery.
 */
export interface WebhookSecret {
  /** The `whsec_...` secret, sealed for the endpoint's id. */
  readonly sealed: string;
  /** null for the current secret. */
  readonly expiresAt: Date | null;
}

/** Whether two lists hold the same sealed texts in the same order: each seal is unique, so equal texts are the same secrets. */
export const sameSealedSecrets = (a: readonly WebhookSecret[], b: readonly WebhookSecret[]): boolean =>
  a.length === b.length && a.every((secret, index) => secret.sealed === b[index]?.sealed);

/** Where the shop's events go: an admin-managed HTTP endpoint. */
export interface WebhookEndpoint {
  readonly id: string;
  readonly url: string;
  readonly description: string;
  /** The event types it receives; empty: every type. */
  readonly events: readonly string[];
  readonly enabled: boolean;
  /** Why the service disabled it (it kept failing); null when enabled or disabled by an admin. */
  readonly disabledReason: string | null;
  /** When its current run of failed attempts began; null after a success. */
  readonly failingSince: Date | null;
  /** The current secret first, then rotated-out ones still within their grace period. */
  readonly secrets: readonly WebhookSecret[];
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

export type WebhookDeliveryStatus = 'pending' | 'succeeded' | 'failed';

/** One HTTP attempt of a delivery, as the delivery log shows it. */
export interface WebhookAttempt {
  /** 1 for the first attempt of the delivery, counting across redeliveries. */
  readonly attempt: number;
  readonly at: Date;
  /** The receiver's HTTP status; null when no answer came (refused, reset, timed out, not allowed). */
  readonly statusCode: number | null;
  readonly latencyMs: number;
  /** The first 1 KB of the response body. */
  readonly response: string;
  /** Why it failed without a status (or a refused URL); null otherwise. */
  readonly error: string | null;
}

/** A claim on a delivery's next attempt: only its holder records that attempt. */
export interface WebhookClaim {
  readonly holder: string;
  readonly until: Date;
  /** The attempt number it claimed. */
  readonly attempt: number;
}

/** One event (or a ping) for one endpoint, with its attempts. */
export interface WebhookDelivery {
  readonly id: string;
  readonly endpointId: string;
  /** The event's id: the `webhook-id` header, the same on every attempt. */
  readonly eventId: string;
  readonly eventType: string;
  readonly sequence: number;
  /** The JSON body, the same bytes on every attempt. */
  readonly body: string;
  readonly status: WebhookDeliveryStatus;
  readonly attempts: readonly WebhookAttempt[];
  /** Attempts since it was (re)queued: the retry schedule counts these. */
  readonly roundAttempts: number;
  /** When the next attempt is due; null unless pending. */
  readonly nextAttemptAt: Date | null;
  readonly claim: WebhookClaim | null;
  readonly createdAt: Date;
}

/** What an admin may change on an endpoint. */
export interface WebhookEndpointPatch {
  readonly url?: string;
  readonly description?: string;
  readonly events?: readonly string[];
  readonly enabled?: boolean;
}

/** How an attempt ended, as the delivery records it. */
export interface WebhookAttemptOutcome {
  readonly attempt: WebhookAttempt;
  readonly status: WebhookDeliveryStatus;
  /** When the next attempt is due (pending only). */
  readonly nextAttemptAt: Date | null;
}
