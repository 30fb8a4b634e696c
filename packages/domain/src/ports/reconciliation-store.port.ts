import type { Sun } from '../money/sun.js';
import type { ReconciliationReport, WalletOpening } from '../reconciliation/reconciliation-report.js';

/** What reconciliation keeps between runs, in the store so every instance and the CLI share it. */
export interface ReconciliationStore {
  /** Keeps `report` as the latest (only the latest is kept). */
  saveReport(report: ReconciliationReport): Promise<void>;
  latestReport(): Promise<ReconciliationReport | null>;
  /** The recorded openings of these addresses (absent: none recorded). */
  openings(addresses: readonly string[]): Promise<ReadonlyMap<string, Sun>>;
  /** Records an opening unless the address has one: the first recorded stays. */
  recordOpening(opening: WalletOpening): Promise<void>;
}
