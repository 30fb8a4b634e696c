import type {
  Order,
  OrderStatus,
  OrderWithCustomer,
  SalesQuery,
  User,
  UserStatusCount,
} from '@trx-shop/domain';
import { describe, expect, it } from 'vitest';
import { BUILDER_NOW, minutesAfter } from '../builders/fixed-time.js';
import { buildOrder } from '../builders/order.builder.js';
import { buildUser } from '../builders/user.builder.js';
import type { ContractHarness } from '../harness.js';
import { useFreshStore } from './use-store.js';

/** Larger than the test's order count: one page holds every match. */
const ALL = { limit: 100, page: 1 } as const;

/**
 * One customer's orders, for the admin's customer page: counted by status, and the sales of that
 * customer alone (`SalesQuery.customerId`) with the other filters.
 */
export const describeCustomerOrdersContract = (harness: ContractHarness): void => {
  describe("customer orders: one user's orders counted by status, and their sales", () => {
    const store = useFreshStore(harness);
    const minute = (n: number) => minutesAfter(BUILDER_NOW, n);
    const ids = (sales: readonly OrderWithCustomer[]) => sales.map((sale) => sale.order.id);

    const insertUser = async (overrides: Partial<User>): Promise<User> => {
      const user = buildUser(overrides);
      expect((await store().users.insert(user)).ok, user.username).toBe(true);
      return user;
    };
    const createOrder = async (user: User, status: OrderStatus, at: number): Promise<Order> => {
      const created = await store().orders.create(
        buildOrder({ userId: user.id, status, createdAt: minute(at), updatedAt: minute(at) }),
      );
      if (!created.ok) throw new Error(`order of ${user.username} at minute ${at} refused`);
      return created.value;
    };

    /** Orders by minute of creation; Carol's username holds Alice's name, so a search finds both. */
    const seed = async () => {
      const alice = await insertUser({ username: 'alice', email: 'alice@shop.example' });
      const carol = await insertUser({ username: 'carol_not_alice', email: 'carol@shop.example' });
      const at: Record<number, Order> = {
        1: await createOrder(alice, 'completed', 1),
        2: await createOrder(carol, 'completed', 2),
        3: await createOrder(alice, 'refunded', 3),
        4: await createOrder(alice, 'completed', 4),
        5: await createOrder(alice, 'cancelled', 5),
        6: await createOrder(carol, 'pending', 6),
        7: await createOrder(alice, 'failed', 7),
        8: await createOrder(alice, 'pending', 8),
      };
      const minutes = (...list: number[]) => list.map((n) => at[n]?.id);
      return { alice, carol, at, minutes };
    };

    const byStatus = (counts: readonly UserStatusCount[]) =>
      Object.fromEntries(
        [...counts]
          .sort((a, b) => a.status.localeCompare(b.status))
          .map(({ status, count, lastCreatedAt }) => [status, { count, last: lastCreatedAt.toISOString() }]),
      );

    it('counts a user’s orders by status with the newest of each, and nobody else’s', async () => {
      const { alice, carol } = await seed();
      expect(byStatus(await store().orders.countByUser(alice.id))).toEqual({
        cancelled: { count: 1, last: minute(5).toISOString() },
        completed: { count: 2, last: minute(4).toISOString() },
        failed: { count: 1, last: minute(7).toISOString() },
        pending: { count: 1, last: minute(8).toISOString() },
        refunded: { count: 1, last: minute(3).toISOString() },
      });
      expect(byStatus(await store().orders.countByUser(carol.id))).toEqual({
        completed: { count: 1, last: minute(2).toISOString() },
        pending: { count: 1, last: minute(6).toISOString() },
      });
      const idle = await insertUser({ username: 'idle', email: 'idle@shop.example' });
      expect(await store().orders.countByUser(idle.id)).toEqual([]);
    });

    it('moves an order to its new status in the counts when its status changes', async () => {
      const { alice, at } = await seed();
      const pending = at[8];
      if (!pending) throw new Error('seed lacks the pending order');
      const cancelled = await store().orders.changeStatus(pending.id, {
        from: ['pending'],
        to: 'cancelled',
        at: minute(9),
      });
      expect(cancelled.ok).toBe(true);
      const counts = byStatus(await store().orders.countByUser(alice.id));
      expect(counts.pending).toBeUndefined();
      // The creation instant counts, not the change's.
      expect(counts.cancelled).toEqual({ count: 2, last: minute(8).toISOString() });
    });

    const listed = (query: SalesQuery, page: { limit: number; page: number } = ALL) =>
      store().orders.listSales(query, page);
    const streamed = async (query: SalesQuery): Promise<(string | undefined)[]> => {
      const sales: OrderWithCustomer[] = [];
      for await (const sale of store().orders.streamSales(query)) sales.push(sale);
      return ids(sales);
    };

    it('lists and streams exactly one customer’s sales, newest first, with the whole total', async () => {
      const { alice, carol, minutes } = await seed();
      const alices = await listed({ customerId: alice.id });
      expect(ids(alices.items)).toEqual(minutes(8, 7, 5, 4, 3, 1));
      expect(alices.total).toBe(6);
      expect(alices.items.every((sale) => sale.customer?.id === alice.id)).toBe(true);
      expect(await streamed({ customerId: alice.id })).toEqual(minutes(8, 7, 5, 4, 3, 1));
      expect(ids((await listed({ customerId: carol.id })).items)).toEqual(minutes(6, 2));
      const second = await listed({ customerId: alice.id }, { limit: 4, page: 2 });
      expect(ids(second.items)).toEqual(minutes(3, 1));
      expect(second.total).toBe(6);
      const nobody = await listed({ customerId: 'ab'.repeat(12) });
      expect(nobody.items).toEqual([]);
      expect(nobody.total).toBe(0);
    });

    it('combines the customer with the status, the range and the search', async () => {
      const { alice, carol, minutes } = await seed();
      const completed = await listed({ customerId: alice.id, status: 'completed' });
      expect(ids(completed.items)).toEqual(minutes(4, 1));
      expect(completed.total).toBe(2);
      expect(await streamed({ customerId: alice.id, status: 'completed' })).toEqual(minutes(4, 1));
      const pending = await listed({ customerId: carol.id, status: 'pending' });
      expect(ids(pending.items)).toEqual(minutes(6));
      expect(pending.total).toBe(1);
      const ranged = await listed({ customerId: alice.id, from: minute(3), to: minute(7) });
      expect(ids(ranged.items)).toEqual(minutes(5, 4, 3));
      expect(ranged.total).toBe(3);
      expect(await streamed({ customerId: alice.id, from: minute(3), to: minute(7) })).toEqual(
        minutes(5, 4, 3),
      );
      // The search `alice` matches both users; the customer keeps Carol's alone.
      const searched = await listed({ customerId: carol.id, search: 'alice' });
      expect(ids(searched.items)).toEqual(minutes(6, 2));
      expect(searched.total).toBe(2);
      const elsewhere = await listed({ customerId: alice.id, search: 'carol' });
      expect(elsewhere.items).toEqual([]);
      expect(elsewhere.total).toBe(0);
      expect(await streamed({ customerId: alice.id, search: 'carol' })).toEqual([]);
    });
  });
};
