import { buildProduct } from '@trx-shop/store-contract';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { openMongoStore } from '../src/index.js';
import { describeWithMongo } from './support/mongo-test-env.js';
import { openStoreWithRawAccess, type StoreWithRawAccess } from './support/raw-database.js';

describeWithMongo('products stored before their search text', (uri) => {
  let env: StoreWithRawAccess;
  beforeEach(async () => {
    env = await openStoreWithRawAccess(uri, 'legacy-product-search');
  });
  afterEach(async () => {
    await env.dispose();
  });

  it('get it at the next open and are found by a search folded as JavaScript folds', async () => {
    const products = env.db.collection<{ _id: string; [field: string]: unknown }>('products');
    const product = buildProduct({ name: 'ÉCLAIR', description: 'Café crème' });
    await env.store.products.insert(product);
    // As an earlier version stored it: no search text.
    await products.updateOne({ _id: product.id }, { $unset: { searchText: '' } });
    expect((await env.store.products.list({ search: 'éclair' }, { limit: 10, page: 1 })).total).toBe(0);

    const reopened = await openMongoStore({ uri, dbName: env.dbName });
    try {
      const found = async (text: string) =>
        (await reopened.products.list({ search: text }, { limit: 10, page: 1 })).items.map(({ id }) => id);
      expect(await found('éclair')).toEqual([product.id]);
      expect(await found('CRÈME')).toEqual([product.id]);
      expect((await products.findOne({ _id: product.id }))?.searchText).toBe('éclair\ncafé crème');
      expect(await reopened.products.findById(product.id)).toEqual(product);
    } finally {
      await reopened.close();
    }
  });
});
