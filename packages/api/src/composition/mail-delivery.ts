import type { Clock, Mailer, ShopStore } from '@trx-shop/domain';
import { createMailboxMailer } from '../adapters/mailbox-mailer.js';
import { createSmtpMailer } from '../adapters/smtp-mailer.js';
import type { AppConfig } from '../config/config.js';

/** Where this instance sends mail, and how the banner names it; no mailer: mail waits in the queue. */
export interface MailDelivery {
  readonly mailer: Mailer | null;
  readonly description: string;
}

/**
 * SMTP_URL when set; otherwise, outside production, the store's local mailbox (no mail server
 * needed to try the shop); in production nothing, so mail stays queued, sealed, until SMTP_URL
 * is set (docs/operations.md, "Email").
 */
export const chooseMailDelivery = (
  config: Pick<AppConfig, 'production' | 'mail'>,
  store: Pick<ShopStore, 'mailbox'>,
  clock: Clock,
): MailDelivery => {
  const { smtp, from } = config.mail;
  if (smtp !== null && from !== null) {
    return {
      mailer: createSmtpMailer({ smtp, from }),
      description: `SMTP ${smtp.secure ? 'smtps' : 'smtp'}://${smtp.host}:${smtp.port} from ${from.address}`,
    };
  }
  if (!config.production) {
    return {
      mailer: createMailboxMailer(store.mailbox, clock),
      description: 'local mailbox in the store (no mail leaves this machine; set SMTP_URL to send)',
    };
  }
  return { mailer: null, description: 'held in the queue, sealed: SMTP_URL is not set' };
};
