import type { Notifier, ServiceEvent } from '@trx-shop/domain';

export interface RecordedEvent {
  readonly userId: string;
  readonly event: ServiceEvent;
}

export interface RecordingNotifier extends Notifier {
  readonly events: RecordedEvent[];
}

/** Records every event, and passes it on (to the app's WebSocket rooms) when given a next notifier. */
export const createRecordingNotifier = (next?: Notifier): RecordingNotifier => {
  const events: RecordedEvent[] = [];
  return {
    events,
    notifyUser: (userId, event) => {
      events.push({ userId, event });
      next?.notifyUser(userId, event);
    },
  };
};
