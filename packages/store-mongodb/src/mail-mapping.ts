import type { MailboxEntry, MailMessage } from '@trx-shop/domain';
import type { MailboxEntryDocument, MailMessageDocument } from './documents.js';

/* Mail records <-> stored documents: only the id's name differs, so reading back gives an equal record. */

export const mailMessageToDocument = ({ id, ...message }: MailMessage): MailMessageDocument => ({
  _id: id,
  ...message,
  attempts: [...message.attempts],
});

export const mailMessageFromDocument = ({ _id, ...message }: MailMessageDocument): MailMessage => ({
  id: _id,
  ...message,
});

export const mailboxEntryToDocument = ({ messageId, ...entry }: MailboxEntry): MailboxEntryDocument => ({
  _id: messageId,
  ...entry,
});

export const mailboxEntryFromDocument = ({ _id, ...entry }: MailboxEntryDocument): MailboxEntry => ({
  messageId: _id,
  ...entry,
});
