import { type MailStore, offsetOf, pageOf } from '@trx-shop/domain';
import {
  MAIL_MESSAGE_COLUMN_LIST,
  type MailMessageRow,
  mailAttemptToJson,
  mailMessageFromRow,
  mailMessageToRow,
} from '../rows/mail-message-row.js';
import { type Database, immediate } from '../sqlite-database.js';

const COLUMNS = MAIL_MESSAGE_COLUMN_LIST.join(', ');
const VALUES = MAIL_MESSAGE_COLUMN_LIST.map((column) => `@${column}`).join(', ');

/** Drops a message's claim: written wherever an attempt ends. */
const NO_CLAIM = 'claim_holder = NULL, claim_until = NULL, claim_attempt = NULL';

export const MAIL_SQL = {
  /** The id is (source, template, recipient): the same mail queued again is skipped. */
  enqueue: `INSERT INTO mail_messages (${COLUMNS}) VALUES (${VALUES}) ON CONFLICT (id) DO NOTHING`,
  /** A claim is live while `claim_until > now`, as a lease is; `mail_messages_due` gives the order. */
  due:
    "SELECT id FROM mail_messages WHERE status = 'pending' AND next_attempt_at <= @now " +
    'AND (claim_until IS NULL OR claim_until <= @now) ORDER BY next_attempt_at, id LIMIT @limit',
  claim:
    'UPDATE mail_messages SET claim_holder = @holder, claim_until = @until, ' +
    `claim_attempt = json_array_length(attempts) + 1 WHERE id = @id RETURNING ${COLUMNS}`,
  /**
   * Guarded by the claim it records: once another instance took an expired claim over, the
   * attempt number or the holder differs and nothing is written.
   */
  recordAttempt:
    "UPDATE mail_messages SET attempts = json_insert(attempts, '$[#]', json(@attempt)), status = @status, " +
    `next_attempt_at = @next_attempt_at, round_attempts = round_attempts + 1, ${NO_CLAIM}, ` +
    "sent_at = CASE WHEN @status = 'sent' THEN @at ELSE sent_at END " +
    'WHERE id = @id AND claim_holder = @holder AND claim_attempt = @attempt_number',
  /** Only a failed message: a pending one is queued already, and a sent one must never go twice. */
  requeue:
    "UPDATE mail_messages SET status = 'pending', next_attempt_at = @at, round_attempts = 0, " +
    `${NO_CLAIM} WHERE id = @id AND status = 'failed' RETURNING ${COLUMNS}`,
  byId: `SELECT ${COLUMNS} FROM mail_messages WHERE id = ?`,
  /** Newest first, ties by id: `mail_messages_created` walked backwards. */
  page: `SELECT ${COLUMNS} FROM mail_messages ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?`,
  count: 'SELECT COUNT(*) AS n FROM mail_messages',
  /** One status's range of `mail_messages_status_created`, walked backwards. */
  pageOfStatus:
    `SELECT ${COLUMNS} FROM mail_messages WHERE status = ? ` +
    'ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?',
  countOfStatus: 'SELECT COUNT(*) AS n FROM mail_messages WHERE status = ?',
} as const;

export const createSqliteMailStore = (db: Database): MailStore => {
  const enqueue = db.prepare<[MailMessageRow]>(MAIL_SQL.enqueue);
  const due = db.prepare<[{ now: number; limit: number }], { id: string }>(MAIL_SQL.due);
  const claim = db.prepare<[{ id: string; holder: string; until: number }], MailMessageRow>(MAIL_SQL.claim);
  const recordAttempt = db.prepare<
    [
      {
        id: string;
        holder: string;
        attempt_number: number;
        attempt: string;
        status: string;
        next_attempt_at: number | null;
        at: number;
      },
    ]
  >(MAIL_SQL.recordAttempt);
  const requeue = db.prepare<[{ id: string; at: number }], MailMessageRow>(MAIL_SQL.requeue);
  const byId = db.prepare<[string], MailMessageRow>(MAIL_SQL.byId);
  const page = db.prepare<[number, number], MailMessageRow>(MAIL_SQL.page);
  const count = db.prepare<[], { n: number }>(MAIL_SQL.count);
  const pageOfStatus = db.prepare<[string, number, number], MailMessageRow>(MAIL_SQL.pageOfStatus);
  const countOfStatus = db.prepare<[string], { n: number }>(MAIL_SQL.countOfStatus);

  return {
    async enqueue(messages) {
      // One commit for the lot: an event's mail to every admin is one write, not one per admin.
      return immediate(db, () =>
        messages.reduce((added, message) => added + enqueue.run(mailMessageToRow(message)).changes, 0),
      );
    },

    async claimDue(now, holder, until, limit) {
      // The write lock is taken before the due rows are read, so a connection in another process
      // that claims at the same time reads them only after these claims commit.
      return immediate(db, () =>
        due.all({ now: now.getTime(), limit }).map(({ id }) => {
          const row = claim.get({ id, holder, until: until.getTime() });
          if (!row) throw new Error(`mail message ${id} vanished inside a write transaction`);
          return mailMessageFromRow(row);
        }),
      );
    },

    async recordAttempt(id, holder, outcome) {
      const result = recordAttempt.run({
        id,
        holder,
        attempt_number: outcome.attempt.attempt,
        attempt: mailAttemptToJson(outcome.attempt),
        status: outcome.status,
        next_attempt_at: outcome.nextAttemptAt?.getTime() ?? null,
        at: outcome.attempt.at.getTime(),
      });
      return result.changes === 1;
    },

    async requeue(id, at) {
      const row = requeue.get({ id, at: at.getTime() });
      return row ? mailMessageFromRow(row) : null;
    },

    async findMessage(id) {
      const row = byId.get(id);
      return row ? mailMessageFromRow(row) : null;
    },

    async listMessages({ status }, request) {
      const offset = offsetOf(request);
      // One read transaction: the page and its total see the same messages.
      return db.transaction(() => {
        const rows =
          status === undefined
            ? page.all(request.limit, offset)
            : pageOfStatus.all(status, request.limit, offset);
        const total = (status === undefined ? count.get() : countOfStatus.get(status))?.n ?? 0;
        return pageOf(rows.map(mailMessageFromRow), total, request);
      })();
    },
  };
};
