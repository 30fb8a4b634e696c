import { useSearchParams } from 'wouter';
import { ErrorNotice } from '../../../../shared/ui/error-notice.js';
import { Pager } from '../../../../shared/ui/pager.js';
import { Empty, Loading } from '../../../../shared/ui/status.js';
import { useMailMessages, useRetryMail } from '../api/mail-messages.js';
import { DeliveryLine } from '../components/delivery-line.js';
import { MailStatusFilter } from '../components/mail-status-filter.js';
import { MailTable } from '../components/mail-table.js';
import { TestMailButton } from '../components/test-mail-button.js';
import { type MailFilters, mailFiltersOf, mailSearchOf } from '../utils/mail-filters.js';
import { TEMPLATE_WORDS } from '../utils/mail-words.js';

/** The delivery log of every mail the shop queued, filtered by status in the URL and paged by the API. */
const MailPage = () => {
  const [params, setParams] = useSearchParams();
  const filters = mailFiltersOf(params);
  const messages = useMailMessages(filters);
  const retry = useRetryMail();
  const show = (next: MailFilters) => setParams(mailSearchOf(next));

  return (
    <section className="stack">
      <div className="page-head">
        <h1>Mail</h1>
        <button type="button" disabled={messages.isFetching} onClick={() => void messages.refetch()}>
          {messages.isFetching ? 'Refreshing…' : 'Refresh'}
        </button>
      </div>
      {messages.data && <DeliveryLine delivery={messages.data.delivery} />}
      <TestMailButton />
      <MailStatusFilter status={filters.status} onChange={(status) => show({ status, page: 1 })} />
      {retry.isSuccess && (
        <p role="status" className="notice notice-ok">
          {TEMPLATE_WORDS[retry.data.message.template]} to {retry.data.message.to} queued again: it is sent
          now, its retry schedule started over.
        </p>
      )}
      {retry.isError && <ErrorNotice error={retry.error} title="The mail was not queued again" />}
      {messages.isPending ? (
        <Loading label="Loading mail" />
      ) : messages.isError ? (
        <ErrorNotice error={messages.error} title="The mail could not be loaded" />
      ) : messages.data.messages.length === 0 ? (
        <Empty>
          {messages.data.pagination.total > 0
            ? `Page ${filters.page} is past the last page.`
            : filters.status
              ? 'No mail has this status.'
              : 'No mail yet: receipts, notices and alerts appear here as they are queued. Send a test email to try it.'}
        </Empty>
      ) : (
        <MailTable
          messages={messages.data.messages}
          busy={messages.isPlaceholderData}
          retrying={retry.isPending ? retry.variables : undefined}
          onRetry={(message) => retry.mutate(message.id)}
        />
      )}
      {messages.data && messages.data.pagination.total > 0 && (
        <>
          <p className="muted">
            {messages.data.pagination.total} {messages.data.pagination.total === 1 ? 'message' : 'messages'}
          </p>
          <Pager
            page={filters.page}
            pages={messages.data.pagination.pages}
            onPage={(page) => show({ ...filters, page })}
          />
        </>
      )}
    </section>
  );
};

export default MailPage;
