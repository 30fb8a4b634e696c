/**
 * Every reconciliation run's report, no longer only the latest (docs/operations.md, "Reconciling
 * the ledger with the chain"). Released like every migration: never edited once shipped.
 *
 * - `reconciliation_reports` is rebuilt (its CHECK allowed the one 'latest' row): a row per run,
 *   keyed by the report's id. `summary` is the report's JSON without its rows and `discrepancies`
 *   their JSON array, in that column order: the history lists summaries only, and SQLite reads a
 *   row only as far as the last column asked for, so a listing skips the pages the rows fill.
 *   Still a rowid table: with up to 1,000 rows a report is far too big for an index B-tree.
 * - `reconciliation_reports_started` is the history's order (newest first, walked backwards), and
 *   its last entry is the latest report.
 * - The kept 'latest' row moves over; its `startedAt` ISO text becomes epoch milliseconds.
 */
export function reconciliationHistoryMigration(): string {
  return `
  CREATE TABLE reconciliation_runs (
    id TEXT PRIMARY KEY,
    started_at INTEGER NOT NULL,
    summary TEXT NOT NULL,
    discrepancies TEXT NOT NULL
  );
  INSERT INTO reconciliation_runs (id, started_at, summary, discrepancies)
    SELECT json_extract(report, '$.id'),
      CAST(strftime('%s', json_extract(report, '$.startedAt')) AS INTEGER) * 1000
        + CAST(substr(json_extract(report, '$.startedAt'), 21, 3) AS INTEGER),
      json_remove(report, '$.discrepancies'),
      json_extract(report, '$.discrepancies')
    FROM reconciliation_reports;
  DROP TABLE reconciliation_reports;
  ALTER TABLE reconciliation_runs RENAME TO reconciliation_reports;
  CREATE INDEX reconciliation_reports_started ON reconciliation_reports (started_at, id);
  `;
}
