import type { components } from '@trx-shop/client';
import { TableScroll } from '../../../../shared/ui/table-scroll.js';
import { Time } from '../../../../shared/ui/time.js';
import { STATUS_WORDS, TEMPLATE_WORDS } from '../utils/mail-words.js';
import { MailAttempts } from './mail-attempts.js';

type MailMessage = components['schemas']['ListMailMessagesResponse']['messages'][number];

/** The delivery log: what was mailed to whom, how it went, and Retry on a message that failed. */
export const MailTable = ({
  messages,
  busy,
  retrying,
  onRetry,
}: {
  messages: readonly MailMessage[];
  busy: boolean;
  /** The message whose retry is under way, if any. */
  retrying: string | undefined;
  onRetry: (message: MailMessage) => void;
}) => (
  <TableScroll label="Mail list">
    <table aria-label="Mail" aria-busy={busy}>
      <thead>
        <tr>
          <th scope="col">Mail</th>
          <th scope="col">To</th>
          <th scope="col">Status</th>
          <th scope="col">Attempts</th>
          <th scope="col">Next attempt</th>
          <th scope="col">Queued</th>
          <th scope="col">Action</th>
        </tr>
      </thead>
      <tbody>
        {messages.map((message) => (
          <tr key={message.id}>
            <td>{TEMPLATE_WORDS[message.template]}</td>
            <td className="mail-to">{message.to}</td>
            <td>
              <span className={`mail-status mail-status-${message.status}`}>
                {STATUS_WORDS[message.status]}
              </span>
              {message.sentAt && (
                <div className="muted">
                  <Time iso={message.sentAt} />
                </div>
              )}
            </td>
            <td>
              <MailAttempts attempts={message.attempts} />
            </td>
            <td>
              {message.nextAttemptAt ? (
                <Time iso={message.nextAttemptAt} />
              ) : (
                <span className="muted">none</span>
              )}
            </td>
            <td>
              <Time iso={message.createdAt} />
            </td>
            <td>
              {message.status === 'failed' ? (
                <button
                  type="button"
                  disabled={retrying === message.id}
                  aria-label={`Retry ${TEMPLATE_WORDS[message.template]} to ${message.to}`}
                  onClick={() => onRetry(message)}
                >
                  Retry
                </button>
              ) : (
                <span className="muted">none</span>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  </TableScroll>
);
