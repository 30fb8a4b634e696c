import { randomBytes } from 'node:crypto';
import {
  ADMIN,
  call,
  expectStatus,
  logIn,
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
 * Issue 23: each instance memoizes catalogue answers in its own memory, filed under the store's
 * catalogue version. A product changed through one instance shows in the very next request on the
 * other (price, stock, archive), on one SQLite file and on the MongoDB store, and the other
 * instance's ETag moves with it.
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

describe('catalogue answers on two instances', () => {
  it(
    'show a change made through one instance in the very next request on the other (one SQLite file)',
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
