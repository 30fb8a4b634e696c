import { Time } from '../../../../shared/ui/time.js';
import type { LiveActivity as Entry } from '../api/admin-feed.js';

/** The latest frames of the admin room, newest first, announced politely as they come. */
export const LiveActivity = ({ activity }: { activity: readonly Entry[] }) => (
  <div aria-live="polite">
    {activity.length === 0 ? (
      <p className="muted">New orders, payments and refunds appear here as they happen.</p>
    ) : (
      <ol className="activity">
        {activity.map((entry) => (
          <li key={entry.id}>
            <span>{entry.words}</span> <Time iso={entry.receivedAt} />
          </li>
        ))}
      </ol>
    )}
  </div>
);
