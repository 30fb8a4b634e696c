import type { ShopEvent } from '@trx-shop/domain';
import { LOGGED_EVENT_COLUMN_LIST, type LoggedEventRow, loggedEventToRow } from '../rows/logged-event-row.js';
import { positionalInsert } from '../positional-insert.js';
import type { Database } from '../sqlite-database.js';
import { createCounterIncrement } from './counter-store.js';
import { EVENT_SEQUENCE_COUNTER } from './event-log-store.js';

export type EventWriter = (events?: readonly ShopEvent[]) => void;

/**
 * Logs a state change's events in the change's own transaction, with sequence numbers taken in
 * it (docs/decisions.md, section 13). SQLite runs one write transaction at a time on a file,
 * whichever connection or process holds it, so the numbers commit in the order they were taken
 * and a rolled-back change takes its numbers back with it: the log never shows a hole, and no
 * relay has to move the events later. Callers run it inside the change's transaction, after it
 * applied. The event was logged when it occurred, so `loggedAt` is its `occurredAt`.
 */
export const createEventWriter = (db: Database): EventWriter => {
  // No conflict clause: an event id written twice by one write is a fault that must roll the
  // write back, not an event to skip.
  const insert = positionalInsert<LoggedEventRow>(db, 'event_log', LOGGED_EVENT_COLUMN_LIST);
  const takeSequences = createCounterIncrement(db);
  return (events = []) => {
    if (events.length === 0) return;
    const first = takeSequences(EVENT_SEQUENCE_COUNTER, events.length);
    for (const [index, event] of events.entries()) {
      insert(loggedEventToRow(event, first + index, event.occurredAt));
    }
  };
};
