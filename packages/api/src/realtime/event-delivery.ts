import { type EventDelivery, startEventDelivery } from '@trx-shop/domain';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createIntervalScheduler } from '../adapters/interval-scheduler.js';
import type { AppDeps } from '../app-deps.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** This instance's reader of the event log, feeding its WebSocket rooms. */
    eventDelivery: EventDelivery;
  }
}

export const DEFAULT_EVENT_POLL_INTERVAL_MS = 50;
export const DEFAULT_EVENT_HOLE_GRACE_MS = 2_000;
/**
 * A pump still reading after this long is abandoned and the next poll starts afresh: a store call
 * that never settles (a MongoDB connection lost without an error; the driver sets no socket
 * timeout by default) would otherwise hold every later pump and stop this instance's live frames.
 */
export const DEFAULT_EVENT_READ_DEADLINE_MS = 10_000;

/** Settles as `work` does, or rejects after `ms` having called `onLate` (the work is let go). */
const withinDeadline = async <T>(work: Promise<T>, ms: number, onLate: () => void): Promise<T> => {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      onLate();
      reject(new Error(`reading the event log took longer than ${ms} ms; that read was abandoned`));
    }, ms);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
};

interface EventDeliveryOptions {
  readonly deps: Pick<AppDeps, 'store' | 'rooms' | 'clock'>;
  /** EVENT_POLL_INTERVAL_MS: how often the log is read for new events. */
  readonly pollIntervalMs: number;
  /** EVENT_HOLE_GRACE_MS: how long a reader waits for a sequence number whose insert is late. */
  readonly holeGraceMs: number;
  /** How long one pump may read before it is abandoned (DEFAULT_EVENT_READ_DEADLINE_MS). */
  readonly readDeadlineMs?: number;
}

/**
 * Every instance reads the one event log (polling by sequence, in every store) and delivers each
 * event's frame to the rooms of the sockets connected to it, whichever instance caused the event.
 */
export const eventDeliveryPlugin = fp(
  async (
    app: FastifyInstance,
    {
      deps,
      pollIntervalMs,
      holeGraceMs,
      readDeadlineMs = DEFAULT_EVENT_READ_DEADLINE_MS,
    }: EventDeliveryOptions,
  ) => {
    const delivery = await startEventDelivery(
      { eventLog: deps.store.eventLog, notifier: deps.rooms, clock: deps.clock },
      { holeGraceMs },
    );
    app.decorate('eventDelivery', delivery);
    let failing = false;
    const scheduler = createIntervalScheduler((error) => {
      // Once per outage, not once per poll.
      if (!failing) app.log.warn({ err: String(error) }, 'reading the event log failed; retrying');
      failing = true;
    });
    const task = scheduler.every(pollIntervalMs, async () => {
      await withinDeadline(delivery.pump(), readDeadlineMs, delivery.abandon);
      failing = false;
    });
    // Where the store pushes appends (MongoDB change streams on a replica set), a reader wakes
    // at once instead of at its next poll.
    const stopWatching = await deps.store.eventLog.watchAppends?.(delivery.wake, (error) =>
      app.log.warn({ err: String(error) }, 'the event log change stream failed; polling goes on'),
    );
    app.log.info(
      { pollIntervalMs, changeStream: Boolean(stopWatching) },
      stopWatching ? 'event delivery: change stream and polling' : 'event delivery: polling',
    );
    app.addHook('onClose', async () => {
      await stopWatching?.();
      await task.stop();
    });
  },
  { name: 'trx-shop-event-delivery' },
);
