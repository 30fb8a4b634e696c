import type { WebhookDelivery } from '@trx-shop/client';
import { Time } from '../../../../shared/ui/time.js';

type Attempt = WebhookDelivery['attempts'][number];

const outcome = (attempt: Attempt): string =>
  attempt.statusCode === null ? 'No answer' : `HTTP ${attempt.statusCode}`;

/** The count, and each attempt on demand: when, what came back, how fast, and what it said. */
export const DeliveryAttempts = ({ attempts }: { attempts: WebhookDelivery['attempts'] }) =>
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
            <Time iso={attempt.at} /> · <strong>{outcome(attempt)}</strong> · {attempt.latencyMs} ms
            {attempt.error && <div className="field-error">{attempt.error}</div>}
            {attempt.response && (
              <>
                <div className="muted">Response (first 1 KB):</div>
                <pre className="attempt-response">{attempt.response}</pre>
              </>
            )}
          </li>
        ))}
      </ol>
    </details>
  );
