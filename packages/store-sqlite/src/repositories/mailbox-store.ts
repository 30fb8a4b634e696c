import { type MailboxStore, offsetOf, pageOf } from '@trx-shop/domain';
import {
  MAILBOX_ENTRY_COLUMN_LIST,
  type MailboxEntryRow,
  mailboxEntryFromRow,
  mailboxEntryToRow,
} from '../rows/mailbox-entry-row.js';
import type { Database } from '../sqlite-database.js';

const COLUMNS = MAILBOX_ENTRY_COLUMN_LIST.join(', ');
const VALUES = MAILBOX_ENTRY_COLUMN_LIST.map((column) => `@${column}`).join(', ');

export const MAILBOX_SQL = {
  /** A repeated attempt of one message keeps what the first one kept. */
  deliver: `INSERT INTO mailbox (${COLUMNS}) VALUES (${VALUES}) ON CONFLICT (message_id) DO NOTHING`,
  byMessageId: `SELECT ${COLUMNS} FROM mailbox WHERE message_id = ?`,
  /** Newest first, ties by message id: `mailbox_delivered` walked backwards. */
  page: `SELECT ${COLUMNS} FROM mailbox ORDER BY delivered_at DESC, message_id DESC LIMIT ? OFFSET ?`,
  count: 'SELECT COUNT(*) AS n FROM mailbox',
} as const;

export const createSqliteMailboxStore = (db: Database): MailboxStore => {
  const deliver = db.prepare<[MailboxEntryRow]>(MAILBOX_SQL.deliver);
  const byMessageId = db.prepare<[string], MailboxEntryRow>(MAILBOX_SQL.byMessageId);
  const page = db.prepare<[number, number], MailboxEntryRow>(MAILBOX_SQL.page);
  const count = db.prepare<[], { n: number }>(MAILBOX_SQL.count);

  return {
    async deliver(entry) {
      deliver.run(mailboxEntryToRow(entry));
    },
    async list(request) {
      // One read transaction: the page and its total see the same mail.
      return db.transaction(() => {
        const rows = page.all(request.limit, offsetOf(request));
        return pageOf(rows.map(mailboxEntryFromRow), count.get()?.n ?? 0, request);
      })();
    },
    async find(messageId) {
      const row = byMessageId.get(messageId);
      return row ? mailboxEntryFromRow(row) : null;
    },
  };
};
