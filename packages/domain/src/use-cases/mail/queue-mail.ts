import { type MailContent, type MailMessage, type MailRecipient, mailId } from '../../mail/mail-message.js';
import type { KeyVault } from '../../ports/key-vault.port.js';
import { sealLetter } from './sealed-mail.js';

/** One mail to queue: what caused it, to whom, and what it says. */
export interface MailRequest {
  /** The logged event's id, or the token's id for a reset or verification mail. */
  readonly sourceId: string;
  readonly recipient: MailRecipient;
  readonly content: MailContent;
  /** Distinguishes two mails of one source and template (the old and new address); default: the user id or the address. */
  readonly recipientKey?: string;
}

/**
 * A new queued message for the request, its letter sealed: its id is stable for (source,
 * template, recipient), so queuing the same request again is skipped by the store.
 */
export const newMailMessage = async (
  vault: KeyVault,
  request: MailRequest,
  at: Date,
): Promise<MailMessage> => {
  const { recipient, content } = request;
  const id = mailId(
    request.sourceId,
    content.template,
    request.recipientKey ?? recipient.userId ?? recipient.email,
  );
  return {
    id,
    template: content.template,
    sourceId: request.sourceId,
    userId: recipient.userId,
    to: recipient.email,
    sealed: await sealLetter(vault, id, { recipient, content }),
    status: 'pending',
    attempts: [],
    roundAttempts: 0,
    nextAttemptAt: at,
    claim: null,
    createdAt: at,
    sentAt: null,
  };
};
