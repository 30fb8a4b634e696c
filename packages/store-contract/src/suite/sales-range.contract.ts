import type { OrderWithCustomer } from '@trx-shop/domain';
import { describe, expect, it } from 'vitest';
import { BUILDER_NOW, minutesAfter } from '../builders/fixed-time.js';
import { buildOrder } from '../builders/order.builder.js';
import { buildUser } from '../builders/user.builder.js';
import type { ContractHarness } from '../harness.js';
import { useFreshStore } from './use-store.js';

/** The admin's sales by time range, and their export stream (docs/api.md, "The merchant's ledger"). */
export const describeSalesRangeContract = (harness: ContractHarness): void => {
  describe('sales: a [from, to) range and the export stream', () => {
    const store = useFreshStore(harness);
    const minute = (n: number) => minutesAfter(BUILDER_NOW, n);
    const ids = (sales: readonly OrderWithCustomer[]) => sales.map((sale) => sale.order.id);

    /** One order per minute 1..5, each of its own customer (one pending order per user). */
    const seed = async () => {
      const orders = [];
      for (let n = 1; n <= 5; n += 1) {
        const customer = buildUser();
        expect((await store().users.insert(customer)).ok).toBe(true);
        const order = buildOrder({ userId: customer.id, createdAt: minute(n), updatedAt: minute(n) });
        expect((await store().orders.create(order)).ok).toBe(true);
        orders.push(order);
      }
      return orders;
    };

    it('lists and counts only the sales created in the range, newest first', async () => {
      const orders = await seed();
      const listed = await store().orders.listSales(
        { from: minute(2), to: minute(4) },
        { limit: 10, page: 1 },
      );
      expect(ids(listed.items)).toEqual([orders[2]?.id, orders[1]?.id]);
      expect(listed.total).toBe(2);
      const open = await store().orders.listSales({ from: minute(4) }, { limit: 10, page: 1 });
      expect(ids(open.items)).toEqual([orders[4]?.id, orders[3]?.id]);
      expect(open.total).toBe(2);
      const withStatus = await store().orders.listSales(
        { status: 'completed', to: minute(9) },
        { limit: 10, page: 1 },
      );
      expect(withStatus.total).toBe(0);
    });

    it('streams the sales the query selects newest first, with their customers, across read batches', async () => {
      const orders = await seed();
      const streamed: OrderWithCustomer[] = [];
      for await (const sale of store().orders.streamSales({ to: minute(5) })) streamed.push(sale);
      expect(ids(streamed)).toEqual([orders[3], orders[2], orders[1], orders[0]].map((order) => order?.id));
      expect(streamed[0]?.customer?.id).toBe(orders[3]?.userId);

      // 520 more, many sharing one instant: keyset batches must neither skip nor repeat a sale.
      for (let index = 0; index < 520; index += 1) {
        const customer = buildUser();
        await store().users.insert(customer);
        const at = minute(100 + Math.floor(index / 200));
        await store().orders.create(buildOrder({ userId: customer.id, createdAt: at, updatedAt: at }));
      }
      const all: string[] = [];
      for await (const sale of store().orders.streamSales({})) all.push(sale.order.id);
      expect(all).toHaveLength(525);
      expect(new Set(all).size).toBe(525);
      const listed = await store().orders.listSales({}, { limit: 100, page: 1 });
      expect(all.slice(0, 100)).toEqual(ids(listed.items));
    }, 120_000);
  });
};
