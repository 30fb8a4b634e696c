import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createIntervalScheduler } from '../../src/adapters/interval-scheduler.js';

/** A run that lasts until the test ends it. */
interface HeldRun {
  readonly finish: () => void;
}

/** A task that records each start and stays running until released, counting overlaps. */
const heldTask = () => {
  const runs: HeldRun[] = [];
  let running = 0;
  let mostAtOnce = 0;
  const task = () =>
    new Promise<void>((resolve) => {
      running += 1;
      mostAtOnce = Math.max(mostAtOnce, running);
      runs.push({
        finish: () => {
          running -= 1;
          resolve();
        },
      });
    });
  return {
    task,
    runs,
    mostAtOnce: () => mostAtOnce,
    finishLatest: () => runs[runs.length - 1]?.finish(),
  };
};

const INTERVAL_MS = 1_000;

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('createIntervalScheduler', () => {
  it('runs the task at once, then one interval after each run ends, never two at a time', async () => {
    const held = heldTask();
    const scheduled = createIntervalScheduler(() => {}).every(INTERVAL_MS, held.task);
    expect(held.runs).toHaveLength(1);

    // Ten intervals pass while the first run is still busy: no second run may start beside it.
    await vi.advanceTimersByTimeAsync(10 * INTERVAL_MS);
    expect(held.runs).toHaveLength(1);

    held.finishLatest();
    await vi.advanceTimersByTimeAsync(INTERVAL_MS - 1);
    expect(held.runs).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(held.runs).toHaveLength(2);

    held.finishLatest();
    await vi.advanceTimersByTimeAsync(INTERVAL_MS);
    expect(held.runs).toHaveLength(3);
    expect(held.mostAtOnce()).toBe(1);

    held.finishLatest();
    await scheduled.stop();
  });

  it('stop() waits for the run in progress and nothing runs afterwards', async () => {
    const held = heldTask();
    const scheduled = createIntervalScheduler(() => {}).every(INTERVAL_MS, held.task);
    let stopped = false;
    const stopping = scheduled.stop().then(() => {
      stopped = true;
    });

    await vi.advanceTimersByTimeAsync(5 * INTERVAL_MS);
    expect(stopped).toBe(false);
    held.finishLatest();
    await stopping;
    expect(stopped).toBe(true);

    await vi.advanceTimersByTimeAsync(10 * INTERVAL_MS);
    expect(held.runs).toHaveLength(1);
  });

  it('stop() gives up on a run that never ends after its wait, says so, and runs nothing more', async () => {
    const held = heldTask();
    const errors: unknown[] = [];
    const scheduled = createIntervalScheduler((error) => errors.push(error), { stopWaitMs: 3_000 }).every(
      INTERVAL_MS,
      held.task,
    );
    let stopped = false;
    const stopping = scheduled.stop().then(() => {
      stopped = true;
    });
    await vi.advanceTimersByTimeAsync(2_999);
    expect(stopped).toBe(false);
    expect(errors).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    await stopping;
    expect(stopped).toBe(true);
    expect(errors.map((error) => (error as Error).message)).toEqual([
      'a run still going after 3000 ms was left unfinished at stop',
    ]);

    // The run ending late schedules nothing.
    held.finishLatest();
    await vi.advanceTimersByTimeAsync(10 * INTERVAL_MS);
    expect(held.runs).toHaveLength(1);
  });

  it('reports a failed run and keeps the schedule going', async () => {
    const errors: unknown[] = [];
    let runs = 0;
    const scheduled = createIntervalScheduler((error) => errors.push(error)).every(INTERVAL_MS, async () => {
      runs += 1;
      if (runs === 1) throw new Error('node unreachable');
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(errors.map((error) => (error as Error).message)).toEqual(['node unreachable']);

    await vi.advanceTimersByTimeAsync(INTERVAL_MS);
    expect(runs).toBe(2);
    expect(errors).toHaveLength(1);
    await scheduled.stop();
  });
});
