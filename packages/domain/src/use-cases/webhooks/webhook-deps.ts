import type { KeyVault } from '../../ports/key-vault.port.js';
import type { Clock, IdGenerator, Logger } from '../../ports/runtime.port.js';
import type { ShopStore } from '../../ports/shop-store.port.js';
import type { WebhookSender, WebhookSigner } from '../../ports/webhook-sender.port.js';

/** What the webhook use cases may touch. */
export interface WebhookDeps {
  readonly store: Pick<ShopStore, 'webhooks' | 'eventLog' | 'chainCursors'>;
  readonly sender: WebhookSender;
  readonly signer: WebhookSigner;
  /** Seals the signing secrets at rest (for the endpoint's id), as it seals wallet keys. */
  readonly vault: KeyVault;
  readonly clock: Clock;
  readonly ids: IdGenerator;
  readonly logger: Logger;
}

/** How deliveries are retried and when an endpoint gives up (docs/api.md, "Webhooks"). */
export interface WebhookPolicy {
  /** The waits before each retry: attempts = 1 + its length (WEBHOOK_RETRY_SCHEDULE). */
  readonly retrySchedule: readonly number[];
  /** An endpoint whose attempts all failed for this long is disabled (WEBHOOK_DISABLE_AFTER). */
  readonly disableAfterMs: number;
}
