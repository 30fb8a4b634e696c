import { codesOf, type DomainError, domainError } from '../../errors/domain-error.js';
import { administrationEvents } from '../../events/administration-events.js';
import { appendEvent } from '../../events/append-event.js';
import type { MailMessage, MailRecipient } from '../../mail/mail-message.js';
import type { KeyVault } from '../../ports/key-vault.port.js';
import type { Clock, IdGenerator } from '../../ports/runtime.port.js';
import type { EventActor } from '../../ports/shop-event.js';
import type { ShopStore } from '../../ports/shop-store.port.js';
import { err, ok, type Result } from '../../shared/result.js';
import { newMailMessage } from './queue-mail.js';

export type MailMessageNotFoundError = DomainError<'MAIL_MESSAGE_NOT_FOUND'>;
export type RetryMailError = MailMessageNotFoundError | DomainError<'MAIL_NOT_FAILED'>;
export const RETRY_MAIL_ERRORS = codesOf<RetryMailError>()(['MAIL_MESSAGE_NOT_FOUND', 'MAIL_NOT_FAILED']);

/** What an admin's action on the mail queue touches; the action is logged with them, right after it. */
interface AdminMailDeps {
  readonly store: Pick<ShopStore, 'mail' | 'eventLog'>;
  readonly clock: Clock;
  readonly ids: IdGenerator;
  readonly actor: EventActor;
}

export const mailMessageNotFound = (): MailMessageNotFoundError =>
  domainError('MAIL_MESSAGE_NOT_FOUND', 'Mail message not found');

/**
 * Queues a failed message again, due now, for a new round of the retry schedule. Only a failed
 * one: a pending message is queued already and a sent one must never go twice.
 */
export const retryMail = async (
  deps: AdminMailDeps,
  id: string,
): Promise<Result<MailMessage, RetryMailError>> => {
  const now = deps.clock.now();
  const requeued = await deps.store.mail.requeue(id, now);
  if (requeued) {
    await appendEvent(deps, administrationEvents(deps.ids, now, deps.actor).mailRetried(requeued));
    return ok(requeued);
  }
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
  deps: AdminMailDeps & { readonly vault: KeyVault },
  admin: MailRecipient,
): Promise<MailMessage> => {
  const now = deps.clock.now();
  const message = await newMailMessage(
    deps.vault,
    {
      sourceId: deps.ids.newId(),
      recipient: admin,
      content: { template: 'test', requestedBy: admin.username },
    },
    now,
  );
  await deps.store.mail.enqueue([message]);
  await appendEvent(deps, administrationEvents(deps.ids, now, deps.actor).mailTestRequested(message));
  return message;
};
