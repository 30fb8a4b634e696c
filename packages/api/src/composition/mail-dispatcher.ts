import {
  attemptClaimedMail,
  claimMail,
  type MailDeps,
  type MailPolicy,
  type ScheduledTask,
  type Scheduler,
} from '@trx-shop/domain';

/** Sends in flight on one instance at most: a slow relay holds one slot, not the queue. */
const MAX_IN_FLIGHT = 16;

export interface MailDispatcherOptions {
  readonly deps: MailDeps;
  readonly policy: MailPolicy;
  readonly scheduler: Scheduler;
  /** How soon a queued message is claimed (EVENT_POLL_INTERVAL_MS, as for webhooks). */
  readonly intervalMs: number;
  /** The longest one send may take: a claim outlives it by a margin. */
  readonly sendTimeoutMs: number;
  /** This instance's name on its claims. */
  readonly instanceId: string;
}

/**
 * Mail on every instance: each claims due messages and sends them, up to 16 at once, topping up
 * as sends end. A claim names one instance per attempt, so several instances never send the same
 * attempt; a claim whose instance died expires and the attempt is made again (at least once, the
 * Message-ID the same).
 */
export const startMailDispatcher = ({
  deps,
  policy,
  scheduler,
  intervalMs,
  sendTimeoutMs,
  instanceId,
}: MailDispatcherOptions): ScheduledTask => {
  const claim = { holder: instanceId, claimMs: sendTimeoutMs + 5_000 };
  const sends = new Set<Promise<unknown>>();
  let inFlight = 0;
  let filling = false;
  let stopped = false;

  const fill = async (): Promise<void> => {
    if (filling) return;
    filling = true;
    try {
      while (!stopped && inFlight < MAX_IN_FLIGHT) {
        const messages = await claimMail(deps, claim, MAX_IN_FLIGHT - inFlight);
        if (messages.length === 0) break;
        inFlight += messages.length;
        const attempted = attemptClaimedMail(deps, policy, instanceId, messages, () => {
          inFlight -= 1;
          void fill().catch(() => {});
        });
        sends.add(attempted);
        void attempted.finally(() => sends.delete(attempted));
      }
    } finally {
      filling = false;
    }
  };

  const task = scheduler.every(intervalMs, fill);
  return {
    // Sends under way finish (and are recorded) before the store closes.
    stop: async () => {
      stopped = true;
      await task.stop();
      await Promise.all(sends);
    },
  };
};
