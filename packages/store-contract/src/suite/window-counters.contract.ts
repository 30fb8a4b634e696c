import { describe, expect, it } from 'vitest';
import { BUILDER_NOW } from '../builders/fixed-time.js';
import type { ContractHarness } from '../harness.js';
import { useFreshStore } from './use-store.js';

const RACE_TIMEOUT_MS = 120_000;
const at = (ms: number) => new Date(BUILDER_NOW.getTime() + ms);

/** Fixed-window counters shared by every instance (docs/operations.md, "Login throttling"). */
export const describeWindowCounterContract = (harness: ContractHarness): void => {
  describe('window counters', () => {
    const store = useFreshStore(harness);

    it('counts hits in a window, starts a new one after it ends, and forgets a key on reset', async () => {
      const counters = store().windowCounters;
      expect(await counters.peek('login:a', at(0))).toBeNull();
      expect(await counters.hit('login:a', 60_000, at(0))).toEqual({ count: 1, resetAt: at(60_000) });
      expect(await counters.hit('login:a', 60_000, at(10_000))).toEqual({ count: 2, resetAt: at(60_000) });
      expect(await counters.hit('login:b', 60_000, at(10_000))).toEqual({ count: 1, resetAt: at(70_000) });
      expect(await counters.peek('login:a', at(59_999))).toEqual({ count: 2, resetAt: at(60_000) });
      expect(await counters.peek('login:a', at(60_000))).toBeNull();
      expect(await counters.hit('login:a', 60_000, at(60_000))).toEqual({ count: 1, resetAt: at(120_000) });
      await counters.reset('login:b');
      expect(await counters.peek('login:b', at(10_001))).toBeNull();
      await counters.reset('login:never');
    });

    it('sweeps windows that ended, at most the limit at a time', async () => {
      const counters = store().windowCounters;
      for (const key of ['x', 'y', 'z']) await counters.hit(key, 1_000, at(0));
      await counters.hit('live', 60_000, at(0));
      expect(await counters.sweep(at(5_000), 2)).toBe(2);
      expect(await counters.sweep(at(5_000), 2)).toBe(1);
      expect(await counters.sweep(at(5_000), 2)).toBe(0);
      expect(await counters.peek('live', at(5_000))).toEqual({ count: 1, resetAt: at(60_000) });
    });

    it(
      'gives 50 concurrent hits from separate connections the counts 1..50, each once',
      async () => {
        const counts = await harness.race(
          store(),
          'hitWindow',
          Array.from({ length: 50 }, () => ({ key: 'login:raced', windowMs: 60_000, now: at(0) })),
        );
        expect([...counts].sort((a, b) => a - b)).toEqual(
          Array.from({ length: 50 }, (_, index) => index + 1),
        );
        expect(await store().windowCounters.peek('login:raced', at(1))).toEqual({
          count: 50,
          resetAt: at(60_000),
        });
      },
      RACE_TIMEOUT_MS,
    );
  });
};
