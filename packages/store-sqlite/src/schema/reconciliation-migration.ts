/**
 * What reconciliation reads and keeps (docs/api.md, "Reconciliation"). Released like
 * every migration: never edited once shipped.
 *
 * - `reconciliation_reports` keeps only the latest report: one row named 'latest', replaced by
 *   each run. The report is JSON text because it is only ever written and read whole. A rowid
 *   table: with its discrepancy rows a report is far too big a row for an index B-tree.
 * - `wallet_openings`: a wallet's balance before the scanner's first block. The primary key makes
 *   `INSERT ... ON CONFLICT DO NOTHING` keep the first opening when two runs record one at once.
 * - `transactions_confirmed_block` is the block order reconciliation pages through. Partial:
 *   pending lines have no block yet and failed ones are never compared, and the filter is the
 *   query's own `status = 'confirmed'`, so the page is one ordered range.
 *
 * The lines of a txID need no index of their own: every entry key begins with its txID
 * (`ledgerEntryKey`), so a prefix range of the unique `entry_key` index finds them, and the
 * ledger's inserts (the scanner's hot path) keep writing the indexes they wrote before.
 */
export function reconciliationMigration(): string {
  return `
  CREATE TABLE reconciliation_reports (
    name TEXT PRIMARY KEY CHECK (name = 'latest'),
    report TEXT NOT NULL
  );

  CREATE TABLE wallet_openings (
    address TEXT PRIMARY KEY,
    opening_sun INTEGER NOT NULL,
    recorded_at INTEGER NOT NULL
  ) WITHOUT ROWID;

  CREATE INDEX transactions_confirmed_block ON transactions (block_number, id) WHERE status = 'confirmed';
  `;
}
