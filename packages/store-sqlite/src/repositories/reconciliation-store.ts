import { offsetOf, pageOf, type ReconciliationStore } from '@trx-shop/domain';
import {
  type ReconciliationReportRow,
  reportFromRow,
  reportToRow,
  summaryFromJson,
} from '../rows/reconciliation-report-row.js';
import type { Database } from '../sqlite-database.js';

export const RECONCILIATION_SQL = {
  latestReport:
    'SELECT summary, discrepancies FROM reconciliation_reports ORDER BY started_at DESC, id DESC LIMIT 1',
  reportsPage:
    'SELECT summary FROM reconciliation_reports ORDER BY started_at DESC, id DESC LIMIT ? OFFSET ?',
  reportCount: 'SELECT COUNT(*) AS n FROM reconciliation_reports',
  reportById: 'SELECT summary, discrepancies FROM reconciliation_reports WHERE id = ?',
  // The addresses come as one JSON array, so any batch is one statement text, prepared once (and
  // no batch runs into SQLite's limit on bound values); CROSS JOIN keeps them the outer loop, each
  // one lookup of the primary key. An address given twice finds its row twice, the same opening.
  openings:
    'SELECT o.address AS address, o.opening_sun AS opening_sun FROM json_each(?) AS wanted ' +
    'CROSS JOIN wallet_openings AS o WHERE o.address = wanted.value',
} as const;

/**
 * Reconciliation's state beside the ledger, so every instance and the CLI share it. Each write is
 * one statement: a report is a row of its own (every run's is kept), and an opening goes in only
 * when the address has none (its primary key decides, so concurrent runs keep the first one).
 */
export const createSqliteReconciliationStore = (db: Database): ReconciliationStore => {
  const saveReport = db.prepare<[ReconciliationReportRow]>(
    'INSERT INTO reconciliation_reports (id, started_at, summary, discrepancies) ' +
      'VALUES (@id, @started_at, @summary, @discrepancies) ON CONFLICT (id) DO UPDATE SET ' +
      'started_at = excluded.started_at, summary = excluded.summary, discrepancies = excluded.discrepancies',
  );
  type ReportColumns = Pick<ReconciliationReportRow, 'summary' | 'discrepancies'>;
  const latestReport = db.prepare<[], ReportColumns>(RECONCILIATION_SQL.latestReport);
  const reportsPage = db.prepare<[number, number], { summary: string }>(RECONCILIATION_SQL.reportsPage);
  const reportCount = db.prepare<[], { n: number }>(RECONCILIATION_SQL.reportCount);
  const reportById = db.prepare<[string], ReportColumns>(RECONCILIATION_SQL.reportById);
  const openingsOf = db.prepare<[string], { address: string; opening_sun: number }>(
    RECONCILIATION_SQL.openings,
  );
  const recordOpening = db.prepare(
    'INSERT INTO wallet_openings (address, opening_sun, recorded_at) VALUES (@address, @opening_sun, @recorded_at) ' +
      'ON CONFLICT (address) DO NOTHING',
  );
  return {
    async saveReport(report) {
      saveReport.run(reportToRow(report));
    },
    async latestReport() {
      const row = latestReport.get();
      return row ? reportFromRow(row) : null;
    },
    async listReports(request) {
      // One read transaction: the page and its total see the same runs.
      return db.transaction(() => {
        const rows = reportsPage.all(request.limit, offsetOf(request));
        const total = reportCount.get()?.n ?? 0;
        return pageOf(
          rows.map((row) => summaryFromJson(row.summary)),
          total,
          request,
        );
      })();
    },
    async findReport(id) {
      const row = reportById.get(id);
      return row ? reportFromRow(row) : null;
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
