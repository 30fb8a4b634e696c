import { BUILDER_NOW, buildOrder, buildProduct, buildUser } from '@trx-shop/store-contract';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { openMongoStore } from '../src/index.js';
import { describeWithMongo } from './support/mongo-test-env.js';
import { openStoreWithRawAccess, type StoreWithRawAccess } from './support/raw-database.js';

describeWithMongo('stored documents and start-up', (uri) => {
  let env: StoreWithRawAccess;
  beforeEach(async () => {
    env = await openStoreWithRawAccess(uri, 'docs');
  });
  afterEach(async () => {
    await env.dispose();
  });

  it('keeps ids as 24-hex strings and case-folded keys beside the display values', async () => {
    const user = buildUser({ email: 'Mixed.Case@Example.COM', username: 'MiXeD' });
    await env.store.users.insert(user);
    const stored = await env.db.collection<{ _id: string }>('users').findOne({ _id: user.id });
    expect(stored).toMatchObject({
      _id: user.id,
      email: 'Mixed.Case@Example.COM',
      emailKey: 'mixed.case@example.com',
      username: 'MiXeD',
      usernameKey: 'mixed',
    });
    expect(typeof stored?._id).toBe('string');
  });

  it('stores money as exact integer SUN, beyond 32 bits too', async () => {
    // 1,000,000 TRX x 1,000 units: the largest line the limits allow, far above 2^31 SUN.
    const price = 1_000_000 * 1_000_000;
    const order = buildOrder({
      lines: [{ productId: buildProduct().id, name: 'Big', priceSun: price, quantity: 1000, color: null }],
    });
    const created = await env.store.orders.create(order);
    expect(created.ok).toBe(true);
    const stored = await env.db
      .collection<{ _id: string; totalSun: number }>('orders')
      .findOne({ _id: order.id });
    expect(stored?.totalSun).toBe(price * 1000 - 10_000);
    expect(Number.isSafeInteger(stored?.totalSun)).toBe(true);
  });

  it('remembers an applied stock change inside the product until it is forgotten, never in the product read', async () => {
    const product = buildProduct({ stock: 5 });
    await env.store.products.insert(product);
    expect(
      await env.store.products.applyStockChange(
        { productId: product.id, effectKey: 'order-1:0', kind: 'take', quantity: 7 },
        BUILDER_NOW,
      ),
    ).toBe(5);
    const products = env.db.collection<{ _id: string; stockJournal: { key: string; quantity: number }[] }>(
      'products',
    );
    expect((await products.findOne({ _id: product.id }))?.stockJournal).toEqual([
      { key: 'order-1:0', quantity: 5 },
    ]);
    expect(await env.store.products.findById(product.id)).toEqual({
      ...product,
      stock: 0,
      updatedAt: BUILDER_NOW,
    });

    await env.store.products.forgetStockChange(product.id, 'order-1:0');
    expect((await products.findOne({ _id: product.id }))?.stockJournal).toEqual([]);
  });

  it('creates its indexes at start-up and opening again on the same database changes nothing', async () => {
    const indexNames = async (collection: string) =>
      (await env.db.collection(collection).listIndexes().toArray()).map((index) => String(index.name)).sort();
    const before = await indexNames('users');
    expect(before).toEqual(
      [
        '_id_',
        'users_active',
        'users_created',
        'users_email_key_unique',
        'users_role_created',
        'users_username_key_unique',
      ].sort(),
    );
    const again = await openMongoStore({ uri, dbName: env.dbName });
    await again.close();
    expect(await indexNames('users')).toEqual(before);
    expect(await indexNames('transactions')).toContain('transactions_hash_unique');
    expect(await indexNames('withdrawals')).toContain('withdrawals_user_key_unique');
    expect(await indexNames('orders')).toContain('orders_number_unique');
  });

  it('answers ping while connected and false after close', async () => {
    const store = await env.openAnother();
    expect(await store.ping()).toBe(true);
    await store.close();
    expect(await store.ping()).toBe(false);
  });
});
