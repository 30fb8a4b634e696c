import { Link } from 'wouter';
import { ErrorNotice } from '../../../../shared/ui/error-notice.js';
import { Empty, Loading } from '../../../../shared/ui/status.js';
import { useLatestReconciliation } from '../../../../shared/api/latest-reconciliation.js';
import { useRunReport } from '../api/reports.js';
import { ReportView } from './report-view.js';

/** The latest report, or a past run's when the history chose one; "never run yet" is a state, not an error. */
export const ShownReport = ({ run, latestHref }: { run: string | undefined; latestHref: string }) => {
  const latest = useLatestReconciliation();
  const past = useRunReport(run);
  const report = run === undefined ? latest : past;
  return (
    <section className="stack" aria-labelledby="shown-report">
      <div className="page-head">
        <h2 id="shown-report">{run === undefined ? 'Latest report' : 'Report of a past run'}</h2>
        {run !== undefined && <Link href={latestHref}>Show the latest report</Link>}
      </div>
      {report.isPending ? (
        <Loading label="Loading the report" />
      ) : report.isError ? (
        <ErrorNotice error={report.error} title="The report could not be loaded" />
      ) : report.data === null ? (
        <Empty>Never run yet: run the first reconciliation above to compare the ledger with the chain.</Empty>
      ) : (
        <ReportView report={report.data} />
      )}
    </section>
  );
};
