import { WEBHOOK_EVENT_GROUPS, WEBHOOK_EVENTS, type WebhookEventType } from '../utils/webhook-events.js';

/** The event types as checkboxes grouped by what they concern; none chosen means all events. */
export const EventCheckboxes = ({
  chosen,
  onChange,
  error,
}: {
  chosen: readonly WebhookEventType[];
  onChange: (next: WebhookEventType[]) => void;
  error?: string | undefined;
}) => {
  const toggle = (type: WebhookEventType, on: boolean) =>
    onChange(on ? [...chosen, type] : chosen.filter((candidate) => candidate !== type));
  return (
    <fieldset className="event-choice" aria-describedby="webhook-events-hint">
      <legend>Events</legend>
      <p id="webhook-events-hint" className="muted">
        {chosen.length === 0
          ? 'None chosen: all events. That is every order, payment, refund, wallet, customer and product event; administration events only when chosen.'
          : `${chosen.length} chosen. Clear them all to receive all events.`}
      </p>
      {error && <p className="field-error">{error}</p>}
      <div className="event-groups">
        {WEBHOOK_EVENT_GROUPS.map(({ group, types }) => (
          <fieldset key={group}>
            <legend>{group}</legend>
            {types.map((type) => (
              <label key={type} className="check">
                <input
                  type="checkbox"
                  checked={chosen.includes(type)}
                  onChange={(event) => toggle(type, event.target.checked)}
                />
                <span>
                  {WEBHOOK_EVENTS[type].words} <code>{type}</code>
                </span>
              </label>
            ))}
          </fieldset>
        ))}
      </div>
      {chosen.length > 0 && (
        <button type="button" onClick={() => onChange([])}>
          Clear: all events
        </button>
      )}
    </fieldset>
  );
};
