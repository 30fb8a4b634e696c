import {
  formatOrderNumber,
  type Order,
  type OrderStatus,
  type OrderWithCustomer,
  type SalesQuery,
  type User,
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
 * The admin's sales searched by customer (docs/api.md, "The merchant's ledger"): the orders of the
 * users whose username or email holds the search (case-insensitive, literal), plus the order an
 * order number names, with the status and range filters, paged and counted by the store.
 */
export const describeSalesSearchContract = (harness: ContractHarness): void => {
  describe('sales search: by customer username or email, or by order number', () => {
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

    /** Orders by minute of creation; `SMITH` is in Alice's username and in Carol's email. */
    const seed = async () => {
      const alice = await insertUser({ username: 'AliceSmith', email: 'alice@shop.example' });
      const bob = await insertUser({ username: 'bob_100%', email: 'Bob.Jones@Mail.TEST' });
      const carol = await insertUser({ username: 'carol', email: 'carol@smithery.example' });
      const admin = await insertUser({ role: 'admin', username: 'OpsAdmin', email: 'ops@shop.example' });
      const at: Record<number, Order> = {
        1: await createOrder(alice, 'completed', 1),
        2: await createOrder(bob, 'completed', 2),
        3: await createOrder(alice, 'refunded', 3),
        4: await createOrder(carol, 'completed', 4),
        5: await createOrder(alice, 'completed', 5),
        6: await createOrder(admin, 'completed', 6),
        7: await createOrder(bob, 'pending', 7),
        8: await createOrder(alice, 'pending', 8),
      };
      const minutes = (...list: number[]) => list.map((n) => at[n]?.id);
      return { at, minutes, bob };
    };

    const listed = (query: SalesQuery, page: { limit: number; page: number } = ALL) =>
      store().orders.listSales(query, page);
    const streamed = async (query: SalesQuery): Promise<string[]> => {
      const sales: OrderWithCustomer[] = [];
      for await (const sale of store().orders.streamSales(query)) sales.push(sale);
      return ids(sales);
    };

    it('finds the sales of the users whose username or email holds the search, in any case, newest first', async () => {
      const { minutes } = await seed();
      const smith = await listed({ search: 'SMITH' });
      expect(ids(smith.items)).toEqual(minutes(8, 5, 4, 3, 1));
      expect(smith.total).toBe(5);
      expect(smith.items[0]?.customer?.username).toBe('AliceSmith');
      // Part of an email stored in another case.
      const bob = await listed({ search: 'jones@mail.t' });
      expect(ids(bob.items)).toEqual(minutes(7, 2));
      expect(bob.total).toBe(2);
      // An admin's own orders are sales too.
      expect(ids((await listed({ search: 'opsadmin' })).items)).toEqual(minutes(6));
      const none = await listed({ search: 'nobody' });
      expect(none.items).toEqual([]);
      expect(none.total).toBe(0);
      expect(await streamed({ search: 'SMITH' })).toEqual(minutes(8, 5, 4, 3, 1));
    });

    it('takes % and _ literally', async () => {
      const { minutes } = await seed();
      for (const search of ['%', '_1', '0%']) {
        const answer = await listed({ search });
        expect(ids(answer.items), search).toEqual(minutes(7, 2));
        expect(answer.total, search).toBe(2);
      }
      // As LIKE patterns these would match Bob's and Alice's names.
      for (const search of ['b%', 'a_i', '%smith%']) {
        const answer = await listed({ search });
        expect(ids(answer.items), search).toEqual([]);
        expect(answer.total, search).toBe(0);
        expect(await streamed({ search }), search).toEqual([]);
      }
    });

    it('combines the search with the status and the range, and pages it with the whole total', async () => {
      const { minutes } = await seed();
      const completed = await listed({ search: 'smith', status: 'completed' });
      expect(ids(completed.items)).toEqual(minutes(5, 4, 1));
      expect(completed.total).toBe(3);
      const ranged = await listed({ search: 'smith', from: minute(3), to: minute(8) });
      expect(ids(ranged.items)).toEqual(minutes(5, 4, 3));
      expect(ranged.total).toBe(3);
      const all = await listed({ search: 'smith', status: 'completed', from: minute(2) });
      expect(ids(all.items)).toEqual(minutes(5, 4));
      expect(all.total).toBe(2);
      const second = await listed({ search: 'smith' }, { limit: 2, page: 2 });
      expect(ids(second.items)).toEqual(minutes(4, 3));
      expect(second.total).toBe(5);
      expect(await streamed({ search: 'smith', status: 'completed', to: minute(5) })).toEqual(minutes(4, 1));
    });

    it('also finds the order an order number names, in any case, beside the users holding the text', async () => {
      const { at, minutes } = await seed();
      const number = at[2]?.number ?? 0;
      for (const search of [formatOrderNumber(number), formatOrderNumber(number).toLowerCase()]) {
        const answer = await listed({ search });
        expect(ids(answer.items), search).toEqual(minutes(2));
        expect(answer.total, search).toBe(1);
      }
      expect((await listed({ search: formatOrderNumber(number), status: 'pending' })).total).toBe(0);
      // `TRX-<n>` without the `#` names the order and is also part of Dave's username.
      const dave = await insertUser({ username: `TRX-${number}fan`, email: 'dave@shop.example' });
      const daves = await createOrder(dave, 'completed', 9);
      const both = await listed({ search: `trx-${number}` });
      expect(ids(both.items)).toEqual([daves.id, ...minutes(2)]);
      expect(both.total).toBe(2);
      expect(await streamed({ search: `trx-${number}` })).toEqual([daves.id, ...minutes(2)]);
    });
  });
};
