import { useSearchParams } from 'wouter';
import { pageOf } from '../../../../shared/format/page-param.js';
import { ErrorNotice } from '../../../../shared/ui/error-notice.js';
import { Pager } from '../../../../shared/ui/pager.js';
import { Empty, Loading } from '../../../../shared/ui/status.js';
import { useMailbox } from '../api/mailbox.js';
import { MailboxTable } from '../components/mailbox-table.js';

/** The local mailbox of the embedded default: every mail the shop "sent", as its recipient got it. */
const MailboxPage = () => {
  const [params, setParams] = useSearchParams();
  const page = pageOf(params);
  const mailbox = useMailbox(page);

  return (
    <section className="stack">
      <div className="page-head">
        <h1>Mailbox</h1>
        <button type="button" disabled={mailbox.isFetching} onClick={() => void mailbox.refetch()}>
          {mailbox.isFetching ? 'Refreshing…' : 'Refresh'}
        </button>
      </div>
      <p className="muted">
        With no SMTP relay set, the shop keeps the mail it sends here instead (development only).
      </p>
      {mailbox.isPending ? (
        <Loading label="Loading the mailbox" />
      ) : mailbox.isError ? (
        <ErrorNotice error={mailbox.error} title="The mailbox could not be loaded" />
      ) : mailbox.data.mails.length === 0 ? (
        <Empty>
          {mailbox.data.pagination.total > 0
            ? `Page ${page} is past the last page.`
            : 'The mailbox is empty: mail appears here once it is delivered. Send a test email from the Mail page to try it.'}
        </Empty>
      ) : (
        <MailboxTable mails={mailbox.data.mails} busy={mailbox.isPlaceholderData} />
      )}
      {mailbox.data && mailbox.data.pagination.total > 0 && (
        <Pager
          page={page}
          pages={mailbox.data.pagination.pages}
          onPage={(next) => setParams(next > 1 ? { page: String(next) } : {})}
        />
      )}
    </section>
  );
};

export default MailboxPage;
