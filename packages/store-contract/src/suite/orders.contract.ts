import { describe, expect, it } from 'vitest';
import { BUILDER_NOW, minutesAfter } from '../builders/fixed-time.js';
import { newObjectId } from '../builders/object-id.js';
import { buildOrder, buildOrderLine } from '../builders/order.builder.js';
import { buildUser } from '../builders/user.builder.js';
import type { ContractHarness } from '../harness.js';
import { useFreshStore } from './use-store.js';

export const describeOrderContract = (harness: ContractHarness): void => {
  describe('orders', () => {
    const store = useFreshStore(harness);

    it('stores a pending order with number 1, then 2, and reads every field back', async () => {
      const lines = [
        buildOrderLine({ priceSun: 1_230_000, quantity: 2, color: 'red' }),
        buildOrderLine({ priceSun: 10, quantity: 1 }),
      ];
      const order = buildOrder({ lines });
      const created = await store().orders.create(order);
      expect(created).toEqual({ ok: true, value: { ...order, number: 1 } });
      expect(await store().orders.findById(order.id)).toEqual({ ...order, number: 1 });
      const second = await store().orders.create(buildOrder());
      expect(second.ok && second.value.number).toBe(2);
      expect(await store().orders.findById(newObjectId())).toBeNull();
      expect(await store().orders.count()).toBe(2);
    });

    it('refuses a second pending order of a user with PENDING_ORDER_EXISTS carrying the pending id', async () => {
      const userId = newObjectId();
      const first = buildOrder({ userId });
      await store().orders.create(first);
      const second = await store().orders.create(buildOrder({ userId }));
      expect(second.ok).toBe(false);
      if (!second.ok) {
        expect(second.error.code).toBe('PENDING_ORDER_EXISTS');
        expect(second.error.data.pendingOrderId).toBe(first.id);
      }
      expect((await store().orders.findPendingByUser(userId))?.id).toBe(first.id);
      expect(await store().orders.count()).toBe(1);
    });

    it('never burns an order number on a refused creation', async () => {
      const userId = newObjectId();
      await store().orders.create(buildOrder({ userId }));
      await store().orders.create(buildOrder({ userId }));
      const other = await store().orders.create(buildOrder());
      expect(other.ok && other.value.number).toBe(2);
    });

    it('lets the user order again once the pending order left pending', async () => {
      const userId = newObjectId();
      const first = buildOrder({ userId });
      await store().orders.create(first);
      const cancelled = await store().orders.changeStatus(first.id, {
        from: ['pending'],
        to: 'cancelled',
        at: BUILDER_NOW,
      });
      expect(cancelled.ok).toBe(true);
      expect(await store().orders.findPendingByUser(userId)).toBeNull();
      const next = buildOrder({ userId });
      const created = await store().orders.create(next);
      expect(created.ok).toBe(true);
      expect((await store().orders.findPendingByUser(userId))?.id).toBe(next.id);
    });

    it("lists a user's orders newest first with a status filter and page figures", async () => {
      const userId = newObjectId();
      const orders = [0, 1, 2, 3].map((minute) =>
        buildOrder({ userId, createdAt: minutesAfter(BUILDER_NOW, minute) }),
      );
      for (const order of orders) {
        await store().orders.create(order);
        if (order !== orders[3]) {
          await store().orders.changeStatus(order.id, {
            from: ['pending'],
            to: 'completed',
            at: BUILDER_NOW,
          });
        }
      }
      await store().orders.create(buildOrder());
      const all = await store().orders.listByUser(userId, {}, { limit: 3, page: 1 });
      expect(all.items.map((order) => order.id)).toEqual(
        orders
          .map((order) => order.id)
          .reverse()
          .slice(0, 3),
      );
      expect(all).toMatchObject({ total: 4, pages: 2, page: 1, limit: 3 });
      const completed = await store().orders.listByUser(
        userId,
        { status: 'completed' },
        { limit: 10, page: 1 },
      );
      expect(completed.items.map((order) => order.id)).toEqual(
        orders
          .slice(0, 3)
          .map((order) => order.id)
          .reverse(),
      );
      expect(completed.items.every((order) => order.status === 'completed')).toBe(true);
      const none = await store().orders.listByUser(userId, { status: 'refunded' }, { limit: 10, page: 1 });
      expect(none).toMatchObject({ items: [], total: 0, pages: 0 });
    });

    it('lists sales newest first with the customer populated, or null when the user is gone', async () => {
      const customer = buildUser({ username: 'buyer', email: 'buyer@example.com' });
      await store().users.insert(customer);
      const known = buildOrder({ userId: customer.id, createdAt: minutesAfter(BUILDER_NOW, 1) });
      const orphan = buildOrder({ createdAt: minutesAfter(BUILDER_NOW, 2) });
      await store().orders.create(known);
      await store().orders.create(orphan);
      await store().orders.changeStatus(orphan.id, { from: ['pending'], to: 'failed', at: BUILDER_NOW });
      const sales = await store().orders.listSales({}, { limit: 10, page: 1 });
      expect(sales.items.map((sale) => sale.order.id)).toEqual([orphan.id, known.id]);
      expect(sales.items[0]?.customer).toBeNull();
      expect(sales.items[1]?.customer).toEqual({
        id: customer.id,
        username: 'buyer',
        email: 'buyer@example.com',
      });
      const failed = await store().orders.listSales({ status: 'failed' }, { limit: 10, page: 1 });
      expect(failed.items.map((sale) => sale.order.id)).toEqual([orphan.id]);
      expect(failed.total).toBe(1);
    });
  });
};
