import { codesOf, type DomainError, domainError } from '../../../errors/domain-error.js';
import type { ReconciliationStore } from '../../../ports/reconciliation-store.port.js';
import type {
  ReconciliationReport,
  ReconciliationReportSummary,
} from '../../../reconciliation/reconciliation-report.js';
import type { Page, PageRequest } from '../../../shared/pagination.js';
import { err, ok, type Result } from '../../../shared/result.js';

interface RunsDeps {
  readonly store: { readonly reconciliation: ReconciliationStore };
}

export type FindReconciliationRunError = DomainError<'RECONCILIATION_RUN_NOT_FOUND'>;
export const FIND_RECONCILIATION_RUN_ERRORS = codesOf<FindReconciliationRunError>()([
  'RECONCILIATION_RUN_NOT_FOUND',
]);

/** The history of reconciliation runs, newest first, each without its discrepancy rows. */
export const listReconciliationRuns = (
  deps: RunsDeps,
  page: PageRequest,
): Promise<Page<ReconciliationReportSummary>> => deps.store.reconciliation.listReports(page);

/** One run's whole report, its discrepancy rows included. */
export const findReconciliationRun = async (
  deps: RunsDeps,
  id: string,
): Promise<Result<ReconciliationReport, FindReconciliationRunError>> => {
  const report = await deps.store.reconciliation.findReport(id);
  return report
    ? ok(report)
    : err(domainError('RECONCILIATION_RUN_NOT_FOUND', 'No reconciliation run has this id'));
};
