import type { Notifier, ServiceEvent } from '@trx-shop/domain';

export interface RecordedEvent {
  readonly userId: string;
  readonly event: ServiceEvent;
}

export interface RecordingNotifier extends Notifier {
  readonly events: RecordedEvent[];
}

export const createRecordingNotifier = (): RecordingNotifier => {
  const events: RecordedEvent[] = [];
  return { events, notifyUser: (userId, event) => void events.push({ userId, event }) };
};
