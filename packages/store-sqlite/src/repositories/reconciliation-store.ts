import type { ReconciliationStore } from '@trx-shop/domain';
import { reportFromJson, reportToJson } from '../rows/reconciliation-report-row.js';
import type { Database } from '../sqlite-database.js';

export const RECONCILIATION_SQL = {
  latestReport: "SELECT report FROM reconciliation_reports WHERE name = 'latest'",
  // The addresses come as one JSON array, so any batch is one statement text, prepared once (and
  // no batch runs into SQLite's limit on bound values); CROSS JOIN keeps them the outer loop, each
  // one lookup of the primary key. An address given twice finds its row twice, the same opening.
  openings:
    'SELECT o.address AS address, o.opening_sun AS opening_sun FROM json_each(?) AS wanted ' +
    'CROSS JOIN wallet_openings AS o WHERE o.address = wanted.value',
} as const;

/**
 * Reconciliation's state beside the ledger, so every instance and the CLI share it. Each write is
 * one statement: the report replaces the single 'latest' row, and an opening goes in only when
 * the address has none (its primary key decides, so concurrent runs keep the first one).
 */
export const createSqliteReconciliationStore = (db: Database): ReconciliationStore => {
  const saveReport = db.prepare(
    "INSERT INTO reconciliation_reports (name, report) VALUES ('latest', ?) " +
      'ON CONFLICT (name) DO UPDATE SET report = excluded.report',
  );
  const latestReport = db.prepare<[], { report: string }>(RECONCILIATION_SQL.latestReport);
  const openingsOf = db.prepare<[string], { address: string; opening_sun: number }>(
    RECONCILIATION_SQL.openings,
  );
  const recordOpening = db.prepare(
    'INSERT INTO wallet_openings (address, opening_sun, recorded_at) VALUES (@address, @opening_sun, @recorded_at) ' +
      'ON CONFLICT (address) DO NOTHING',
  );
  return {
    async saveReport(report) {
      saveReport.run(reportToJson(report));
    },
    async latestReport() {
      const row = latestReport.get();
      return row ? reportFromJson(row.report) : null;
    },
    async openings(addresses) {
      if (addresses.length === 0) return new Map();
      const rows = openingsOf.all(JSON.stringify(addresses));
      return new Map(rows.map((row) => [row.address, row.opening_sun]));
    },
    async recordOpening(opening) {
      recordOpening.run({
        address: opening.address,
        opening_sun: opening.openingSun,
        recorded_at: opening.recordedAt.getTime(),
      });
    },
  };
};
