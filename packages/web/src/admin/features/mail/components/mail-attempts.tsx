import type { components } from '@trx-shop/client';
import { Time } from '../../../../shared/ui/time.js';

type Attempts = components['schemas']['ListMailMessagesResponse']['messages'][number]['attempts'];

/** The count, and each attempt on demand: when, whether the server accepted it, how fast, and why not. */
export const MailAttempts = ({ attempts }: { attempts: Attempts }) =>
  attempts.length === 0 ? (
    <span className="muted">None yet</span>
  ) : (
    <details className="attempts">
      <summary>
        {attempts.length} {attempts.length === 1 ? 'attempt' : 'attempts'}
      </summary>
      <ol>
        {attempts.map((attempt) => (
          <li key={attempt.attempt}>
            <Time iso={attempt.at} /> · <strong>{attempt.error === null ? 'Accepted' : 'Refused'}</strong> ·{' '}
            {attempt.latencyMs} ms
            {attempt.error !== null && <div className="field-error">{attempt.error}</div>}
          </li>
        ))}
      </ol>
    </details>
  );
