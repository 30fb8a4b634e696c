import { describe, expect, it } from 'vitest';
import { BUILDER_NOW } from '../builders/fixed-time.js';
import { buildOrder, buildOrderRefund, buildTransferClaim } from '../builders/order.builder.js';
import { paidOrder } from './paid-order.js';
import type { ContractHarness } from '../harness.js';
import { useFreshStore } from './use-store.js';

export const describeOrderClaimContract = (harness: ContractHarness): void => {
  describe('transfer claims', () => {
    const store = useFreshStore(harness);

    it('claims the payment of a pending order once and stores the claim and its txId as the hash', async () => {
      const order = buildOrder();
      await store().orders.create(order);
      const claim = buildTransferClaim();
      expect(await store().orders.claimTransfer(order.id, 'payment', claim)).toBe(true);
      expect(await store().orders.claimTransfer(order.id, 'payment', buildTransferClaim())).toBe(false);
      expect(await store().orders.findById(order.id)).toMatchObject({
        payment: claim,
        transactionHash: claim.txId,
      });
    });

    it('lets a new payment claim replace a failed one, never a confirmed one', async () => {
      const order = buildOrder();
      await store().orders.create(order);
      const first = buildTransferClaim();
      await store().orders.claimTransfer(order.id, 'payment', first);
      await store().orders.settleClaim(order.id, 'payment', first.txId, 'failed');
      expect((await store().orders.findById(order.id))?.payment?.state).toBe('failed');
      const second = buildTransferClaim();
      expect(await store().orders.claimTransfer(order.id, 'payment', second)).toBe(true);
      await store().orders.settleClaim(order.id, 'payment', first.txId, 'confirmed');
      expect((await store().orders.findById(order.id))?.payment).toEqual(second);
      await store().orders.settleClaim(order.id, 'payment', second.txId, 'confirmed');
      expect(await store().orders.claimTransfer(order.id, 'payment', buildTransferClaim())).toBe(false);
      expect((await store().orders.findById(order.id))?.payment).toEqual({ ...second, state: 'confirmed' });
    });

    it('refuses a payment claim on an order that is not pending', async () => {
      const order = buildOrder();
      await store().orders.create(order);
      await store().orders.changeStatus(order.id, { from: ['pending'], to: 'cancelled', at: BUILDER_NOW });
      expect(await store().orders.claimTransfer(order.id, 'payment', buildTransferClaim())).toBe(false);
      expect((await store().orders.findById(order.id))?.payment).toBeNull();
    });

    it('lists claims (payments and refunds) without a transaction record until they are marked recorded', async () => {
      const paid = buildOrder();
      const untouched = buildOrder();
      for (const order of [paid, untouched]) await store().orders.create(order);
      const payment = buildTransferClaim();
      await store().orders.claimTransfer(paid.id, 'payment', payment);
      const { order: refunded, paid: refundedPayment } = await paidOrder(store());
      const refund = buildOrderRefund();
      expect(await store().orders.claimRefund(refunded.id, refund, refundedPayment)).toBe(true);
      const listed = await store().orders.listUnrecordedClaims(10);
      expect(listed.map((order) => order.id).sort()).toEqual([paid.id, refunded.id].sort());
      expect(await store().orders.listUnrecordedClaims(1)).toHaveLength(1);

      await store().orders.markClaimRecorded(paid.id, 'payment', 'f'.repeat(64));
      expect((await store().orders.listUnrecordedClaims(10)).map((order) => order.id).sort()).toEqual(
        [paid.id, refunded.id].sort(),
      );
      await store().orders.markClaimRecorded(paid.id, 'payment', payment.txId);
      await store().orders.markClaimRecorded(refunded.id, 'refund', refund.txId);
      expect(await store().orders.listUnrecordedClaims(10)).toEqual([]);
      expect((await store().orders.findById(paid.id))?.payment?.recorded).toBe(true);
    });
  });
};
