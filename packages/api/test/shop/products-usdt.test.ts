import { randomBytes } from 'node:crypto';
import { openMongoStore } from '@trx-shop/store-mongodb';
import { type RunningTestMongo, startTestMongo } from '@trx-shop/test-kit';
import type { RunningDevnet } from '@trx-shop/tron-devnet';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, json, type LoggedIn } from '../support/http.js';
import { createTestApp, startTestDevnet, type TestApp } from '../support/test-app.js';
import { createMerchantAdmin, createProduct, type Merchant, registerShopper } from './shop-fixtures.js';

/*
 * Products priced in USDT (docs/api.md, "Products"): `priceUsdt` is a JSON number in USDT with at
 * most 6 decimals, or null (not sold in USDT), written by the admin routes, shown by them and by
 * the public catalogue, and stored as integer base units. Every test runs on SQLite and MongoDB.
 */

interface ProductBody {
  readonly _id: string;
  readonly price: number;
  readonly priceUsdt: number | null;
  readonly updatedAt: string;
}

const mongo: RunningTestMongo | { readonly skipReason: string } = await startTestMongo();
let devnet: RunningDevnet;
beforeAll(async () => {
  devnet = await startTestDevnet();
});
afterAll(async () => {
  await devnet.stop();
  if (!('skipReason' in mongo)) await mongo.stop();
});

const STORES = [
  { name: 'SQLite', open: undefined, skip: null },
  {
    name: 'MongoDB',
    open:
      'skipReason' in mongo
        ? undefined
        : () => openMongoStore({ uri: mongo.uri, dbName: `t_usdt_prices_${randomBytes(6).toString('hex')}` }),
    skip: 'skipReason' in mongo ? mongo.skipReason : null,
  },
] as const;

describe.each(STORES)('USDT prices on $name', ({ open, skip }) => {
  let h: TestApp;
  let merchant: Merchant;
  let customer: LoggedIn;

  beforeAll(async () => {
    if (skip !== null) return;
    h = await createTestApp({ devnet, ...(open ? { openStore: open } : {}) });
    merchant = await createMerchantAdmin(h);
    customer = await registerShopper(h);
  });
  afterAll(async () => {
    await h?.close();
  });

  const asAdmin = (method: 'POST' | 'PATCH' | 'GET', url: string, payload?: object) =>
    h.app.inject({ method, url, headers: merchant.admin.jar.header(), ...(payload ? { payload } : {}) });
  const productOf = (response: LightMyRequestResponse): ProductBody => {
    expect(response.statusCode, response.body).toBeLessThan(300);
    return json(response).product as ProductBody;
  };
  /** The product as each route shows it: the admin's read, the admin list, the public list and read. */
  const shownEverywhere = async (id: string) => {
    const adminList = json(await asAdmin('GET', '/api/admin/products?limit=100'));
    const publicList = json(await h.app.inject({ url: '/api/products?limit=100' }));
    const pick = (body: Record<string, unknown>) =>
      (body.products as ProductBody[]).find((product) => product._id === id)?.priceUsdt;
    return {
      adminRead: productOf(await asAdmin('GET', `/api/admin/products/${id}`)).priceUsdt,
      adminList: pick(adminList),
      publicList: pick(publicList),
      publicRead: productOf(await h.app.inject({ url: `/api/products/${id}` })).priceUsdt,
    };
  };
  const everywhere = (priceUsdt: number | null) => ({
    adminRead: priceUsdt,
    adminList: priceUsdt,
    publicList: priceUsdt,
    publicRead: priceUsdt,
  });
  const storedUnits = async (id: string) => (await h.store.products.findById(id))?.priceUsdt;

  it.skipIf(skip !== null)(
    'creates a product with a USDT price, shown by every product route and stored in base units',
    async () => {
      const created = await asAdmin('POST', '/api/admin/products', {
        name: 'Priced in both',
        price: 150,
        priceUsdt: 39.900001,
        category: 'service',
      });
      expect(created.statusCode, created.body).toBe(201);
      const product = productOf(created);
      expect({ price: product.price, priceUsdt: product.priceUsdt }).toEqual({
        price: 150,
        priceUsdt: 39.900001,
      });
      expect(await shownEverywhere(product._id)).toEqual(everywhere(39.900001));
      expect(await storedUnits(product._id)).toBe(39_900_001);
    },
  );

  it.skipIf(skip !== null)(
    'creates a product without a USDT price, or with null, as not sold in USDT',
    async () => {
      const without = await createProduct(h, merchant.admin, { name: 'TRX only', price: 2 });
      const nulled = await createProduct(h, merchant.admin, {
        name: 'TRX only too',
        price: 2,
        priceUsdt: null,
      });
      for (const id of [without, nulled]) {
        expect(await shownEverywhere(id)).toEqual(everywhere(null));
        expect(await storedUnits(id)).toBeNull();
      }
    },
  );

  it.skipIf(skip !== null)(
    'sets, keeps and clears the USDT price by PATCH; the public catalogue shows each change at once',
    async () => {
      const id = await createProduct(h, merchant.admin, { name: 'Repriced', price: 5 });
      // Read once, so the catalogue's kept answers hold the product before each change.
      expect(await shownEverywhere(id)).toEqual(everywhere(null));

      const set = await asAdmin('PATCH', `/api/admin/products/${id}`, { priceUsdt: 0.000001 });
      expect(productOf(set).priceUsdt).toBe(0.000001);
      expect(await shownEverywhere(id)).toEqual(everywhere(0.000001));
      expect(await storedUnits(id)).toBe(1);

      const kept = await asAdmin('PATCH', `/api/admin/products/${id}`, { price: 6, stock: 4 });
      expect(productOf(kept)).toMatchObject({ price: 6, priceUsdt: 0.000001 });
      expect(await storedUnits(id)).toBe(1);

      const max = await asAdmin('PATCH', `/api/admin/products/${id}`, { priceUsdt: 1_000_000 });
      expect(productOf(max).priceUsdt).toBe(1_000_000);
      expect(await storedUnits(id)).toBe(1_000_000_000_000);

      const cleared = await asAdmin('PATCH', `/api/admin/products/${id}`, { priceUsdt: null });
      expect(productOf(cleared).priceUsdt).toBeNull();
      expect(await shownEverywhere(id)).toEqual(everywhere(null));
      expect(await h.store.products.findById(id)).toMatchObject({
        priceSun: 6_000_000,
        priceUsdt: null,
        stock: 4,
      });

      // The audit trail tells each USDT price before and after, as exact text.
      await h.frames();
      const audit = json(await asAdmin('GET', `/api/admin/audit?target=${id}&action=product.updated`));
      const changes = (audit.entries as { before: unknown; after: unknown }[])
        .map(({ before, after }) => ({ before, after }))
        .reverse();
      expect(changes).toEqual([
        { before: { priceUsdt: null }, after: { priceUsdt: '0.000001' } },
        { before: { price: '5', stock: 100 }, after: { price: '6', stock: 4 } },
        { before: { priceUsdt: '0.000001' }, after: { priceUsdt: '1000000' } },
        { before: { priceUsdt: '1000000' }, after: { priceUsdt: null } },
      ]);
    },
  );

  it.skipIf(skip !== null).each([
    ['a negative price', -1, 'priceUsdt must be greater than 0'],
    ['a zero price', 0, 'priceUsdt must be greater than 0'],
    ['7 decimals', 0.0000001, 'priceUsdt has more than 6 decimals'],
    ['more than 1,000,000 USDT', 1_000_000.000001, 'priceUsdt must be at most 1000000 USDT'],
  ])(
    'answers 400 VALIDATION_ERROR naming priceUsdt for %s, storing nothing',
    async (_case, priceUsdt, message) => {
      const name = `Refused ${randomBytes(4).toString('hex')}`;
      const created = await asAdmin('POST', '/api/admin/products', {
        name,
        price: 1,
        priceUsdt,
        category: 'digital',
      });
      const body = expectError(created, 400, 'VALIDATION_ERROR');
      expect(body.details).toEqual([{ field: 'priceUsdt', message }]);
      expect((await h.store.products.list({ search: name }, { limit: 10, page: 1 })).total).toBe(0);

      const id = await createProduct(h, merchant.admin, { name: `Kept ${name}`, price: 1, priceUsdt: 3 });
      const patched = await asAdmin('PATCH', `/api/admin/products/${id}`, { priceUsdt });
      expect(expectError(patched, 400, 'VALIDATION_ERROR').details).toEqual([
        { field: 'priceUsdt', message },
      ]);
      expect(await storedUnits(id)).toBe(3_000_000);
    },
  );

  it.skipIf(skip !== null)(
    'answers 400 VALIDATION_ERROR for a USDT price that is not a JSON number (a string, a boolean, an array)',
    async () => {
      const id = await createProduct(h, merchant.admin, { name: 'Typed', price: 1, priceUsdt: 2.5 });
      for (const priceUsdt of ['12.5', true, [1]]) {
        const name = `Mistyped ${randomBytes(4).toString('hex')}`;
        const created = await asAdmin('POST', '/api/admin/products', {
          name,
          price: 1,
          priceUsdt,
          category: 'digital',
        });
        const body = expectError(created, 400, 'VALIDATION_ERROR');
        expect(body.error, JSON.stringify(priceUsdt)).toBe('priceUsdt must be number');
        expect((await h.store.products.list({ search: name }, { limit: 10, page: 1 })).total).toBe(0);
        expectError(
          await asAdmin('PATCH', `/api/admin/products/${id}`, { priceUsdt }),
          400,
          'VALIDATION_ERROR',
        );
      }
      expect(await storedUnits(id)).toBe(2_500_000);
    },
  );

  it.skipIf(skip !== null)(
    'lets only admins and products:write keys set it: 401 without credentials, 403 for a customer or another scope',
    async () => {
      const id = await createProduct(h, merchant.admin, { name: 'Guarded price', price: 1, priceUsdt: 1 });
      const patch = (headers: Record<string, string>) =>
        h.app.inject({
          method: 'PATCH',
          url: `/api/admin/products/${id}`,
          headers,
          payload: { priceUsdt: 9 },
        });
      const create = (headers: Record<string, string>) =>
        h.app.inject({
          method: 'POST',
          url: '/api/admin/products',
          headers,
          payload: { name: 'Not made', price: 1, priceUsdt: 9, category: 'digital' },
        });
      const makeKey = async (scopes: string[]) => {
        const made = await asAdmin('POST', '/api/admin/api-keys', {
          name: `Key ${scopes.join(' ')}`,
          scopes,
        });
        expect(made.statusCode, made.body).toBe(201);
        return { 'x-api-key': (json(made) as { key: string }).key };
      };
      const wrongScope = await makeKey(['orders:read']);

      expectError(await patch({}), 401, 'UNAUTHENTICATED');
      expectError(await create({}), 401, 'UNAUTHENTICATED');
      expectError(await patch(customer.jar.header()), 403, 'FORBIDDEN');
      expectError(await create(customer.jar.header()), 403, 'FORBIDDEN');
      expectError(await patch(wrongScope), 403, 'INSUFFICIENT_SCOPE');
      expect(await storedUnits(id)).toBe(1_000_000);
      expect((await h.store.products.list({ search: 'Not made' }, { limit: 10, page: 1 })).total).toBe(0);

      const rightScope = await makeKey(['products:write']);
      expect(productOf(await patch(rightScope)).priceUsdt).toBe(9);
      expect(await storedUnits(id)).toBe(9_000_000);
    },
  );
});
