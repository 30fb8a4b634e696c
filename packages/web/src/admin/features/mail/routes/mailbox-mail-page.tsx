import { Link } from 'wouter';
import { ErrorNotice } from '../../../../shared/ui/error-notice.js';
import { Loading } from '../../../../shared/ui/status.js';
import { Time } from '../../../../shared/ui/time.js';
import { useMailboxMail } from '../api/mailbox.js';
import { MailParts } from '../components/mail-parts.js';
import { messageIdOf } from '../utils/mailbox-path.js';

/** One mail of the local mailbox: who it went to, when, and both its parts. */
const MailboxMailPage = ({ messageId }: { messageId: string }) => {
  const mail = useMailboxMail(messageIdOf(messageId));
  return (
    <section className="stack">
      <Link href="/mailbox">← Mailbox</Link>
      {mail.isPending ? (
        <>
          <h1>Mail</h1>
          <Loading label="Loading the mail" />
        </>
      ) : mail.isError ? (
        <>
          <h1>Mail</h1>
          <ErrorNotice error={mail.error} title="The mail could not be loaded" />
        </>
      ) : (
        <>
          <h1>{mail.data.mail.subject}</h1>
          <dl className="facts">
            <dt>To</dt>
            <dd className="mail-to">{mail.data.mail.to}</dd>
            <dt>Delivered</dt>
            <dd>
              <Time iso={mail.data.mail.deliveredAt} />
            </dd>
            <dt>Message id</dt>
            <dd>
              <code className="mail-id">{mail.data.mail.messageId}</code>
            </dd>
          </dl>
          <MailParts mail={mail.data.mail} />
        </>
      )}
    </section>
  );
};

export default MailboxMailPage;
