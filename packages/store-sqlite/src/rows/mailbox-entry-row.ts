import type { MailboxEntry } from '@trx-shop/domain';

/** One row of `mailbox`. */
export interface MailboxEntryRow {
  message_id: string;
  to_address: string;
  subject: string;
  text_part: string;
  html_part: string;
  delivered_at: number;
}

export const MAILBOX_ENTRY_COLUMN_LIST = [
  'message_id',
  'to_address',
  'subject',
  'text_part',
  'html_part',
  'delivered_at',
] as const satisfies readonly (keyof MailboxEntryRow)[];

export const mailboxEntryFromRow = (row: MailboxEntryRow): MailboxEntry => ({
  messageId: row.message_id,
  to: row.to_address,
  subject: row.subject,
  text: row.text_part,
  html: row.html_part,
  deliveredAt: new Date(row.delivered_at),
});

export const mailboxEntryToRow = (entry: MailboxEntry): MailboxEntryRow => ({
  message_id: entry.messageId,
  to_address: entry.to,
  subject: entry.subject,
  text_part: entry.text,
  html_part: entry.html,
  delivered_at: entry.deliveredAt.getTime(),
});
