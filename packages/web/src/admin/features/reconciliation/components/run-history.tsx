import { ErrorNotice } from '../../../../shared/ui/error-notice.js';
import { Pager } from '../../../../shared/ui/pager.js';
import { Empty, Loading } from '../../../../shared/ui/status.js';
import { useRuns } from '../api/reports.js';
import { RunsTable } from './runs-table.js';

/** Every run, newest first, paged by the API. */
export const RunHistory = ({
  page,
  shown,
  hrefOf,
  onPage,
}: {
  page: number;
  shown: string | undefined;
  hrefOf: (id: string) => string;
  onPage: (page: number) => void;
}) => {
  const runs = useRuns(page);
  return (
    <section className="stack" aria-labelledby="run-history">
      <h2 id="run-history">History of runs</h2>
      {runs.isPending ? (
        <Loading label="Loading the runs" />
      ) : runs.isError ? (
        <ErrorNotice error={runs.error} title="The runs could not be loaded" />
      ) : runs.data.runs.length === 0 ? (
        <Empty>
          {runs.data.pagination.total > 0 ? `Page ${page} is past the last page.` : 'No runs yet.'}
        </Empty>
      ) : (
        <RunsTable runs={runs.data.runs} shown={shown} hrefOf={hrefOf} busy={runs.isPlaceholderData} />
      )}
      {runs.data && runs.data.pagination.total > 0 && (
        <Pager page={page} pages={runs.data.pagination.pages} onPage={onPage} />
      )}
    </section>
  );
};
