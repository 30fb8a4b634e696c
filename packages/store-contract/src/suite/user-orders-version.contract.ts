import { describe, expect, it } from 'vitest';
import { BUILDER_NOW, minutesAfter } from '../builders/fixed-time.js';
import { newObjectId } from '../builders/object-id.js';
import { buildOrder, buildOrderRefund, buildTransferClaim } from '../builders/order.builder.js';
import type { ContractHarness } from '../harness.js';
import { paidOrder } from './paid-order.js';
import { useFreshStore } from './use-store.js';

/*
 * A user's order version: memoized order pages are keyed by it, so every write a page
 * shows (creation, status, payment and refund claims and their settlement) must move the owner's
 * version; another user's writes leave it alone, or per-user memoizing would buy nothing.
 */
export const describeUserOrdersVersionContract = (harness: ContractHarness): void => {
  describe("a user's order version", () => {
    const store = useFreshStore(harness);
    const version = (userId: string) => store().orders.userOrdersVersion(userId);

    const moves = async (userId: string, write: () => Promise<unknown>): Promise<boolean> => {
      const before = await version(userId);
      await write();
      return (await version(userId)) !== before;
    };

    it('is a stable token, for a user with orders and one without', async () => {
      const nobody = newObjectId();
      expect(await version(nobody)).toBe(await version(nobody));
      const order = buildOrder();
      expect((await store().orders.create(order)).ok).toBe(true);
      const first = await version(order.userId);
      expect(first.length).toBeGreaterThan(0);
      expect(await version(order.userId)).toBe(first);
    });

    it('moves with the creation, the payment claim and its settlement, and every status change', async () => {
      const order = buildOrder();
      const { userId } = order;
      expect(
        await moves(userId, async () => expect((await store().orders.create(order)).ok).toBe(true)),
      ).toBe(true);
      const claim = buildTransferClaim();
      expect(await moves(userId, () => store().orders.claimTransfer(order.id, 'payment', claim))).toBe(true);
      expect(
        await moves(userId, () => store().orders.settleClaim(order.id, 'payment', claim.txId, 'confirmed')),
      ).toBe(true);
      expect(
        await moves(userId, () =>
          store().orders.changeStatus(order.id, { from: ['pending'], to: 'completed', at: BUILDER_NOW }),
        ),
      ).toBe(true);
    });

    it('moves with a refund claim and its settlement, and with a cancellation', async () => {
      const { order, paid } = await paidOrder(store());
      const refund = buildOrderRefund({ amountSun: 500_000 });
      expect(await moves(order.userId, () => store().orders.claimRefund(order.id, refund, paid))).toBe(true);
      expect(
        await moves(order.userId, () =>
          store().orders.settleClaim(order.id, 'refund', refund.txId, 'confirmed'),
        ),
      ).toBe(true);

      const pending = buildOrder();
      expect((await store().orders.create(pending)).ok).toBe(true);
      expect(
        await moves(pending.userId, () =>
          store().orders.changeStatus(pending.id, {
            from: ['pending'],
            to: 'cancelled',
            at: minutesAfter(BUILDER_NOW, 1),
          }),
        ),
      ).toBe(true);
    });

    it("stays put when another user's orders change", async () => {
      const mine = buildOrder();
      expect((await store().orders.create(mine)).ok).toBe(true);
      const before = await version(mine.userId);
      const theirs = buildOrder();
      expect((await store().orders.create(theirs)).ok).toBe(true);
      await store().orders.changeStatus(theirs.id, { from: ['pending'], to: 'cancelled', at: BUILDER_NOW });
      expect(await version(mine.userId)).toBe(before);
    });

    it('moves for every handle of one database when another one writes', async () => {
      const order = buildOrder();
      const before = await version(order.userId);
      const [created] = await harness.race(store(), 'createOrder', [order]);
      expect(created?.created).toBe(true);
      expect(await version(order.userId)).not.toBe(before);
    });
  });
};
