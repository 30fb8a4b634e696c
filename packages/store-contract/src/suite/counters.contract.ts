import { describe, expect, it } from 'vitest';
import type { ContractHarness } from '../harness.js';
import { useFreshStore } from './use-store.js';

export const describeCounterContract = (harness: ContractHarness): void => {
  describe('counters', () => {
    const store = useFreshStore(harness);

    it('counts each named sequence from 1 on its own', async () => {
      expect(await store().counters.next('order')).toBe(1);
      expect(await store().counters.next('order')).toBe(2);
      expect(await store().counters.next('other')).toBe(1);
      expect(await store().counters.next('order')).toBe(3);
    });

    it('takes several values at once and answers the first of them', async () => {
      expect(await store().counters.next('order', 5)).toBe(1);
      expect(await store().counters.next('order')).toBe(6);
      expect(await store().counters.next('order', 2)).toBe(7);
      expect(await store().counters.next('other', 3)).toBe(1);
      expect(await store().counters.next('order')).toBe(9);
    });
  });
};
