import type { Sun } from '../money/sun.js';
import type {
  ReconciliationReport,
  ReconciliationReportSummary,
  WalletOpening,
} from '../reconciliation/reconciliation-report.js';
import type { Page, PageRequest } from '../shared/pagination.js';

/** What reconciliation keeps between runs, in the store so every instance and the CLI share it. */
export interface ReconciliationStore {
  /** Keeps `report` beside every earlier one: each run's report stays (docs/operations.md). */
  saveReport(report: ReconciliationReport): Promise<void>;
  /** The newest report by `startedAt`, then by id. */
  latestReport(): Promise<ReconciliationReport | null>;
  /** The history of runs, newest first (by `startedAt`, then id), without their discrepancy rows. */
  listReports(page: PageRequest): Promise<Page<ReconciliationReportSummary>>;
  findReport(id: string): Promise<ReconciliationReport | null>;
  /** The recorded openings of these addresses (absent: none recorded). */
  openings(addresses: readonly string[]): Promise<ReadonlyMap<string, Sun>>;
  /** Records an opening unless the address has one: the first recorded stays. */
  recordOpening(opening: WalletOpening): Promise<void>;
}
