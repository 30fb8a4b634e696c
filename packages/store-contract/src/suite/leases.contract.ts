import { describe, expect, it } from 'vitest';
import { BUILDER_NOW } from '../builders/fixed-time.js';
import type { ContractHarness } from '../harness.js';
import { useFreshStore } from './use-store.js';

const secondsAfter = (seconds: number): Date => new Date(BUILDER_NOW.getTime() + seconds * 1000);

export const describeLeaseContract = (harness: ContractHarness): void => {
  describe('leases', () => {
    const store = useFreshStore(harness);

    it('grants a free lease, renews it for its holder and refuses others until it expires', async () => {
      const leases = store().leases;
      expect(await leases.tryAcquire('listener', 'a', secondsAfter(0), 30_000)).toBe(true);
      expect(await leases.tryAcquire('listener', 'b', secondsAfter(10), 30_000)).toBe(false);
      expect(await leases.tryAcquire('listener', 'a', secondsAfter(20), 30_000)).toBe(true);
      expect(await leases.tryAcquire('listener', 'b', secondsAfter(40), 30_000)).toBe(false);
      expect(await leases.tryAcquire('listener', 'b', secondsAfter(50), 30_000)).toBe(true);
      expect(await leases.tryAcquire('listener', 'a', secondsAfter(51), 30_000)).toBe(false);
      expect(await leases.tryAcquire('other', 'a', secondsAfter(51), 30_000)).toBe(true);
    });

    it('frees the lease on release by its holder only', async () => {
      const leases = store().leases;
      await leases.tryAcquire('listener', 'a', secondsAfter(0), 30_000);
      await leases.release('listener', 'b');
      expect(await leases.tryAcquire('listener', 'b', secondsAfter(1), 30_000)).toBe(false);
      await leases.release('listener', 'a');
      expect(await leases.tryAcquire('listener', 'b', secondsAfter(2), 30_000)).toBe(true);
    });
  });
};
