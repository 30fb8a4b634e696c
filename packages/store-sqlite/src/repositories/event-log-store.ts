import { type AuditFilter, type EventLogStore, offsetOf, pageOf } from '@trx-shop/domain';
import {
  LOGGED_EVENT_COLUMN_LIST,
  type LoggedEventRow,
  loggedEventFromRow,
  loggedEventToRow,
} from '../rows/logged-event-row.js';
import { type Database, immediate } from '../sqlite-database.js';
import { createStatementCache } from '../statement-cache.js';
import { createCounterIncrement } from './counter-store.js';

/** The counter the sequence numbers come from: a counter never hands a number out twice. */
export const EVENT_SEQUENCE_COUNTER = 'events';

const COLUMNS = LOGGED_EVENT_COLUMN_LIST.join(', ');
const INSERT_EVENT = `INSERT INTO event_log (${COLUMNS}) VALUES (${LOGGED_EVENT_COLUMN_LIST.map((column) => `@${column}`).join(', ')})`;

/** Which filters an audit list has: each combination is one SQL text, prepared once. */
export interface AuditFilterShape {
  readonly actorId: boolean;
  readonly action: boolean;
  readonly targetId: boolean;
  readonly from: boolean;
  readonly to: boolean;
}

/**
 * Always `actor IS NOT NULL`: it is the WHERE of both audit indexes, and SQLite uses a partial
 * index only for a query whose WHERE implies the index's.
 */
const auditWhere = (shape: AuditFilterShape): string => {
  const conditions = ['actor IS NOT NULL'];
  if (shape.actorId) conditions.push('actor_id = @actor_id');
  if (shape.action) conditions.push('type = @action');
  if (shape.targetId) {
    conditions.push('@target_id IN (user_id, order_id, transaction_id, product_id, webhook_id)');
  }
  if (shape.from) conditions.push('occurred_at >= @from');
  if (shape.to) conditions.push('occurred_at < @to');
  return `WHERE ${conditions.join(' AND ')}`;
};

export const EVENT_LOG_SQL = {
  /**
   * The conflict target is the id alone: a second insert of a logged event does nothing, while a
   * sequence number taken twice (never, from the counter) still fails instead of dropping an event.
   */
  insert: `${INSERT_EVENT} ON CONFLICT (id) DO NOTHING`,
  byId: `SELECT ${COLUMNS} FROM event_log WHERE id = ?`,
  /** A JSON array of ids: one prepared statement for a batch of any size. */
  loggedIds: 'SELECT id FROM event_log WHERE id IN (SELECT value FROM json_each(?))',
  after: `SELECT ${COLUMNS} FROM event_log WHERE sequence > ? ORDER BY sequence LIMIT ?`,
  userAfter: `SELECT ${COLUMNS} FROM event_log WHERE user_id = ? AND sequence > ? ORDER BY sequence LIMIT ?`,
  oldest: 'SELECT MIN(sequence) AS sequence FROM event_log',
  newest: 'SELECT MAX(sequence) AS sequence FROM event_log',
  /**
   * Oldest logged first, by the partial index of events that concern no order and have no actor
   * (its WHERE repeated exactly, or SQLite would not use it): a batch is one short range of it,
   * however much of the log is order history, audit trail or younger than the cut.
   * (A subquery: DELETE ... LIMIT needs a compile option the driver's SQLite may lack.)
   */
  compact:
    'DELETE FROM event_log WHERE rowid IN (SELECT rowid FROM event_log ' +
    'WHERE order_id IS NULL AND actor IS NULL AND logged_at < ? ORDER BY logged_at, sequence LIMIT ?)',
  /** Newest first is `event_log_audit` (or, for one actor, `event_log_audit_actor`) walked backwards. */
  auditPage: (shape: AuditFilterShape) =>
    `SELECT ${COLUMNS} FROM event_log ${auditWhere(shape)} ORDER BY occurred_at DESC, id DESC ` +
    'LIMIT @limit OFFSET @offset',
  auditCount: (shape: AuditFilterShape) => `SELECT COUNT(*) AS n FROM event_log ${auditWhere(shape)}`,
  orderHistory: `SELECT ${COLUMNS} FROM event_log WHERE order_id = ? ORDER BY sequence`,
} as const;

const auditParams = (filter: AuditFilter): Record<string, unknown> => ({
  ...(filter.actorId === undefined ? {} : { actor_id: filter.actorId }),
  ...(filter.action === undefined ? {} : { action: filter.action }),
  ...(filter.targetId === undefined ? {} : { target_id: filter.targetId }),
  ...(filter.from === undefined ? {} : { from: filter.from.getTime() }),
  ...(filter.to === undefined ? {} : { to: filter.to.getTime() }),
});

export const createSqliteEventLogStore = (db: Database): EventLogStore => {
  const nextSequence = createCounterIncrement(db);
  const insert = db.prepare<[LoggedEventRow]>(EVENT_LOG_SQL.insert);
  const byId = db.prepare<[string], LoggedEventRow>(EVENT_LOG_SQL.byId);
  const loggedIds = db.prepare<[string], { id: string }>(EVENT_LOG_SQL.loggedIds);
  const after = db.prepare<[number, number], LoggedEventRow>(EVENT_LOG_SQL.after);
  const userAfter = db.prepare<[string, number, number], LoggedEventRow>(EVENT_LOG_SQL.userAfter);
  const oldest = db.prepare<[], { sequence: number | null }>(EVENT_LOG_SQL.oldest);
  const newest = db.prepare<[], { sequence: number | null }>(EVENT_LOG_SQL.newest);
  const compact = db.prepare<[number, number]>(EVENT_LOG_SQL.compact);
  const orderHistory = db.prepare<[string], LoggedEventRow>(EVENT_LOG_SQL.orderHistory);
  const statement = createStatementCache(db);

  return {
    async takeSequence() {
      return nextSequence(EVENT_SEQUENCE_COUNTER);
    },

    async takeSequences(count) {
      return nextSequence(EVENT_SEQUENCE_COUNTER, count);
    },

    async insert(event, sequence, at) {
      // One transaction: the event read back is the one logged, whoever logged it, and no
      // compaction can remove it between the insert and the read.
      return immediate(db, () => {
        insert.run(loggedEventToRow(event, sequence, at));
        const logged = byId.get(event.id);
        if (!logged) throw new Error(`event ${event.id} vanished inside a write transaction`);
        return loggedEventFromRow(logged);
      });
    },

    async insertMany(entries, at) {
      // One commit for a relay's batch: a commit costs more than the rows.
      return immediate(db, () =>
        entries.reduce(
          (logged, { event, sequence }) => logged + insert.run(loggedEventToRow(event, sequence, at)).changes,
          0,
        ),
      );
    },

    async loggedIds(ids) {
      if (ids.length === 0) return new Set<string>();
      return new Set(loggedIds.all(JSON.stringify(ids)).map((row) => row.id));
    },

    async readAfter(sequence, limit) {
      return after.all(sequence, limit).map(loggedEventFromRow);
    },

    async readUserAfter(userId, sequence, limit) {
      return userAfter.all(userId, sequence, limit).map(loggedEventFromRow);
    },

    async findById(id) {
      const row = byId.get(id);
      return row ? loggedEventFromRow(row) : null;
    },

    async oldestSequence() {
      return oldest.get()?.sequence ?? null;
    },

    async newestSequence() {
      return newest.get()?.sequence ?? null;
    },

    async compact(before, limit) {
      return compact.run(before.getTime(), limit).changes;
    },

    async listAudit(filter, page) {
      const params = auditParams(filter);
      const shape: AuditFilterShape = {
        actorId: 'actor_id' in params,
        action: 'action' in params,
        targetId: 'target_id' in params,
        from: 'from' in params,
        to: 'to' in params,
      };
      // One read transaction: the page and its total see the same log.
      return db.transaction(() => {
        const rows = statement<Record<string, unknown>, LoggedEventRow>(EVENT_LOG_SQL.auditPage(shape)).all({
          ...params,
          limit: page.limit,
          offset: offsetOf(page),
        });
        const total = statement<Record<string, unknown>, { n: number }>(EVENT_LOG_SQL.auditCount(shape)).get(
          params,
        )?.n;
        return pageOf(rows.map(loggedEventFromRow), total ?? 0, page);
      })();
    },

    async orderHistory(orderId) {
      return orderHistory.all(orderId).map(loggedEventFromRow);
    },
  };
};
