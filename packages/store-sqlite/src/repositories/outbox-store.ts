import type { OutboxSource, OutboxStore } from '@trx-shop/domain';
import { eventFromOutboxBody, type OutboxRow } from '../rows/outbox-row.js';
import { type Database, immediate } from '../sqlite-database.js';

export const OUTBOX_SQL = {
  /** `position` is the rowid, the tail of the `occurred_at` index: ties stay in insertion order. */
  pending: 'SELECT source, source_id, body FROM event_outbox ORDER BY occurred_at, position LIMIT ?',
  /** Found by the unique event id; the record must match too, so a stale entry clears nothing else. */
  clear: 'DELETE FROM event_outbox WHERE event_id = ? AND source = ? AND source_id = ?',
} as const;

/**
 * The outbox of a file an older version wrote: it left a change's events here for the relay.
 * This version logs them in the change itself (event-writer.ts) and writes no entry, so the
 * relay only drains what was left behind at the upgrade, each event logged once.
 */
export const createSqliteOutboxStore = (db: Database): OutboxStore => {
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
