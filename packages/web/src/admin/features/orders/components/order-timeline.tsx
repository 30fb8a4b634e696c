import { Time } from '../../../../shared/ui/time.js';
import {
  eventActor,
  eventDetails,
  eventTitle,
  eventTxHash,
  type HistoryEntry,
} from '../utils/describe-event.js';

/** The order's events, oldest first, each with its time and who acted. */
export const OrderTimeline = ({ history }: { history: readonly HistoryEntry[] }) =>
  history.length === 0 ? (
    <p className="muted">No events recorded for this order.</p>
  ) : (
    <ol className="timeline" aria-label="History">
      {history.map((entry) => {
        const txHash = eventTxHash(entry);
        return (
          <li key={entry._id}>
            <strong>{eventTitle(entry.type)}</strong>{' '}
            <span className="muted">
              <Time iso={entry.at} /> · {eventActor(entry)}
            </span>
            {eventDetails(entry).map((detail) => (
              <div key={detail}>{detail}</div>
            ))}
            {txHash && (
              <div>
                <code className="hash">{txHash}</code>
              </div>
            )}
          </li>
        );
      })}
    </ol>
  );
