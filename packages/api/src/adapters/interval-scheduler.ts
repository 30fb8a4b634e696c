import type { ScheduledTask, Scheduler } from '@trx-shop/domain';

/**
 * How long `stop()` waits for a run in progress. A run waiting on a call that never answers (a
 * database connection lost without an error) would otherwise hold a graceful shutdown for good;
 * the work is crash-safe by design (claims before broadcasts, idempotent records), so leaving it
 * costs a retry at the next start, not money.
 */
export const DEFAULT_STOP_WAIT_MS = 20_000;

/**
 * Runs the task at once, then `intervalMs` after each run ends: a slow run delays the next
 * instead of overlapping it. `stop()` waits for a run in progress, at most `stopWaitMs`
 * (reported through `onError` when it gives up).
 */
export const createIntervalScheduler = (
  onError: (error: unknown) => void,
  { stopWaitMs = DEFAULT_STOP_WAIT_MS }: { readonly stopWaitMs?: number } = {},
): Scheduler => ({
  every: (intervalMs, task): ScheduledTask => {
    let stopped = false;
    let timer: NodeJS.Timeout | null = null;
    let running: Promise<void> = Promise.resolve();
    const run = () => {
      timer = null;
      running = task()
        .catch(onError)
        .finally(() => {
          if (!stopped) timer = setTimeout(run, intervalMs);
        });
    };
    run();
    return {
      stop: async () => {
        stopped = true;
        if (timer) clearTimeout(timer);
        let giveUp: NodeJS.Timeout | undefined;
        const waited = new Promise<void>((resolve) => {
          giveUp = setTimeout(() => {
            onError(new Error(`a run still going after ${stopWaitMs} ms was left unfinished at stop`));
            resolve();
          }, stopWaitMs);
        });
        try {
          await Promise.race([running, waited]);
        } finally {
          clearTimeout(giveUp);
        }
      },
    };
  },
});
