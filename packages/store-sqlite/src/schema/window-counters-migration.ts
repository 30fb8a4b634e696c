/**
 * Fixed-window counters shared by every instance (docs/operations.md, "Login
 * throttling"). Released like every migration: never edited once shipped.
 *
 * - `window_counters`: one row per key, its count and the instant its window ends. The primary key
 *   is the conflict target of `hit`'s single upsert, which counts in the live window or starts a
 *   new one atomically (between processes too: one statement, one write lock). WITHOUT ROWID: the
 *   rows are small and only ever found by key.
 * - `window_counters_reset_at` is the order `sweep` deletes ended windows in, so a batch is one
 *   short range of it however many windows are live. (Its entries carry the key, the table's
 *   primary key, so the batch's keys are read from the index alone.)
 */
export function windowCountersMigration(): string {
  return `
  CREATE TABLE window_counters (
    key TEXT PRIMARY KEY,
    count INTEGER NOT NULL,
    reset_at INTEGER NOT NULL
  ) WITHOUT ROWID;
  CREATE INDEX window_counters_reset_at ON window_counters (reset_at);
  `;
}
