import type { EventLogStore } from '@trx-shop/domain';
import {
  LOGGED_EVENT_COLUMN_LIST,
  type LoggedEventRow,
  loggedEventFromRow,
  loggedEventToRow,
} from '../rows/logged-event-row.js';
import { type Database, immediate } from '../sqlite-database.js';
import { createCounterIncrement } from './counters.repository.js';

/** The counter the sequence numbers come from: a counter never hands a number out twice. */
const EVENT_SEQUENCE_COUNTER = 'events';

const COLUMNS = LOGGED_EVENT_COLUMN_LIST.join(', ');

export const EVENT_LOG_SQL = {
  /**
   * The conflict target is the id alone: a second insert of a logged event does nothing, while a
   * sequence number taken twice (never, from the counter) still fails instead of dropping an event.
   */
  insert:
    `INSERT INTO event_log (${COLUMNS}) VALUES (${LOGGED_EVENT_COLUMN_LIST.map((column) => `@${column}`).join(', ')}) ` +
    'ON CONFLICT (id) DO NOTHING',
  byId: `SELECT ${COLUMNS} FROM event_log WHERE id = ?`,
  after: `SELECT ${COLUMNS} FROM event_log WHERE sequence > ? ORDER BY sequence LIMIT ?`,
  userAfter: `SELECT ${COLUMNS} FROM event_log WHERE user_id = ? AND sequence > ? ORDER BY sequence LIMIT ?`,
  oldest: 'SELECT MIN(sequence) AS sequence FROM event_log',
  newest: 'SELECT MAX(sequence) AS sequence FROM event_log',
  /**
   * Oldest logged first, by the partial index of events that concern no order: a batch is one
   * short range of it, however much of the log is order history or younger than the cut.
   * (A subquery: DELETE ... LIMIT needs a compile option the driver's SQLite may lack.)
   */
  compact:
    'DELETE FROM event_log WHERE rowid IN (SELECT rowid FROM event_log ' +
    'WHERE order_id IS NULL AND logged_at < ? ORDER BY logged_at, sequence LIMIT ?)',
} as const;

export const createSqliteEventLogRepository = (db: Database): EventLogStore => {
  const nextSequence = createCounterIncrement(db);
  const insert = db.prepare<[LoggedEventRow]>(EVENT_LOG_SQL.insert);
  const byId = db.prepare<[string], LoggedEventRow>(EVENT_LOG_SQL.byId);
  const after = db.prepare<[number, number], LoggedEventRow>(EVENT_LOG_SQL.after);
  const userAfter = db.prepare<[string, number, number], LoggedEventRow>(EVENT_LOG_SQL.userAfter);
  const oldest = db.prepare<[], { sequence: number | null }>(EVENT_LOG_SQL.oldest);
  const newest = db.prepare<[], { sequence: number | null }>(EVENT_LOG_SQL.newest);
  const compact = db.prepare<[number, number]>(EVENT_LOG_SQL.compact);

  return {
    async takeSequence() {
      return nextSequence(EVENT_SEQUENCE_COUNTER);
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
  };
};
