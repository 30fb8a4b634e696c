import { buildOrder, buildProduct, buildUser } from '@trx-shop/store-contract';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { describeWithMongo } from './support/mongo-test-env.js';
import { openStoreWithRawAccess, type StoreWithRawAccess } from './support/raw-database.js';

/*
 * Issue 23: a writer that dies between a product write and the catalogue version's move must not
 * leave memoized answers stale. The state such a writer leaves is written here by hand: the
 * product changed, with its catalogue mark, and the version not moved.
 */
describeWithMongo(
  'versions after a writer died mid-way (catalogue, a user’s orders, customer search, wallet holders)',
  (uri) => {
    let env: StoreWithRawAccess;
    beforeEach(async () => {
      env = await openStoreWithRawAccess(uri, 'catalogue-version');
    });
    afterEach(async () => {
      await env.dispose();
    });

    const products = () => env.db.collection<{ _id: string; catalogueMark?: string }>('products');

    it('moves when a change was written but the writer died before moving it, and clears the mark', async () => {
      const product = buildProduct({ priceSun: 1_000_000 });
      await env.store.products.insert(product);
      const before = await env.store.versions.current({ kind: 'catalogue' });

      await products().updateOne(
        { _id: product.id },
        { $set: { priceSun: 9_000_000, catalogueMark: 'died-before-settling' } },
      );

      const after = await env.store.versions.current({ kind: 'catalogue' });
      expect(after).not.toBe(before);
      expect((await env.store.products.findById(product.id))?.priceSun).toBe(9_000_000);
      expect((await products().findOne({ _id: product.id }))?.catalogueMark).toBeUndefined();
      // Settled once: reading again with nothing written gives the same token.
      expect(await env.store.versions.current({ kind: 'catalogue' })).toBe(after);
    });

    it('leaves no mark behind after a write that completed, and never shows the mark as a field', async () => {
      const product = buildProduct({ stock: 3 });
      await env.store.products.insert(product);
      await env.store.products.update(product.id, { stock: 7 }, new Date());
      await env.store.products.applyStockChange(
        { productId: product.id, effectKey: 'order-1:0', kind: 'take', quantity: 2 },
        new Date(),
      );
      expect(await products().countDocuments({ catalogueMark: { $exists: true } })).toBe(0);
      const read = await env.store.products.findById(product.id);
      expect(read?.stock).toBe(5);
      expect(read && 'catalogueMark' in read).toBe(false);
    });

    it('a change written without a mark would stay hidden: the mark is what the version relies on', async () => {
      // The control: proves the first test's change was found through its mark, not by chance.
      const product = buildProduct({ priceSun: 1_000_000 });
      await env.store.products.insert(product);
      const before = await env.store.versions.current({ kind: 'catalogue' });
      await products().updateOne({ _id: product.id }, { $set: { priceSun: 2_000_000 } });
      expect(await env.store.versions.current({ kind: 'catalogue' })).toBe(before);
    });

    it("moves a user's order version when an order write landed but its writer died before moving it", async () => {
      const order = buildOrder();
      expect((await env.store.orders.create(order)).ok).toBe(true);
      const before = await env.store.versions.current({ kind: 'user-orders', userId: order.userId });
      const orders = env.db.collection<{ _id: string; pageMark?: string }>('orders');
      await orders.updateOne(
        { _id: order.id },
        { $set: { status: 'cancelled', pageMark: 'died-before-settling' } },
      );
      const after = await env.store.versions.current({ kind: 'user-orders', userId: order.userId });
      expect(after).not.toBe(before);
      expect((await orders.findOne({ _id: order.id }))?.pageMark).toBeUndefined();
      expect((await env.store.orders.findById(order.id))?.status).toBe('cancelled');
      expect(await env.store.versions.current({ kind: 'user-orders', userId: order.userId })).toBe(after);
    });

    const users = () =>
      env.db.collection<{ _id: string; searchMark?: string; holdersMark?: string }>('users');

    it('moves the customer search and the wallet holders when a user write landed but its writer died before moving them', async () => {
      const user = buildUser();
      expect((await env.store.users.insert(user)).ok).toBe(true);
      const search = () => env.store.versions.current({ kind: 'customer-search' });
      const holders = () => env.store.versions.current({ kind: 'wallet-holders' });
      const before = { search: await search(), holders: await holders() };

      await users().updateOne(
        { _id: user.id },
        { $set: { username: 'renamed_by_the_dead', searchMark: 'died-before-settling' } },
      );
      await users().updateOne({ _id: user.id }, { $set: { holdersMark: 'died-before-settling' } });

      const after = { search: await search(), holders: await holders() };
      expect(after.search).not.toBe(before.search);
      expect(after.holders).not.toBe(before.holders);
      const stored = await users().findOne({ _id: user.id });
      expect(stored?.searchMark).toBeUndefined();
      expect(stored?.holdersMark).toBeUndefined();
      expect({ search: await search(), holders: await holders() }).toEqual(after);
    });

    it('leaves no user mark behind after an insert and a rename, and never shows a mark as a field', async () => {
      const user = buildUser();
      expect((await env.store.users.insert(user)).ok).toBe(true);
      const renamed = await env.store.users.updateProfile(user.id, { username: 'renamed_alive' }, new Date());
      expect(renamed.ok && 'searchMark' in renamed.value).toBe(false);
      expect(await users().countDocuments({ searchMark: { $exists: true } })).toBe(0);
      expect(await users().countDocuments({ holdersMark: { $exists: true } })).toBe(0);
      expect(await env.store.users.findById(user.id)).toEqual({
        ...user,
        username: 'renamed_alive',
        updatedAt: expect.any(Date),
      });
    });
  },
);
