import { randomBytes } from 'node:crypto';
import {
  ADMIN,
  call,
  expectStatus,
  logIn,
  registerAccount,
  makeDataDir,
  type RunningTestMongo,
  removeDataDir,
  startServiceProcess,
  startTestMongo,
} from '@trx-shop/test-kit';
import type { RunningDevnet } from '@trx-shop/tron-devnet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestDevnet } from '../support/test-app.js';

/*
 * Issue 23: each instance memoizes catalogue answers and order pages in its own memory, filed
 * under the store's versions. A product changed through one instance shows in the very next
 * request on the other (price, stock, archive) and the other instance's ETag moves with it; an
 * order cancelled through one instance shows on the other's next order page, and a customer
 * blocked through one is refused on the other at once; a customer registered through one is found
 * by the other's next customer search (SQLite keeps a search's matches per connection). On one
 * SQLite file and on MongoDB.
 */

let node: RunningDevnet;
let mongo: RunningTestMongo | { readonly skipReason: string };
beforeAll(async () => {
  node = await startTestDevnet();
  mongo = await startTestMongo();
}, 120_000);
afterAll(async () => {
  await node.stop();
  if (!('skipReason' in mongo)) await mongo.stop();
});

interface Seen {
  readonly status: number;
  readonly etag: string | null;
  readonly body: { product?: { price: number; stock: number }; products?: { _id: string }[] };
}

const read = async (apiUrl: string, path: string, ifNoneMatch?: string): Promise<Seen> => {
  const response = await fetch(`${apiUrl}${path}`, {
    headers: ifNoneMatch ? { 'if-none-match': ifNoneMatch } : {},
  });
  const text = await response.text();
  return { status: response.status, etag: response.headers.get('etag'), body: text ? JSON.parse(text) : {} };
};

const changesSeenAcrossInstances = async (storeEnv: Readonly<Record<string, string>>) => {
  const dataDir = await makeDataDir();
  try {
    const env = {
      ...storeEnv,
      TRON_FULL_HOST: node.url,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LISTENER_INTERVAL_MS: '600000',
    };
    // One after the other: the first writes the secrets file the second reads.
    const writer = await startServiceProcess(dataDir, env);
    const reader = await startServiceProcess(dataDir, env);
    try {
      const token = await logIn(writer.apiUrl, ADMIN.email, ADMIN.password);
      const created = expectStatus(
        await call(writer.apiUrl, 'POST', '/api/admin/products', {
          token,
          body: { name: 'Shared mug', price: 10, stock: 5, category: 'physical' },
        }),
        201,
        'create',
      );
      const id = (created.body.product as { _id: string })._id;
      const patch = async (body: Record<string, unknown>) =>
        expectStatus(
          await call(writer.apiUrl, 'PATCH', `/api/admin/products/${id}`, { token, body }),
          200,
          'patch',
        );
      const onReader = () => read(reader.apiUrl, `/api/products/${id}`);
      const listedOnReader = async () =>
        (await read(reader.apiUrl, '/api/products?limit=100')).body.products?.some(
          (entry) => entry._id === id,
        );

      // Twice on the reader: the second answer is its memo's.
      const before = await onReader();
      expect((await onReader()).etag).toBe(before.etag);
      expect(before.body.product).toMatchObject({ price: 10, stock: 5 });
      expect(await listedOnReader()).toBe(true);
      expect((await read(reader.apiUrl, `/api/products/${id}`, before.etag ?? '')).status).toBe(304);

      await patch({ price: 12.5 });
      const repriced = await onReader();
      expect(repriced.body.product).toMatchObject({ price: 12.5, stock: 5 });
      expect(repriced.etag).not.toBe(before.etag);
      expect((await read(reader.apiUrl, `/api/products/${id}`, before.etag ?? '')).status).toBe(200);

      await patch({ stock: 1 });
      expect((await onReader()).body.product).toMatchObject({ price: 12.5, stock: 1 });

      // The customer search: a search read twice on the reader (its kept matches on SQLite), then a
      // customer it matches registered through the writer.
      const searchOnReader = async () => {
        const page = expectStatus(
          await call(reader.apiUrl, 'GET', '/api/admin/customers?search=BUYER_&limit=50', { token }),
          200,
          'customer search',
        );
        return {
          ids: (page.body.users as { _id: string }[]).map((user) => user._id),
          total: (page.body.pagination as { total: number }).total,
        };
      };
      const early = await registerAccount(writer.apiUrl);
      expect(await searchOnReader()).toEqual({ ids: [early.id], total: 1 });
      expect(await searchOnReader()).toEqual({ ids: [early.id], total: 1 });

      // Order pages: a customer's page read twice on the reader (memo), changed through the writer.
      const buyer = await registerAccount(writer.apiUrl);
      expect(await searchOnReader()).toEqual({ ids: [buyer.id, early.id], total: 2 });
      const ordered = expectStatus(
        await call(writer.apiUrl, 'POST', '/api/orders', {
          token: buyer.token,
          body: { products: [{ productId: id, quantity: 1 }] },
        }),
        201,
        'order',
      );
      const orderId = (ordered.body.order as { _id: string })._id;
      const statusOnReader = async () => {
        const page = expectStatus(
          await call(reader.apiUrl, 'GET', '/api/orders', { token: buyer.token }),
          200,
          'orders page',
        );
        return (page.body.orders as { _id: string; status: string }[]).find((order) => order._id === orderId)
          ?.status;
      };
      expect(await statusOnReader()).toBe('pending');
      expect(await statusOnReader()).toBe('pending');
      expectStatus(
        await call(writer.apiUrl, 'POST', `/api/orders/${orderId}/cancel`, { token: buyer.token }),
        200,
        'cancel',
      );
      expect(await statusOnReader()).toBe('cancelled');
      // The session and the account are checked on every request, memo or not.
      expectStatus(
        await call(writer.apiUrl, 'PATCH', `/api/admin/customers/${buyer.id}/block`, {
          token,
          body: { isActive: false },
        }),
        200,
        'block',
      );
      expect((await call(reader.apiUrl, 'GET', '/api/orders', { token: buyer.token })).status).toBe(403);

      expectStatus(
        await call(writer.apiUrl, 'DELETE', `/api/admin/products/${id}`, { token }),
        200,
        'archive',
      );
      expect((await onReader()).status).toBe(404);
      expect(await listedOnReader()).toBe(false);
    } finally {
      await Promise.all([writer.stop('SIGTERM'), reader.stop('SIGTERM')]);
    }
  } finally {
    await removeDataDir(dataDir);
  }
};

describe('memoized answers on two instances', () => {
  it(
    'show a product or order change made through one instance in the very next request on the other (one SQLite file)',
    () => changesSeenAcrossInstances({}),
    120_000,
  );

  it('show it on the MongoDB store too', async (context) => {
    if ('skipReason' in mongo) {
      context.skip(`needs a MongoDB: ${mongo.skipReason}`);
      return;
    }
    await changesSeenAcrossInstances({
      MONGODB_URI: mongo.uri,
      MONGODB_DB: `t_catalogue_${randomBytes(6).toString('hex')}`,
    });
  }, 120_000);
});
