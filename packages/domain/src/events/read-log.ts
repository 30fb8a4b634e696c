import type { EventLogStore } from '../ports/event-log.port.js';
import type { LoggedEvent } from '../ports/shop-event.js';

export interface LogRead {
  /** The events read, in sequence order, without a gap younger than the grace period. */
  readonly events: readonly LoggedEvent[];
  /** Where the next read starts: the last sequence read (or passed as a hole that will never fill). */
  readonly position: number;
  /** true when the read stopped before a hole still within its grace period. */
  readonly waitingOnHole: boolean;
}

export interface LogReadOptions {
  /** How long a missing sequence may still land (its writer took the number, its insert is on its way). */
  readonly graceMs: number;
  readonly now: Date;
  readonly limit: number;
}

/**
 * The events after `after`, never moving past a hole (a sequence number taken whose insert has
 * not landed yet) younger than the grace period, so a reader cannot skip an event that lands
 * late. A hole is at least as old as the event logged after it (that one's number was taken
 * later): once that event is older than the grace period, the missing number belongs to a writer
 * that died between taking it and inserting, and is passed.
 */
export const readLogAfter = async (
  log: Pick<EventLogStore, 'readAfter'>,
  after: number,
  options: LogReadOptions,
): Promise<LogRead> => {
  const batch = await log.readAfter(after, options.limit);
  const events: LoggedEvent[] = [];
  let position = after;
  for (const event of batch) {
    const followsHole = event.sequence !== position + 1;
    if (followsHole && options.now.getTime() - event.loggedAt.getTime() < options.graceMs) {
      return { events, position, waitingOnHole: true };
    }
    events.push(event);
    position = event.sequence;
  }
  return { events, position, waitingOnHole: false };
};
