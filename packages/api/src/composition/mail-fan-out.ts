import {
  fanOutMail,
  type MailFanOutDeps,
  type ScheduledTask,
  type Scheduler,
  type ShopStore,
} from '@trx-shop/domain';

export const MAIL_FAN_OUT_LEASE = 'mail-fan-out';

export interface MailFanOutOptions {
  readonly deps: MailFanOutDeps & { readonly store: Pick<ShopStore, 'leases'> };
  readonly scheduler: Scheduler;
  /** EVENT_POLL_INTERVAL_MS: how soon a logged event becomes queued mail. */
  readonly intervalMs: number;
  readonly holeGraceMs: number;
  /** This instance's name on the lease. */
  readonly instanceId: string;
}

/**
 * Turns logged events into queued mail on one instance at a time (a lease), whether or not this
 * instance can send: in production without SMTP_URL the mail waits in the queue until it can.
 * A message's id is stable per (event, template, recipient), so a run repeated by the next lease
 * holder queues nothing twice.
 */
export const startMailFanOut = ({
  deps,
  scheduler,
  intervalMs,
  holeGraceMs,
  instanceId,
}: MailFanOutOptions): ScheduledTask => {
  const leaseMs = Math.max(2_000, intervalMs * 20);
  const task = scheduler.every(intervalMs, async () => {
    const leader = await deps.store.leases.tryAcquire(
      MAIL_FAN_OUT_LEASE,
      instanceId,
      deps.clock.now(),
      leaseMs,
    );
    if (leader) await fanOutMail(deps, { holeGraceMs });
  });
  return {
    stop: async () => {
      await task.stop();
      await deps.store.leases.release(MAIL_FAN_OUT_LEASE, instanceId);
    },
  };
};
