import type { MailShop } from '../../mail/mail-message.js';
import type { KeyVault } from '../../ports/key-vault.port.js';
import type { Mailer } from '../../ports/mailer.port.js';
import type { Clock, Logger } from '../../ports/runtime.port.js';
import type { ShopStore } from '../../ports/shop-store.port.js';

/** What sending queued mail may touch. */
export interface MailDeps {
  readonly store: Pick<ShopStore, 'mail'>;
  readonly mailer: Mailer;
  /** Opens each message's sealed recipient and content (sealed for the message's id). */
  readonly vault: KeyVault;
  readonly clock: Clock;
  readonly logger: Logger;
  readonly shop: MailShop;
}

/** How temporary failures are retried (MAIL_RETRY_SCHEDULE): attempts = 1 + its length. */
export interface MailPolicy {
  readonly retrySchedule: readonly number[];
}
