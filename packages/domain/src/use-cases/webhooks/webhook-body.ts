import { eventDataOf } from '../../events/event-frames.js';
import type { EventPayload, EventSubjects } from '../../ports/shop-event.js';

/** What a delivery tells of its event (a logged event, or the ping). */
export interface DeliveredEvent {
  readonly type: string;
  readonly id: string;
  readonly sequence: number;
  readonly occurredAt: Date;
  readonly subjects: EventSubjects;
  readonly payload: EventPayload;
}

/**
 * The body of a delivery (docs/api.md, "Webhooks"): the event's type, id, sequence (a receiver
 * drops a retry older than what it has), time, and its data: the ids it concerns and its payload.
 */
export const webhookBody = (event: DeliveredEvent): string =>
  JSON.stringify({
    type: event.type,
    id: event.id,
    sequence: event.sequence,
    timestamp: event.occurredAt.toISOString(),
    data: eventDataOf(event),
  });
