import { describe, expect, it } from 'vitest';
import { BUILDER_NOW, minutesAfter } from '../builders/fixed-time.js';
import { newObjectId } from '../builders/object-id.js';
import { buildTransaction } from '../builders/transaction.builder.js';
import type { ContractHarness } from '../harness.js';
import { useFreshStore } from './use-store.js';

const at = minutesAfter(BUILDER_NOW, 7);

export const describeTransactionContract = (harness: ContractHarness): void => {
  describe('transactions', () => {
    const store = useFreshStore(harness);

    it('inserts once per hash and reads the record back by id and by hash', async () => {
      const record = buildTransaction({ feeSun: 0, failureReason: null });
      expect(await store().transactions.insert(record)).toBe('inserted');
      const duplicate = buildTransaction({ transactionHash: record.transactionHash, amountSun: 1 });
      expect(await store().transactions.insert(duplicate)).toBe('exists');
      expect(await store().transactions.findById(record.id)).toEqual(record);
      expect(await store().transactions.findByHash(record.transactionHash)).toEqual(record);
      expect(await store().transactions.findById(duplicate.id)).toBeNull();
      expect(await store().transactions.findByHash('0'.repeat(64))).toBeNull();
    });

    it("lists a user's transactions newest first, refunds included, filtered by type and status", async () => {
      const userId = newObjectId();
      const purchase = buildTransaction({
        userId,
        type: 'purchase',
        createdAt: minutesAfter(BUILDER_NOW, 1),
      });
      const refund = buildTransaction({ userId, type: 'refund', createdAt: minutesAfter(BUILDER_NOW, 2) });
      const withdrawal = buildTransaction({
        userId,
        type: 'withdrawal',
        orderId: null,
        status: 'confirmed',
        createdAt: minutesAfter(BUILDER_NOW, 3),
      });
      const foreign = buildTransaction({ createdAt: minutesAfter(BUILDER_NOW, 4) });
      for (const record of [purchase, refund, withdrawal, foreign]) await store().transactions.insert(record);
      const page = { limit: 10, page: 1 };
      const all = await store().transactions.listByUser(userId, {}, page);
      expect(all.items.map((record) => record.id)).toEqual([withdrawal.id, refund.id, purchase.id]);
      expect(all).toMatchObject({ total: 3, pages: 1 });
      const refunds = await store().transactions.listByUser(userId, { type: 'refund' }, page);
      expect(refunds.items.map((record) => record.id)).toEqual([refund.id]);
      const pending = await store().transactions.listByUser(userId, { status: 'pending' }, page);
      expect(pending.items.map((record) => record.id)).toEqual([refund.id, purchase.id]);
      const both = await store().transactions.listByUser(
        userId,
        { type: 'withdrawal', status: 'pending' },
        page,
      );
      expect(both).toMatchObject({ items: [], total: 0 });
      const second = await store().transactions.listByUser(userId, {}, { limit: 2, page: 2 });
      expect(second.items.map((record) => record.id)).toEqual([purchase.id]);
    });

    it('lists pending transactions oldest first and those awaiting their effect', async () => {
      const older = buildTransaction({ createdAt: minutesAfter(BUILDER_NOW, 1) });
      const newer = buildTransaction({ createdAt: minutesAfter(BUILDER_NOW, 2) });
      const confirmed = buildTransaction({ status: 'confirmed', createdAt: BUILDER_NOW });
      const settled = buildTransaction({ status: 'failed', effectApplied: true });
      for (const record of [newer, confirmed, older, settled]) await store().transactions.insert(record);
      expect((await store().transactions.listPending(10)).map((record) => record.id)).toEqual([
        older.id,
        newer.id,
      ]);
      expect((await store().transactions.listPending(1)).map((record) => record.id)).toEqual([older.id]);
      expect((await store().transactions.listAwaitingEffect(10)).map((record) => record.id)).toEqual([
        confirmed.id,
      ]);
      await store().transactions.markEffectApplied(confirmed.id, at);
      expect(await store().transactions.listAwaitingEffect(10)).toEqual([]);
      expect(await store().transactions.findById(confirmed.id)).toMatchObject({
        effectApplied: true,
        updatedAt: at,
      });
    });

    it('confirms or fails only a pending transaction', async () => {
      const record = buildTransaction();
      const other = buildTransaction();
      await store().transactions.insert(record);
      await store().transactions.insert(other);
      const confirmation = { blockNumber: 1234, feeSun: 267_000, confirmations: 21, at };
      expect(await store().transactions.markConfirmed(record.id, confirmation)).toBe(true);
      expect(await store().transactions.markConfirmed(record.id, confirmation)).toBe(false);
      expect(await store().transactions.markFailed(record.id, 'late', at)).toBe(false);
      expect(await store().transactions.findById(record.id)).toMatchObject({
        status: 'confirmed',
        blockNumber: 1234,
        feeSun: 267_000,
        confirmations: 21,
        failureReason: null,
        updatedAt: at,
      });
      expect(await store().transactions.markFailed(other.id, 'CONTRACT_VALIDATE_ERROR', at)).toBe(true);
      expect(await store().transactions.findById(other.id)).toMatchObject({
        status: 'failed',
        failureReason: 'CONTRACT_VALIDATE_ERROR',
      });
      expect(
        (await store().transactions.listAwaitingEffect(10)).map((transaction) => transaction.id).sort(),
      ).toEqual([record.id, other.id].sort());
    });

    it('sums the pending amounts sent from an address', async () => {
      const address = 'TSenderAddressxxxxxxxxxxxxxxxxxxxx';
      const amounts = [1_000_000, 2_500_001, 7];
      for (const amountSun of amounts) {
        await store().transactions.insert(buildTransaction({ fromAddress: address, amountSun }));
      }
      await store().transactions.insert(
        buildTransaction({ fromAddress: address, amountSun: 50, status: 'confirmed' }),
      );
      await store().transactions.insert(buildTransaction({ toAddress: address, amountSun: 60 }));
      let expected = 0;
      for (const amount of amounts) expected += amount;
      expect(await store().transactions.pendingOutgoingSun(address)).toBe(expected);
      expect(await store().transactions.pendingOutgoingSun('TNobody')).toBe(0);
    });
  });
};
