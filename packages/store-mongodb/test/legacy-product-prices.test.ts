import { buildProduct } from '@trx-shop/store-contract';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { describeWithMongo } from './support/mongo-test-env.js';
import { openStoreWithRawAccess, type StoreWithRawAccess } from './support/raw-database.js';

describeWithMongo('products stored before USDT prices', (uri) => {
  let env: StoreWithRawAccess;
  beforeEach(async () => {
    env = await openStoreWithRawAccess(uri, 'legacy-product-prices');
  });
  afterEach(async () => {
    await env.dispose();
  });

  it('read as not sold in USDT, and take a USDT price and its clearing like any other', async () => {
    const products = env.db.collection<{ _id: string; [field: string]: unknown }>('products');
    const product = buildProduct({ priceUsdt: 7_000_000 });
    await env.store.products.insert(product);
    // As an earlier version stored it: no priceUsdt field at all.
    await products.updateOne({ _id: product.id }, { $unset: { priceUsdt: '' } });
    expect(await products.findOne({ _id: product.id })).not.toHaveProperty('priceUsdt');

    expect(await env.store.products.findById(product.id)).toEqual({ ...product, priceUsdt: null });
    const listed = await env.store.products.list({}, { limit: 10, page: 1 });
    expect(listed.items).toEqual([{ ...product, priceUsdt: null }]);

    const at = new Date(product.updatedAt.getTime() + 60_000);
    expect((await env.store.products.update(product.id, { priceUsdt: 1 }, at))?.priceUsdt).toBe(1);
    expect((await products.findOne({ _id: product.id }))?.priceUsdt).toBe(1);
    expect((await env.store.products.update(product.id, { priceUsdt: null }, at))?.priceUsdt).toBeNull();
    expect((await products.findOne({ _id: product.id }))?.priceUsdt).toBeNull();
  });
});
