import { useSearchParams } from 'wouter';
import { ErrorNotice } from '../../../../shared/ui/error-notice.js';
import { Pager } from '../../../../shared/ui/pager.js';
import { Empty, Loading } from '../../../../shared/ui/status.js';
import { ledgerExportHref, useLedger } from '../api/ledger.js';
import { LedgerFiltersForm } from '../components/ledger-filters-form.js';
import { LedgerSummary } from '../components/ledger-summary.js';
import { LedgerTable } from '../components/ledger-table.js';
import {
  hasLedgerFilters,
  type LedgerFilters,
  ledgerFiltersOf,
  ledgerSearchOf,
} from '../utils/ledger-filters.js';

/** The merchant wallet's movements with the balance after each, filtered and paged by the API; the filters live in the URL. */
const LedgerPage = () => {
  const [params, setParams] = useSearchParams();
  const filters = ledgerFiltersOf(params);
  const ledger = useLedger(filters);
  const show = (next: LedgerFilters) => setParams(ledgerSearchOf(next));

  return (
    <section className="stack">
      <div className="page-head">
        <h1>Ledger</h1>
        <a href={ledgerExportHref(filters)} download="ledger.csv">
          Download CSV
        </a>
      </div>
      <LedgerFiltersForm filters={filters} onChange={show} />
      {ledger.isPending ? (
        <Loading label="Loading the ledger" />
      ) : ledger.isError ? (
        <ErrorNotice error={ledger.error} title="The ledger could not be loaded" />
      ) : (
        <>
          <LedgerSummary ledger={ledger.data} filtered={hasLedgerFilters(filters)} />
          <h2>Movements</h2>
          {ledger.data.movements.length === 0 ? (
            <Empty>
              {ledger.data.pagination.total > 0
                ? `Page ${filters.page} is past the last page.`
                : hasLedgerFilters(filters)
                  ? 'No movements match these filters.'
                  : 'No movements yet: payments, refunds and deposits appear here as they happen.'}
            </Empty>
          ) : (
            <LedgerTable movements={ledger.data.movements} busy={ledger.isPlaceholderData} />
          )}
          {ledger.data.pagination.total > 0 && (
            <>
              <p className="muted">
                {ledger.data.pagination.total} {ledger.data.pagination.total === 1 ? 'movement' : 'movements'}
              </p>
              <Pager
                page={filters.page}
                pages={ledger.data.pagination.pages}
                onPage={(page) => show({ ...filters, page })}
              />
            </>
          )}
        </>
      )}
    </section>
  );
};

export default LedgerPage;
