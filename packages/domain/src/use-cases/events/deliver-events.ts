import { adminFrameOf, frameOfEvent } from '../../events/event-frames.js';
import { readLogAfter } from '../../events/read-log.js';
import type { LoggedEvent } from '../../ports/shop-event.js';
import type { EventLogStore } from '../../ports/event-log.port.js';
import type { DeliveredAdminFrame, DeliveredFrame, Notifier } from '../../ports/notifier.port.js';
import type { Clock } from '../../ports/runtime.port.js';

/** The frame a logged event means for its user's room; null for events no frame stands for. */
export const deliveredFrameOf = (event: LoggedEvent): DeliveredFrame | null => {
  const projected = frameOfEvent(event);
  return projected === null ? null : { ...projected, eventId: event.id, sequence: event.sequence };
};

/** The frame a logged event means for the admin room; null for events the room does not carry. */
export const deliveredAdminFrameOf = (event: LoggedEvent): DeliveredAdminFrame | null => {
  const frame = adminFrameOf(event);
  return frame === null ? null : { frame, eventId: event.id, sequence: event.sequence };
};

export interface EventDeliveryDeps {
  readonly eventLog: Pick<EventLogStore, 'readAfter' | 'newestSequence'>;
  readonly notifier: Notifier;
  readonly clock: Clock;
}

export interface EventDeliveryOptions {
  /** How long a missing sequence may still land before the reader passes it (`readLogAfter`). */
  readonly holeGraceMs: number;
  readonly batchSize?: number;
}

export interface EventDelivery {
  /** The last sequence delivered or passed: every event up to it has been through `deliver`. */
  position(): number;
  /**
   * Delivers what the log gained since the last pump; pumps run one after another. Answers how
   * many events reached a room (a user's, the admins', or both).
   */
  pump(): Promise<number>;
  /**
   * Asks for a pump soon (the store said the log grew): any number of wakes before that pump
   * starts make one pump, so a burst of appends is not a burst of reads.
   */
  wake(): void;
  /**
   * Gives up on the pumps under way and queued (a store call that never settles would hold every
   * later pump behind it): whatever they read from now on is dropped, and the next pump starts at
   * the position, so nothing is delivered twice or skipped.
   */
  abandon(): void;
}

const DEFAULT_BATCH = 500;

/**
 * This instance's reader of the log: every instance tails the one log and delivers each event's
 * frame to its own sockets, so a client hears of its events whichever instance caused them. It
 * starts at the newest event logged (a client that was away replays from the log by its last
 * event id). Deliveries and the position move together, with no wait in between, so a replay that
 * takes the position as its end and joins the room at the same moment meets no gap and no twin.
 */
export const startEventDelivery = async (
  deps: EventDeliveryDeps,
  { holeGraceMs, batchSize = DEFAULT_BATCH }: EventDeliveryOptions,
): Promise<EventDelivery> => {
  let position = (await deps.eventLog.newestSequence()) ?? 0;
  // A pump delivers and moves the position only while its generation is the current one.
  let generation = 0;
  const pumpOnce = async (mine: number): Promise<number> => {
    let delivered = 0;
    for (;;) {
      const read = await readLogAfter(deps.eventLog, position, {
        graceMs: holeGraceMs,
        now: deps.clock.now(),
        limit: batchSize,
      });
      if (mine !== generation) return delivered;
      for (const event of read.events) {
        const frame = deliveredFrameOf(event);
        const adminFrame = deliveredAdminFrameOf(event);
        if (frame !== null) deps.notifier.deliver(frame);
        if (adminFrame !== null) deps.notifier.deliverToAdmins(adminFrame);
        if (frame !== null || adminFrame !== null) delivered += 1;
      }
      position = read.position;
      if (read.waitingOnHole || read.events.length < batchSize) return delivered;
    }
  };
  let last: Promise<number> = Promise.resolve(0);
  let wakeQueued = false;
  const pump = (before: () => void = () => {}) => {
    const mine = generation;
    const run = async () => {
      if (mine !== generation) return 0;
      before();
      return pumpOnce(mine);
    };
    last = last.then(run, run);
    return last;
  };
  return {
    position: () => position,
    pump: () => pump(),
    wake: () => {
      if (wakeQueued) return;
      wakeQueued = true;
      pump(() => {
        wakeQueued = false;
      }).catch(() => {});
    },
    abandon: () => {
      generation += 1;
      wakeQueued = false;
      last = Promise.resolve(0);
    },
  };
};

/**
 * The frames of the logged events `read` answers after `after` up to `upTo`, in sequence order,
 * read page by page: what a reconnecting client missed in a room (the live delivery goes on from
 * `upTo`).
 */
const framesBetween = async <Frame>(
  read: (after: number, limit: number) => Promise<readonly LoggedEvent[]>,
  frameOf: (event: LoggedEvent) => Frame | null,
  after: number,
  upTo: number,
  pageSize: number,
): Promise<Frame[]> => {
  const frames: Frame[] = [];
  let from = after;
  for (;;) {
    const page = await read(from, pageSize);
    for (const event of page) {
      if (event.sequence > upTo) return frames;
      const frame = frameOf(event);
      if (frame !== null) frames.push(frame);
    }
    if (page.length < pageSize) return frames;
    from = (page.at(-1) as LoggedEvent).sequence;
  }
};

/** What one user's room missed after `after` up to `upTo`, in sequence order. */
export const userFramesBetween = (
  eventLog: Pick<EventLogStore, 'readUserAfter'>,
  userId: string,
  after: number,
  upTo: number,
  pageSize = DEFAULT_BATCH,
): Promise<DeliveredFrame[]> =>
  framesBetween(
    (from, limit) => eventLog.readUserAfter(userId, from, limit),
    deliveredFrameOf,
    after,
    upTo,
    pageSize,
  );

/** What the admin room missed after `after` up to `upTo`, in sequence order. */
export const adminFramesBetween = (
  eventLog: Pick<EventLogStore, 'readAfter'>,
  after: number,
  upTo: number,
  pageSize = DEFAULT_BATCH,
): Promise<DeliveredAdminFrame[]> =>
  framesBetween(
    (from, limit) => eventLog.readAfter(from, limit),
    deliveredAdminFrameOf,
    after,
    upTo,
    pageSize,
  );
