import type { OutboxSource, OutboxStore, ShopEvent } from '@trx-shop/domain';
import { eventFromOutboxBody, type OutboxRow, outboxRowOf } from '../rows/outbox-row.js';
import { type Database, immediate } from '../sqlite-database.js';

export const OUTBOX_SQL = {
  insert:
    'INSERT INTO event_outbox (event_id, source, source_id, occurred_at, body) ' +
    'VALUES (@event_id, @source, @source_id, @occurred_at, @body)',
  /** `position` is the rowid, the tail of the `occurred_at` index: ties stay in insertion order. */
  pending: 'SELECT source, source_id, body FROM event_outbox ORDER BY occurred_at, position LIMIT ?',
  /** Found by the unique event id; the record must match too, so a stale entry clears nothing else. */
  clear: 'DELETE FROM event_outbox WHERE event_id = ? AND source = ? AND source_id = ?',
} as const;

export type OutboxWriter = (sourceId: string, events?: readonly ShopEvent[]) => void;

/**
 * Writes a state change's events to the outbox of its record, a `source` one. Callers run it
 * inside the transaction of that change, after it applied: the events commit or roll back with it.
 */
export const createOutboxWriter = (db: Database, source: OutboxSource): OutboxWriter => {
  const insert = db.prepare<[OutboxRow]>(OUTBOX_SQL.insert);
  return (sourceId, events = []) => {
    for (const event of events) insert.run(outboxRowOf(source, sourceId, event));
  };
};

export const createSqliteOutboxRepository = (db: Database): OutboxStore => {
  const pending = db.prepare<[number], Pick<OutboxRow, 'source' | 'source_id' | 'body'>>(OUTBOX_SQL.pending);
  const clear = db.prepare<[string, OutboxSource, string]>(OUTBOX_SQL.clear);
  return {
    async pending(limit) {
      return pending.all(limit).map((row) => ({
        source: row.source,
        sourceId: row.source_id,
        event: eventFromOutboxBody(row.body),
      }));
    },
    async clear(entries) {
      // One commit for the relay's batch.
      immediate(db, () => {
        for (const entry of entries) clear.run(entry.event.id, entry.source, entry.sourceId);
      });
    },
  };
};
