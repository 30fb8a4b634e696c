import { describe, expect, it } from 'vitest';
import { BUILDER_NOW, minutesAfter } from '../builders/fixed-time.js';
import { newObjectId } from '../builders/object-id.js';
import { buildOrder, buildOrderLine, buildTransferClaim } from '../builders/order.builder.js';
import type { ContractHarness } from '../harness.js';
import { useFreshStore } from './use-store.js';

const at = minutesAfter(BUILDER_NOW, 3);

export const describeOrderStatusContract = (harness: ContractHarness): void => {
  describe('order status changes', () => {
    const store = useFreshStore(harness);

    it('changes status only from the given statuses and answers the stored order', async () => {
      const order = buildOrder();
      await store().orders.create(order);
      const mismatch = await store().orders.changeStatus(order.id, {
        from: ['completed'],
        to: 'refunded',
        at,
      });
      expect(mismatch).toEqual({ ok: false, error: 'STATUS_MISMATCH' });
      expect((await store().orders.findById(order.id))?.status).toBe('pending');
      const changed = await store().orders.changeStatus(order.id, {
        from: ['pending', 'failed'],
        to: 'completed',
        at,
      });
      expect(changed.ok && changed.value).toMatchObject({ id: order.id, status: 'completed', updatedAt: at });
      expect(await store().orders.findById(order.id)).toMatchObject({ status: 'completed', updatedAt: at });
      const missing = await store().orders.changeStatus(newObjectId(), {
        from: ['pending'],
        to: 'completed',
        at,
      });
      expect(missing).toEqual({ ok: false, error: 'ORDER_NOT_FOUND' });
    });

    it('guards on the payment claim txId when one is given', async () => {
      const order = buildOrder();
      await store().orders.create(order);
      const claim = buildTransferClaim();
      expect(await store().orders.claimTransfer(order.id, 'payment', claim)).toBe(true);
      const wrong = await store().orders.changeStatus(order.id, {
        from: ['pending'],
        to: 'completed',
        paymentTxId: 'f'.repeat(64),
        at,
      });
      expect(wrong).toEqual({ ok: false, error: 'STATUS_MISMATCH' });
      const right = await store().orders.changeStatus(order.id, {
        from: ['pending'],
        to: 'completed',
        paymentTxId: claim.txId,
        at,
      });
      expect(right.ok).toBe(true);
    });

    it('refuses a change that requires no live payment while a payment is pending or confirmed', async () => {
      const order = buildOrder();
      await store().orders.create(order);
      const claim = buildTransferClaim();
      expect(await store().orders.claimTransfer(order.id, 'payment', claim)).toBe(true);
      const cancelWhilePending = await store().orders.changeStatus(order.id, {
        from: ['pending'],
        to: 'cancelled',
        requireNoLivePayment: true,
        at,
      });
      expect(cancelWhilePending).toEqual({ ok: false, error: 'STATUS_MISMATCH' });
      await store().orders.settleClaim(order.id, 'payment', claim.txId, 'confirmed');
      const cancelWhenConfirmed = await store().orders.changeStatus(order.id, {
        from: ['pending'],
        to: 'cancelled',
        requireNoLivePayment: true,
        at,
      });
      expect(cancelWhenConfirmed).toEqual({ ok: false, error: 'STATUS_MISMATCH' });
      expect((await store().orders.findById(order.id))?.status).toBe('pending');
    });

    it('allows a change that requires no live payment when there is none or it failed', async () => {
      const unpaid = buildOrder();
      await store().orders.create(unpaid);
      const cancelled = await store().orders.changeStatus(unpaid.id, {
        from: ['pending'],
        to: 'cancelled',
        requireNoLivePayment: true,
        at,
      });
      expect(cancelled.ok && cancelled.value.status).toBe('cancelled');

      const failedPayment = buildOrder();
      await store().orders.create(failedPayment);
      const claim = buildTransferClaim();
      await store().orders.claimTransfer(failedPayment.id, 'payment', claim);
      await store().orders.settleClaim(failedPayment.id, 'payment', claim.txId, 'failed');
      const afterFailure = await store().orders.changeStatus(failedPayment.id, {
        from: ['pending'],
        to: 'cancelled',
        requireNoLivePayment: true,
        at,
      });
      expect(afterFailure.ok && afterFailure.value.status).toBe('cancelled');
    });

    it('begins an effect and replaces the transaction hash in the same write', async () => {
      const order = buildOrder();
      await store().orders.create(order);
      const hash = 'a1'.repeat(32);
      const result = await store().orders.changeStatus(order.id, {
        from: ['pending'],
        to: 'completed',
        beginEffect: 'purchase',
        transactionHash: hash,
        at,
      });
      expect(result.ok && result.value).toMatchObject({ purchaseEffect: 'applying', transactionHash: hash });
      const refunded = await store().orders.changeStatus(order.id, {
        from: ['completed'],
        to: 'refunded',
        beginEffect: 'refund',
        at,
      });
      expect(refunded.ok && refunded.value).toMatchObject({
        status: 'refunded',
        purchaseEffect: 'applying',
        refundEffect: 'applying',
        transactionHash: hash,
      });
      await store().orders.finishEffect(order.id, 'purchase');
      expect(await store().orders.findById(order.id)).toMatchObject({
        purchaseEffect: 'applied',
        refundEffect: 'applying',
      });
      await store().orders.finishEffect(order.id, 'refund');
      expect((await store().orders.findById(order.id))?.refundEffect).toBe('applied');
    });

    it('refuses to move an order back to pending while another order of the user is pending', async () => {
      const userId = newObjectId();
      const old = buildOrder({ userId });
      await store().orders.create(old);
      await store().orders.changeStatus(old.id, { from: ['pending'], to: 'completed', at });
      const current = buildOrder({ userId });
      await store().orders.create(current);
      const back = await store().orders.changeStatus(old.id, { from: ['completed'], to: 'pending', at });
      expect(back).toEqual({ ok: false, error: 'PENDING_ORDER_EXISTS' });
      expect((await store().orders.findById(old.id))?.status).toBe('completed');

      await store().orders.changeStatus(current.id, { from: ['pending'], to: 'cancelled', at });
      const retry = await store().orders.changeStatus(old.id, { from: ['completed'], to: 'pending', at });
      expect(retry.ok).toBe(true);
      expect((await store().orders.findPendingByUser(userId))?.id).toBe(old.id);
      const blocked = await store().orders.create(buildOrder({ userId }));
      expect(!blocked.ok && blocked.error.data.pendingOrderId).toBe(old.id);
    });

    it('keeps the pending slot when a pending order is set to pending again', async () => {
      const userId = newObjectId();
      const order = buildOrder({ userId });
      await store().orders.create(order);
      const same = await store().orders.changeStatus(order.id, { from: ['pending'], to: 'pending', at });
      expect(same.ok).toBe(true);
      const other = await store().orders.create(buildOrder({ userId }));
      expect(!other.ok && other.error.code).toBe('PENDING_ORDER_EXISTS');
    });

    describe('into pending with requireNoLivePayment (the admin override back to pending)', () => {
      const ALL_STATUSES = ['pending', 'completed', 'refunded', 'failed', 'cancelled'] as const;
      type ClaimState = 'pending' | 'confirmed' | 'failed' | 'absent';

      const toPending = (orderId: string) =>
        store().orders.changeStatus(orderId, {
          from: ALL_STATUSES,
          to: 'pending',
          requireNoLivePayment: true,
          at,
        });

      /** An order of a user of its own, its payment claim left in `claim`, then moved to `status`. */
      const orderWith = async (status: 'completed' | 'failed', claim: ClaimState) => {
        const order = buildOrder({ userId: newObjectId() });
        expect((await store().orders.create(order)).ok).toBe(true);
        if (claim !== 'absent') {
          const payment = buildTransferClaim();
          expect(await store().orders.claimTransfer(order.id, 'payment', payment)).toBe(true);
          if (claim !== 'pending') await store().orders.settleClaim(order.id, 'payment', payment.txId, claim);
        }
        const moved = await store().orders.changeStatus(order.id, { from: ['pending'], to: status, at });
        expect(moved.ok).toBe(true);
        return order;
      };

      for (const status of ['completed', 'failed'] as const) {
        for (const claim of ['pending', 'confirmed'] as const) {
          it(`refuses a ${status} order whose payment claim is ${claim}: STATUS_MISMATCH, nothing changed, no pending slot taken`, async () => {
            const order = await orderWith(status, claim);
            const before = await store().orders.findById(order.id);

            expect(await toPending(order.id)).toEqual({ ok: false, error: 'STATUS_MISMATCH' });

            expect(await store().orders.findById(order.id)).toEqual(before);
            expect(await store().orders.findPendingByUser(order.userId)).toBeNull();
            const next = await store().orders.create(buildOrder({ userId: order.userId }));
            expect(next.ok).toBe(true);
          });
        }
        for (const claim of ['failed', 'absent'] as const) {
          it(`allows a ${status} order whose payment claim is ${claim}, which then holds the user's pending slot`, async () => {
            const order = await orderWith(status, claim);

            const back = await toPending(order.id);

            expect(back.ok && back.value).toMatchObject({ id: order.id, status: 'pending', updatedAt: at });
            expect((await store().orders.findById(order.id))?.status).toBe('pending');
            expect((await store().orders.findPendingByUser(order.userId))?.id).toBe(order.id);
            const next = await store().orders.create(buildOrder({ userId: order.userId }));
            expect(!next.ok && next.error.data.pendingOrderId).toBe(order.id);
          });
        }
      }

      it('refuses a pending order whose payment is claimed but not yet recorded, and keeps its slot', async () => {
        const order = buildOrder({ userId: newObjectId() });
        await store().orders.create(order);
        const claim = buildTransferClaim({ recorded: false });
        expect(await store().orders.claimTransfer(order.id, 'payment', claim)).toBe(true);

        expect(await toPending(order.id)).toEqual({ ok: false, error: 'STATUS_MISMATCH' });

        expect(await store().orders.findById(order.id)).toMatchObject({
          status: 'pending',
          payment: { txId: claim.txId, state: 'pending', recorded: false },
        });
        expect((await store().orders.findPendingByUser(order.userId))?.id).toBe(order.id);
      });
    });

    it('records only the first stock movement per line and kind', async () => {
      const order = buildOrder({ lines: [buildOrderLine(), buildOrderLine(), buildOrderLine()] });
      await store().orders.create(order);
      await store().orders.recordStockMovement(order.id, 'purchase', 1, 2);
      await store().orders.recordStockMovement(order.id, 'purchase', 1, 5);
      await store().orders.recordStockMovement(order.id, 'purchase', 0, 0);
      await store().orders.recordStockMovement(order.id, 'refund', 2, 1);
      expect(await store().orders.findById(order.id)).toMatchObject({
        stockTaken: [0, 2, null],
        stockRestored: [null, null, 1],
      });
    });
  });
};
