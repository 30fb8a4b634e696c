import { type Clock, relayRun, type ScheduledTask, type Scheduler, type ShopStore } from '@trx-shop/domain';

export const EVENT_RELAY_LEASE = 'event-relay';

export interface EventRelayOptions {
  readonly deps: { readonly store: Pick<ShopStore, 'outbox' | 'eventLog' | 'leases'>; readonly clock: Clock };
  readonly scheduler: Scheduler;
  /** EVENT_POLL_INTERVAL_MS: how soon an event written by a state change reaches the log. */
  readonly intervalMs: number;
  /** This instance's name in the lease. */
  readonly instanceId: string;
}

/**
 * The lease outlives many relay runs and any one batch of a run (it is renewed before each), so
 * a pause of the holder does not hand it over; a dead holder's events wait about two seconds.
 */
const leaseMsFor = (intervalMs: number) => Math.max(2_000, intervalMs * 20);

/**
 * Moves the events state changes wrote into their records' outboxes to the log, every interval,
 * on one instance at a time (the holder of a short lease). One relay takes the sequence numbers,
 * so readers of the log seldom meet a hole; if its instance dies, another takes the lease over
 * within the lease's time. Two relays at once would still log each event once (relayOutbox).
 */
export const startEventRelay = ({
  deps,
  scheduler,
  intervalMs,
  instanceId,
}: EventRelayOptions): ScheduledTask => {
  const leaseMs = leaseMsFor(intervalMs);
  const holdLease = () =>
    deps.store.leases.tryAcquire(EVENT_RELAY_LEASE, instanceId, deps.clock.now(), leaseMs);
  // Renewed before every batch: a long run never outlives its lease, so no second relay takes
  // numbers for the same events. A run with nothing to move takes no lease at all.
  const task = scheduler.every(intervalMs, async () => {
    await relayRun(deps, holdLease);
  });
  return {
    stop: async () => {
      await task.stop();
      await deps.store.leases.release(EVENT_RELAY_LEASE, instanceId);
    },
  };
};
