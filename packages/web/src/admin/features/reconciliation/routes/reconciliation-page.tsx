import { useSearchParams } from 'wouter';
import { RunForm } from '../components/run-form.js';
import { RunHistory } from '../components/run-history.js';
import { ShownReport } from '../components/shown-report.js';
import {
  type ReconciliationView,
  reconciliationSearchOf,
  reconciliationViewOf,
} from '../utils/page-params.js';

const hrefOf = (view: ReconciliationView): string => {
  const search = reconciliationSearchOf(view).toString();
  return `/reconciliation${search ? `?${search}` : ''}`;
};

/** Runs a reconciliation of the ledger with the chain, shows the latest report (or a past one) and the history of runs. */
const ReconciliationPage = () => {
  const [params, setParams] = useSearchParams();
  const view = reconciliationViewOf(params);
  return (
    <section className="stack">
      <h1>Reconciliation</h1>
      <RunForm onDone={() => setParams(reconciliationSearchOf({ page: 1 }))} />
      <ShownReport run={view.run} latestHref={hrefOf({ page: view.page })} />
      <RunHistory
        page={view.page}
        shown={view.run}
        hrefOf={(run) => hrefOf({ run, page: view.page })}
        onPage={(page) => setParams(reconciliationSearchOf({ ...view, page }))}
      />
    </section>
  );
};

export default ReconciliationPage;
