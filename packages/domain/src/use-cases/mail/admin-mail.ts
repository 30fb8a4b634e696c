import { codesOf, type DomainError, domainError } from '../../errors/domain-error.js';
import type { MailMessage, MailRecipient } from '../../mail/mail-message.js';
import type { KeyVault } from '../../ports/key-vault.port.js';
import type { Clock, IdGenerator } from '../../ports/runtime.port.js';
import type { ShopStore } from '../../ports/shop-store.port.js';
import { err, ok, type Result } from '../../shared/result.js';
import { newMailMessage } from './queue-mail.js';

export type MailMessageNotFoundError = DomainError<'MAIL_MESSAGE_NOT_FOUND'>;
export type RetryMailError = MailMessageNotFoundError | DomainError<'MAIL_NOT_FAILED'>;
export const RETRY_MAIL_ERRORS = codesOf<RetryMailError>()(['MAIL_MESSAGE_NOT_FOUND', 'MAIL_NOT_FAILED']);

export const mailMessageNotFound = (): MailMessageNotFoundError =>
  domainError('MAIL_MESSAGE_NOT_FOUND', 'Mail message not found');

/**
 * Queues a failed message again, due now, for a new round of the retry schedule. Only a failed
 * one: a pending message is queued already and a sent one must never go twice.
 */
export const retryMail = async (
  deps: { readonly store: Pick<ShopStore, 'mail'>; readonly clock: Clock },
  id: string,
): Promise<Result<MailMessage, RetryMailError>> => {
  const requeued = await deps.store.mail.requeue(id, deps.clock.now());
  if (requeued) return ok(requeued);
  const message = await deps.store.mail.findMessage(id);
  if (!message) return err(mailMessageNotFound());
  return err(
    domainError('MAIL_NOT_FAILED', `Only a failed message can be retried; this one is ${message.status}`),
  );
};

/**
 * Queues the admin app's test mail to the admin who asked, under a new source id each time, so
 * every request sends one more mail (the admin may press the button again after fixing SMTP_URL).
 */
export const requestTestMail = async (
  deps: {
    readonly store: Pick<ShopStore, 'mail'>;
    readonly vault: KeyVault;
    readonly clock: Clock;
    readonly ids: IdGenerator;
  },
  admin: MailRecipient,
): Promise<MailMessage> => {
  const message = await newMailMessage(
    deps.vault,
    {
      sourceId: deps.ids.newId(),
      recipient: admin,
      content: { template: 'test', requestedBy: admin.username },
    },
    deps.clock.now(),
  );
  await deps.store.mail.enqueue([message]);
  return message;
};
