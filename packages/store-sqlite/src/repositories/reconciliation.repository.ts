import type { ReconciliationStore } from '@trx-shop/domain';
import { reportFromJson, reportToJson } from '../rows/reconciliation-report-row.js';
import type { Database } from '../sqlite-database.js';

export const RECONCILIATION_SQL = {
  latestReport: "SELECT report FROM reconciliation_reports WHERE name = 'latest'",
  openings: (count: number) =>
    `SELECT address, opening_sun FROM wallet_openings WHERE address IN (${Array.from({ length: count }, () => '?').join(', ')})`,
} as const;

/**
 * Reconciliation's state beside the ledger, so every instance and the CLI share it. Each write is
 * one statement: the report replaces the single 'latest' row, and an opening goes in only when
 * the address has none (its primary key decides, so concurrent runs keep the first one).
 */
export const createSqliteReconciliationRepository = (db: Database): ReconciliationStore => {
  const saveReport = db.prepare(
    "INSERT INTO reconciliation_reports (name, report) VALUES ('latest', ?) " +
      'ON CONFLICT (name) DO UPDATE SET report = excluded.report',
  );
  const latestReport = db.prepare<[], { report: string }>(RECONCILIATION_SQL.latestReport);
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
      const rows = db
        .prepare<string[], { address: string; opening_sun: number }>(
          RECONCILIATION_SQL.openings(addresses.length),
        )
        .all(...addresses);
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
