import { describe, expect, it } from 'vitest';
import { BUILDER_NOW, minutesAfter } from '../builders/fixed-time.js';
import { newObjectId } from '../builders/object-id.js';
import { buildWithdrawal } from '../builders/withdrawal.builder.js';
import type { ContractHarness } from '../harness.js';
import { useFreshStore } from './use-store.js';

const DAY_MINUTES = 24 * 60;

export const describeWithdrawalContract = (harness: ContractHarness): void => {
  describe('withdrawal idempotency records', () => {
    const store = useFreshStore(harness);

    it('claims a key once per user and answers the existing record to a repeat within the window', async () => {
      const record = buildWithdrawal({ key: 'same-key' });
      const reuseAfter = minutesAfter(BUILDER_NOW, -DAY_MINUTES);
      expect(await store().withdrawals.claim(record, reuseAfter)).toEqual({ claimed: true });
      const repeat = buildWithdrawal({ userId: record.userId, key: 'same-key' });
      expect(await store().withdrawals.claim(repeat, reuseAfter)).toEqual({
        claimed: false,
        existing: record,
      });
      const otherUser = buildWithdrawal({ key: 'same-key' });
      expect(await store().withdrawals.claim(otherUser, reuseAfter)).toEqual({ claimed: true });
      expect(await store().withdrawals.find(record.userId, 'same-key')).toEqual(record);
      expect(await store().withdrawals.find(newObjectId(), 'same-key')).toBeNull();
    });

    it('replaces a record older than the reuse window', async () => {
      const old = buildWithdrawal({ createdAt: minutesAfter(BUILDER_NOW, -DAY_MINUTES - 1) });
      await store().withdrawals.claim(old, minutesAfter(old.createdAt, -DAY_MINUTES));
      const fresh = buildWithdrawal({ userId: old.userId, key: old.key, createdAt: BUILDER_NOW });
      expect(await store().withdrawals.claim(fresh, minutesAfter(BUILDER_NOW, -DAY_MINUTES))).toEqual({
        claimed: true,
      });
      expect(await store().withdrawals.find(old.userId, old.key)).toEqual(fresh);
    });

    it('marks the claim recorded and settles it', async () => {
      const recorded = buildWithdrawal();
      const unrecorded = buildWithdrawal();
      for (const record of [recorded, unrecorded]) await store().withdrawals.claim(record, BUILDER_NOW);
      expect((await store().withdrawals.listUnrecorded(10)).map((record) => record.id).sort()).toEqual(
        [recorded.id, unrecorded.id].sort(),
      );
      await store().withdrawals.markRecorded(recorded.id);
      expect((await store().withdrawals.listUnrecorded(10)).map((record) => record.id)).toEqual([
        unrecorded.id,
      ]);
      await store().withdrawals.settle(recorded.id, 'confirmed');
      const stored = await store().withdrawals.find(recorded.userId, recorded.key);
      expect(stored?.claim).toEqual({ ...recorded.claim, recorded: true, state: 'confirmed' });
    });
  });
};
