import { describe, expect, it } from 'vitest';
import { BUILDER_NOW, minutesAfter } from '../builders/fixed-time.js';
import { newObjectId } from '../builders/object-id.js';
import { buildOrder, buildOrderRefund, buildTransferClaim } from '../builders/order.builder.js';
import type { ContractHarness } from '../harness.js';
import { useFreshStore } from './use-store.js';

const at = minutesAfter(BUILDER_NOW, 5);
const ALL_STATUSES = ['pending', 'completed', 'refunded', 'failed', 'cancelled'] as const;

/** The admin override to refunded (docs/api.md, "Money safety rules", rule 5). */
export const describeRefundedOverrideContract = (harness: ContractHarness): void => {
  describe('into refunded with requireNoTransferInFlight (the admin override to refunded)', () => {
    const store = useFreshStore(harness);
    const toRefunded = (orderId: string) =>
      store().orders.changeStatus(orderId, {
        from: ALL_STATUSES,
        to: 'refunded',
        requireNoTransferInFlight: true,
        at,
      });

    /** A completed order whose payment claim is `payment`, and a refund claim in `refund` (or none). */
    const orderWith = async (
      payment: 'pending' | 'confirmed' | 'failed',
      refund: 'pending' | 'confirmed' | 'failed' | 'absent',
    ) => {
      const order = buildOrder({ userId: newObjectId() });
      expect((await store().orders.create(order)).ok).toBe(true);
      const paid = buildTransferClaim();
      expect(await store().orders.claimTransfer(order.id, 'payment', paid)).toBe(true);
      if (payment !== 'pending') await store().orders.settleClaim(order.id, 'payment', paid.txId, payment);
      expect(
        (await store().orders.changeStatus(order.id, { from: ['pending'], to: 'completed', at })).ok,
      ).toBe(true);
      if (refund !== 'absent') {
        const back = buildOrderRefund({ fromAddress: paid.toAddress, toAddress: paid.fromAddress });
        expect(await store().orders.claimRefund(order.id, back, paid)).toBe(true);
        if (refund !== 'pending') await store().orders.settleClaim(order.id, 'refund', back.txId, refund);
      }
      return order;
    };

    it('refuses while the payment is in flight, changing nothing', async () => {
      const order = await orderWith('pending', 'absent');
      const before = await store().orders.findById(order.id);
      expect(await toRefunded(order.id)).toEqual({ ok: false, error: 'STATUS_MISMATCH' });
      expect(await store().orders.findById(order.id)).toEqual(before);
    });

    it('refuses while a refund is in flight, changing nothing', async () => {
      const order = await orderWith('confirmed', 'pending');
      const before = await store().orders.findById(order.id);
      expect(await toRefunded(order.id)).toEqual({ ok: false, error: 'STATUS_MISMATCH' });
      expect(await store().orders.findById(order.id)).toEqual(before);
    });

    for (const [payment, refund] of [
      ['confirmed', 'absent'],
      ['failed', 'absent'],
      ['confirmed', 'failed'],
    ] as const) {
      it(`allows it with the payment ${payment} and the refund ${refund}`, async () => {
        const order = await orderWith(payment, refund);
        const changed = await toRefunded(order.id);
        expect(changed.ok && changed.value.status).toBe('refunded');
      });
    }
  });
};
