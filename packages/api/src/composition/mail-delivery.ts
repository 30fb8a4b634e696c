import type { Clock, Mailer, ShopStore } from '@trx-shop/domain';
import { createMailboxMailer } from '../adapters/mailbox-mailer.js';
import { createSmtpMailer, type SmtpTimeouts } from '../adapters/smtp-mailer.js';
import type { AppConfig } from '../config/config.js';
import type { MailDeliveryMode } from '../config/mail-settings.js';

/** Where this instance sends mail, and how the banner names it; no mailer: mail waits in the queue. */
export interface MailDelivery {
  readonly mailer: Mailer | null;
  readonly description: string;
  /** The longest one send is expected to take: the dispatcher's claims outlive it. */
  readonly sendTimeoutMs: number;
}

/** SMTP_TIMEOUT_MS bounds each wait; connecting and the greeting wait at most 10 s of it. */
export const smtpTimeoutsOf = (timeoutMs: number): SmtpTimeouts => ({
  connectionMs: Math.min(10_000, timeoutMs),
  greetingMs: Math.min(10_000, timeoutMs),
  socketMs: timeoutMs,
});

/** Connecting and the greeting, then the conversation: twice SMTP_TIMEOUT_MS (60 s by default). */
const sendTimeoutOf = (timeoutMs: number): number => 2 * timeoutMs;

type MailConfig = Pick<AppConfig, 'production' | 'mail'>;

/** The mode the configuration picks (chooseMailDelivery's rule), known before the app is built. */
export const mailDeliveryMode = (config: MailConfig): MailDeliveryMode => {
  if (config.mail.smtp !== null && config.mail.from !== null) return 'smtp';
  return config.production ? 'held' : 'mailbox';
};

/**
 * SMTP_URL when set; otherwise, outside production, the store's local mailbox (no mail server
 * needed to try the shop); in production nothing, so mail stays queued, sealed, until SMTP_URL
 * is set (docs/operations.md, "Email").
 */
export const chooseMailDelivery = (
  config: MailConfig,
  store: Pick<ShopStore, 'mailbox'>,
  clock: Clock,
): MailDelivery => {
  const { smtp, from, smtpTimeoutMs } = config.mail;
  const sendTimeoutMs = sendTimeoutOf(smtpTimeoutMs);
  if (smtp !== null && from !== null) {
    return {
      mailer: createSmtpMailer({ smtp, from, timeouts: smtpTimeoutsOf(smtpTimeoutMs) }),
      description: `SMTP ${smtp.secure ? 'smtps' : 'smtp'}://${smtp.host}:${smtp.port} from ${from.address}`,
      sendTimeoutMs,
    };
  }
  if (!config.production) {
    return {
      mailer: createMailboxMailer(store.mailbox, clock),
      description: 'local mailbox in the store (no mail leaves this machine; set SMTP_URL to send)',
      sendTimeoutMs,
    };
  }
  return { mailer: null, description: 'held in the queue, sealed: SMTP_URL is not set', sendTimeoutMs };
};
