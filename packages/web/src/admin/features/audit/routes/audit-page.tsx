import { useSearchParams } from 'wouter';
import { ErrorNotice } from '../../../../shared/ui/error-notice.js';
import { Pager } from '../../../../shared/ui/pager.js';
import { Empty, Loading } from '../../../../shared/ui/status.js';
import { useAuditEntries } from '../api/audit-entries.js';
import { ActiveIdFilters } from '../components/active-id-filters.js';
import { AuditFiltersForm } from '../components/audit-filters-form.js';
import { AuditTable } from '../components/audit-table.js';
import { type AuditFilters, auditFiltersOf, auditSearchOf, hasAuditFilters } from '../utils/audit-filters.js';

/** Who did what and what it changed, filtered and paged by the API; the filters live in the URL. */
const AuditPage = () => {
  const [params, setParams] = useSearchParams();
  const filters = auditFiltersOf(params);
  const entries = useAuditEntries(filters);
  const show = (next: AuditFilters) => setParams(auditSearchOf(next));

  return (
    <section className="stack">
      <h1>Audit trail</h1>
      <AuditFiltersForm filters={filters} onChange={show} />
      <ActiveIdFilters filters={filters} entries={entries.data?.entries ?? []} onChange={show} />
      {entries.isPending ? (
        <Loading label="Loading the audit trail" />
      ) : entries.isError ? (
        <ErrorNotice error={entries.error} title="The audit trail could not be loaded" />
      ) : entries.data.entries.length === 0 ? (
        <Empty>
          {entries.data.pagination.total > 0
            ? `Page ${filters.page} is past the last page.`
            : hasAuditFilters(filters)
              ? 'No actions match these filters.'
              : 'No admin actions yet: each one is recorded here as it happens.'}
        </Empty>
      ) : (
        <AuditTable
          entries={entries.data.entries}
          busy={entries.isPlaceholderData}
          onActor={(actor) => show({ ...filters, actor, page: 1 })}
          onTarget={(target) => show({ ...filters, target, page: 1 })}
        />
      )}
      {entries.data && entries.data.pagination.total > 0 && (
        <>
          <p className="muted">
            {entries.data.pagination.total} {entries.data.pagination.total === 1 ? 'entry' : 'entries'}
          </p>
          <Pager
            page={filters.page}
            pages={entries.data.pagination.pages}
            onPage={(page) => show({ ...filters, page })}
          />
        </>
      )}
    </section>
  );
};

export default AuditPage;
