/**
 * The event log and the records' outbox (docs/api.md, "Events"). Released like every
 * migration: never edited once shipped.
 *
 * - `event_log`: the primary key on the event id is what makes a relay's insert idempotent
 *   (`ON CONFLICT (id) DO NOTHING`, also between processes); `sequence` is unique, and its index
 *   is the order readers page through. The subjects are real columns so that an order's timeline
 *   or a customer's events can be indexed later without rewriting the log. `payload` is JSON text:
 *   only ever written and read whole. A rowid table: payloads are too big a row for an index B-tree.
 * - `event_log_compactable` holds only the events that concern no order (the only ones compaction
 *   may remove), oldest logged first, so a compaction batch is one short range of it.
 * - `event_outbox`: the events a state change wrote in its own transaction, the whole event as JSON.
 *   `position` aliases the rowid, so it is insertion order (a new row takes the largest + 1) and,
 *   being declared, survives VACUUM, which may renumber an undeclared rowid. The event id is
 *   unique, which is how one entry is cleared. One table serves every kind of record: the port
 *   names an outbox by `source` and `source_id` together. `source` has no CHECK, so a new kind of
 *   record needs no table rebuild (SQLite cannot alter a constraint); the port's type guards it.
 * - `event_outbox_pending` on `occurred_at` alone: like every index it ends with the rowid, which
 *   is `position`, so it serves "oldest first, ties in insertion order" without a sort.
 */
export function eventLogMigration(): string {
  return `
  CREATE TABLE event_log (
    id TEXT PRIMARY KEY,
    sequence INTEGER NOT NULL,
    type TEXT NOT NULL,
    occurred_at INTEGER NOT NULL,
    logged_at INTEGER NOT NULL,
    user_id TEXT,
    order_id TEXT,
    transaction_id TEXT,
    product_id TEXT,
    payload TEXT NOT NULL
  );
  CREATE UNIQUE INDEX event_log_sequence ON event_log (sequence);
  CREATE INDEX event_log_compactable ON event_log (logged_at, sequence) WHERE order_id IS NULL;

  CREATE TABLE event_outbox (
    position INTEGER PRIMARY KEY,
    event_id TEXT NOT NULL UNIQUE,
    source TEXT NOT NULL,
    source_id TEXT NOT NULL,
    occurred_at INTEGER NOT NULL,
    body TEXT NOT NULL
  );
  CREATE INDEX event_outbox_pending ON event_outbox (occurred_at);
  `;
}
