import {
  attemptClaimedDeliveries,
  claimWebhookDeliveries,
  fanOutWebhooks,
  type ScheduledTask,
  type Scheduler,
  type ShopStore,
  type WebhookDeps,
  type WebhookPolicy,
} from '@trx-shop/domain';

export const WEBHOOK_FAN_OUT_LEASE = 'webhook-fan-out';

/** Attempts in flight on one instance at most: a slow receiver holds one slot, not the queue. */
const MAX_IN_FLIGHT = 64;

export interface WebhookDispatcherOptions {
  readonly deps: WebhookDeps & { readonly store: Pick<ShopStore, 'leases'> };
  readonly policy: WebhookPolicy;
  readonly scheduler: Scheduler;
  /** EVENT_POLL_INTERVAL_MS: how soon a logged event becomes deliveries, and due ones are claimed. */
  readonly intervalMs: number;
  /** WEBHOOK_TIMEOUT_MS: a claim outlives a request by this much plus a margin. */
  readonly timeoutMs: number;
  readonly holeGraceMs: number;
  /** This instance's name on leases and claims. */
  readonly instanceId: string;
}

/**
 * Webhooks on every instance: one instance at a time (a lease) turns newly logged events into
 * deliveries; every instance claims due deliveries and attempts them, up to 64 at once, topping
 * up as attempts end. A claim names one instance per attempt, so several instances never send the
 * same attempt; a claim whose instance died expires and the attempt is made again (at least once).
 */
export const startWebhookDispatcher = ({
  deps,
  policy,
  scheduler,
  intervalMs,
  timeoutMs,
  holeGraceMs,
  instanceId,
}: WebhookDispatcherOptions): ScheduledTask => {
  const fanOutLeaseMs = Math.max(2_000, intervalMs * 20);
  const claim = { holder: instanceId, claimMs: timeoutMs + 5_000 };
  const attempts = new Set<Promise<unknown>>();
  let inFlight = 0;
  let filling = false;
  let stopped = false;

  const fill = async (): Promise<void> => {
    if (filling) return;
    filling = true;
    try {
      while (!stopped && inFlight < MAX_IN_FLIGHT) {
        const claimed = await claimWebhookDeliveries(deps, claim, MAX_IN_FLIGHT - inFlight);
        if (claimed.deliveries.length === 0) break;
        inFlight += claimed.deliveries.length;
        const attempted = attemptClaimedDeliveries(deps, policy, instanceId, claimed, () => {
          inFlight -= 1;
          void fill().catch(() => {});
        });
        attempts.add(attempted);
        void attempted.finally(() => attempts.delete(attempted));
      }
    } finally {
      filling = false;
    }
  };

  const task = scheduler.every(intervalMs, async () => {
    const leader = await deps.store.leases.tryAcquire(
      WEBHOOK_FAN_OUT_LEASE,
      instanceId,
      deps.clock.now(),
      fanOutLeaseMs,
    );
    if (leader) await fanOutWebhooks(deps, { holeGraceMs });
    await fill();
  });
  return {
    // Attempts under way finish (and are recorded) before the store closes.
    stop: async () => {
      stopped = true;
      await task.stop();
      await Promise.all(attempts);
      await deps.store.leases.release(WEBHOOK_FAN_OUT_LEASE, instanceId);
    },
  };
};
