import type { EventLogStore } from '../ports/event-log.port.js';
import type { Clock } from '../ports/runtime.port.js';
import type { LoggedEvent, ShopEvent } from '../ports/shop-event.js';

/**
 * Logs an event straight away, for changes whose record cannot carry an outbox (a deleted webhook
 * endpoint, a command run on the server): written right after the change, so a crash in between
 * loses the event, never the change.
 */
export const appendEvent = async (
  deps: {
    readonly store: { readonly eventLog: Pick<EventLogStore, 'insert' | 'takeSequence'> };
    readonly clock: Clock;
  },
  event: ShopEvent,
): Promise<LoggedEvent> =>
  deps.store.eventLog.insert(event, await deps.store.eventLog.takeSequence(), deps.clock.now());
