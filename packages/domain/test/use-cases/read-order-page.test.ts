import { createBoundedMemo, readOrderPage } from '@trx-shop/domain';
import { buildOrder, BUILDER_NOW } from '@trx-shop/store-contract';
import { createMemoryStore } from '@trx-shop/store-memory';
import { describe, expect, it } from 'vitest';

/* Memoized order pages (issue 23): reused only at the owner's current order version. */

const oneOrderAndAnEmptyMemo = async () => {
  const store = createMemoryStore();
  const memo = createBoundedMemo<string>({
    maxEntries: 10,
    maxWeight: 10_000,
    weightOf: (body) => body.length,
  });
  const order = buildOrder();
  expect((await store.orders.create(order)).ok).toBe(true);
  return { store, memo, order };
};

describe('reading an order page through the memo', () => {
  it("renders once per version of the user's orders, and again after any write to them", async () => {
    const { store, memo, order } = await oneOrderAndAnEmptyMemo();
    const version = (userId: string) => store.versions.current({ kind: 'user-orders', userId });
    let renders = 0;
    const read = () =>
      readOrderPage({ version, memo }, order.userId, 'page=1', async () => {
        renders += 1;
        const page = await store.orders.listByUser(order.userId, {}, { page: 1, limit: 10 });
        return JSON.stringify(page.items.map((item) => item.status));
      });

    expect(await read()).toEqual({ body: '["pending"]', fromMemo: false });
    expect(await read()).toEqual({ body: '["pending"]', fromMemo: true });
    await store.orders.changeStatus(order.id, { from: ['pending'], to: 'cancelled', at: BUILDER_NOW });
    expect(await read()).toEqual({ body: '["cancelled"]', fromMemo: false });
    expect(renders).toBe(2);
  });
});
