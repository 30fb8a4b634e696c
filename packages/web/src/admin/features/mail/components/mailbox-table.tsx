import type { components } from '@trx-shop/client';
import { Link } from 'wouter';
import { TableScroll } from '../../../../shared/ui/table-scroll.js';
import { Time } from '../../../../shared/ui/time.js';
import { mailboxMailPath } from '../utils/mailbox-path.js';

type MailboxMail = components['schemas']['ListMailboxResponse']['mails'][number];

/** The mailbox's mails, newest first; the subject opens one. */
export const MailboxTable = ({ mails, busy }: { mails: readonly MailboxMail[]; busy: boolean }) => (
  <TableScroll label="Mailbox list">
    <table aria-label="Mailbox" aria-busy={busy}>
      <thead>
        <tr>
          <th scope="col">Subject</th>
          <th scope="col">To</th>
          <th scope="col">Delivered</th>
        </tr>
      </thead>
      <tbody>
        {mails.map((mail) => (
          <tr key={mail.messageId}>
            <td>
              <Link href={mailboxMailPath(mail.messageId)}>{mail.subject}</Link>
            </td>
            <td className="mail-to">{mail.to}</td>
            <td>
              <Time iso={mail.deliveredAt} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  </TableScroll>
);
