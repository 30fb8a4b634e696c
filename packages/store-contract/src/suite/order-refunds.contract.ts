import { describe, expect, it } from 'vitest';
import { BUILDER_NOW } from '../builders/fixed-time.js';
import { buildOrder, buildOrderRefund, buildTransferClaim } from '../builders/order.builder.js';
import type { ContractHarness } from '../harness.js';
import { paidOrder } from './paid-order.js';
import { useFreshStore } from './use-store.js';

const RACE_TIMEOUT_MS = 120_000;

/** Partial refunds (docs/api.md, "Refunds"): each claim takes its amount from the remainder in one guarded write. */
export const describeOrderRefundContract = (harness: ContractHarness): void => {
  describe('refund claims', () => {
    const store = useFreshStore(harness);

    it('claims refunds while they fit in the confirmed payment, counting each once, oldest first', async () => {
      const { order, paid } = await paidOrder(store(), 1_000_000);
      const first = buildOrderRefund({ amountSun: 600_000, reason: 'one item was damaged' });
      const second = buildOrderRefund({ amountSun: 400_000 });
      expect(await store().orders.claimRefund(order.id, first, paid)).toBe(true);
      expect(await store().orders.claimRefund(order.id, buildOrderRefund({ amountSun: 400_001 }), paid)).toBe(
        false,
      );
      expect(await store().orders.claimRefund(order.id, second, paid)).toBe(true);
      expect(await store().orders.claimRefund(order.id, buildOrderRefund({ amountSun: 1 }), paid)).toBe(
        false,
      );
      const stored = await store().orders.findById(order.id);
      expect(stored?.refunds).toEqual([first, second]);
      expect(stored).toMatchObject({ refundClaimedSun: 1_000_000, refundedSun: 0, status: 'completed' });
      expect(stored?.transactionHash).toBe(paid.txId);
    });

    it('gives a failed refund back to the remainder once, and counts a confirmed one as refunded once', async () => {
      const { order, paid } = await paidOrder(store(), 1_000_000);
      const failing = buildOrderRefund({ amountSun: 700_000 });
      const confirming = buildOrderRefund({ amountSun: 300_000 });
      expect(await store().orders.claimRefund(order.id, failing, paid)).toBe(true);
      expect(await store().orders.claimRefund(order.id, confirming, paid)).toBe(true);
      for (let repeat = 0; repeat < 2; repeat++) {
        await store().orders.settleClaim(order.id, 'refund', failing.txId, 'failed');
        await store().orders.settleClaim(order.id, 'refund', confirming.txId, 'confirmed');
      }
      // A settled refund never moves again, whatever a late or repeated settlement says.
      await store().orders.settleClaim(order.id, 'refund', failing.txId, 'confirmed');
      await store().orders.settleClaim(order.id, 'refund', confirming.txId, 'failed');
      const stored = await store().orders.findById(order.id);
      expect(stored?.refunds.map((refund) => [refund.txId, refund.state])).toEqual([
        [failing.txId, 'failed'],
        [confirming.txId, 'confirmed'],
      ]);
      expect(stored).toMatchObject({ refundClaimedSun: 300_000, refundedSun: 300_000 });
      expect(await store().orders.claimRefund(order.id, buildOrderRefund({ amountSun: 700_001 }), paid)).toBe(
        false,
      );
      expect(await store().orders.claimRefund(order.id, buildOrderRefund({ amountSun: 700_000 }), paid)).toBe(
        true,
      );
    });

    it('marks only the refund holding the txId recorded', async () => {
      const { order, paid } = await paidOrder(store());
      const first = buildOrderRefund();
      const second = buildOrderRefund();
      for (const refund of [first, second])
        expect(await store().orders.claimRefund(order.id, refund, paid)).toBe(true);
      await store().orders.markClaimRecorded(order.id, 'refund', second.txId);
      const stored = await store().orders.findById(order.id);
      expect(stored?.refunds.map((refund) => refund.recorded)).toEqual([false, true]);
      expect((await store().orders.listUnrecordedClaims(10)).map((listed) => listed.id)).toEqual([order.id]);
      await store().orders.markClaimRecorded(order.id, 'refund', first.txId);
      expect(await store().orders.listUnrecordedClaims(10)).toEqual([]);
    });

    it('refuses a refund of an order that is not completed, not paid, or paid by another transfer', async () => {
      const unpaid = buildOrder();
      await store().orders.create(unpaid);
      const payment = buildTransferClaim();
      const claimedPayment = { txId: payment.txId, amountSun: payment.amountSun };
      expect(await store().orders.claimRefund(unpaid.id, buildOrderRefund(), claimedPayment)).toBe(false);
      // Completed by override while its payment was still pending: nothing arrived yet.
      await store().orders.claimTransfer(unpaid.id, 'payment', payment);
      await store().orders.changeStatus(unpaid.id, { from: ['pending'], to: 'completed', at: BUILDER_NOW });
      expect(await store().orders.claimRefund(unpaid.id, buildOrderRefund(), claimedPayment)).toBe(false);

      const { order, paid } = await paidOrder(store());
      const otherTransfer = { txId: buildTransferClaim().txId, amountSun: paid.amountSun };
      expect(await store().orders.claimRefund(order.id, buildOrderRefund(), otherTransfer)).toBe(false);
      // A caller that believes the payment larger than it is still gets only a guarded claim.
      await store().orders.changeStatus(order.id, { from: ['completed'], to: 'refunded', at: BUILDER_NOW });
      expect(await store().orders.claimRefund(order.id, buildOrderRefund(), paid)).toBe(false);
      for (const id of [unpaid.id, order.id]) {
        expect(await store().orders.findById(id)).toMatchObject({ refunds: [], refundClaimedSun: 0 });
      }
    });

    it('counts a pending refund as a transfer in flight for the override to refunded', async () => {
      const { order, paid } = await paidOrder(store());
      const settled = buildOrderRefund({ amountSun: 100_000 });
      const pending = buildOrderRefund({ amountSun: 100_000 });
      expect(await store().orders.claimRefund(order.id, settled, paid)).toBe(true);
      await store().orders.settleClaim(order.id, 'refund', settled.txId, 'confirmed');
      expect(await store().orders.claimRefund(order.id, pending, paid)).toBe(true);
      const change = {
        from: ['completed'] as const,
        to: 'refunded' as const,
        requireNoTransferInFlight: true,
        at: BUILDER_NOW,
      };
      expect(await store().orders.changeStatus(order.id, change)).toEqual({
        ok: false,
        error: 'STATUS_MISMATCH',
      });
      await store().orders.settleClaim(order.id, 'refund', pending.txId, 'failed');
      const changed = await store().orders.changeStatus(order.id, change);
      expect(changed.ok && changed.value.status).toBe('refunded');
    });

    it(
      'lets 20 concurrent partial refunds from separate connections claim together at most what was paid',
      async () => {
        const { order, paid } = await paidOrder(store(), 10_000_000);
        // 20 requests of 0.7 to 1.65 TRX ask for 23.5 TRX of a 10 TRX payment.
        const refunds = Array.from({ length: 20 }, (_, index) =>
          buildOrderRefund({ amountSun: 700_000 + index * 50_000 }),
        );
        const outcomes = await harness.race(
          store(),
          'claimRefund',
          refunds.map((refund) => ({ orderId: order.id, refund, paid })),
        );
        const won = refunds.filter((_, index) => outcomes[index]);
        const claimedSun = won.reduce((sum, refund) => sum + refund.amountSun, 0);
        expect(claimedSun).toBeLessThanOrEqual(paid.amountSun);
        const stored = await store().orders.findById(order.id);
        expect(stored?.refundClaimedSun).toBe(claimedSun);
        expect(stored?.refunds.map((refund) => refund.txId).sort()).toEqual(
          won.map((refund) => refund.txId).sort(),
        );
        // The remainder only shrinks during the race, so each loser asked for more than was left at the end.
        const remainder = paid.amountSun - claimedSun;
        for (const [index, refund] of refunds.entries()) {
          if (!outcomes[index]) expect(refund.amountSun).toBeGreaterThan(remainder);
        }
      },
      RACE_TIMEOUT_MS,
    );
  });
};
