import type { ScheduledTask, Scheduler } from '@trx-shop/domain';

/**
 * Runs the task at once, then `intervalMs` after each run ends: a slow run delays the next
 * instead of overlapping it. `stop()` waits for a run in progress.
 */
export const createIntervalScheduler = (onError: (error: unknown) => void): Scheduler => ({
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
        await running;
      },
    };
  },
});
