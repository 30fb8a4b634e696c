import { devnetControl } from '@trx-shop/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, json } from '../support/http.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import {
  createMerchantAdmin,
  createProduct,
  type Merchant,
  registerShopper,
  type Shopper,
} from './shop-fixtures.js';

let h: TestApp;
let merchant: Merchant;
let shopper: Shopper;
let productId: string;

beforeAll(async () => {
  h = await createTestApp();
  merchant = await createMerchantAdmin(h);
  shopper = await registerShopper(h);
  await devnetControl(h.devnet.url).fundSolid(shopper.address, 5_000_000);
  productId = await createProduct(h, merchant.admin, { price: 1, stock: 5000 });
});
afterAll(() => h.close());

const line = (overrides: Record<string, unknown> = {}) => ({ productId, quantity: 1, ...overrides });

/** Everything a bad write could have touched: orders, products, transactions. */
const writtenState = async () => ({
  orders: await h.store.orders.count(),
  pending: await h.store.orders.findPendingByUser(shopper.userId),
  product: await h.store.products.findById(productId),
  adminProducts: (
    json(await h.app.inject({ url: '/api/admin/products', headers: merchant.admin.jar.header() }))
      .pagination as { total: number }
  ).total,
  transactions: await h.store.transactions.listByUser(shopper.userId, {}, { limit: 10, page: 1 }),
});

const postRaw = (url: string, payload: string, headers: Record<string, string> = {}) =>
  h.app.inject({
    method: 'POST',
    url,
    headers: { ...headers, 'content-type': 'application/json' },
    payload,
  });

describe('POST /api/orders with bad input: 400 with a code, nothing written', () => {
  const cases: [string, unknown][] = [
    ['products missing', {}],
    ['products an empty array', { products: [] }],
    ['products an object instead of an array', { products: line() }],
    ['products a string', { products: 'all' }],
    ['a quantity given as a string', { products: [line({ quantity: '2' })] }],
    ['a negative quantity', { products: [line({ quantity: -1 })] }],
    ['a zero quantity', { products: [line({ quantity: 0 })] }],
    ['a fractional quantity', { products: [line({ quantity: 1.5 })] }],
    ['a quantity over 1,000', { products: [line({ quantity: 1001 })] }],
    ['a quantity as an array', { products: [line({ quantity: [1] })] }],
    ['a productId as an array', { products: [line({ productId: [productId] })] }],
    ['a productId as a number', { products: [line({ productId: 12345 })] }],
    ['a malformed productId', { products: [line({ productId: 'xyz' })] }],
    ['a productId operator object', { products: [line({ productId: { $ne: null } })] }],
    ['a color as a number', { products: [line({ color: 7 })] }],
    ['an unknown field on a line', { products: [line({ price: 0.000001 })] }],
    ['a $-prefixed key on a line', { products: [line({ $where: 'true' })] }],
    ['an unknown top-level field', { products: [line()], status: 'completed' }],
    ['a $-prefixed top-level key', { products: [line()], $set: { totalSun: 1 } }],
    ['more than 50 lines', { products: Array.from({ length: 51 }, () => line()) }],
    ['an array body', [line()]],
    ['a null body', null],
  ];

  it.each(cases)('refuses %s', async (_case, payload) => {
    const before = await writtenState();

    const response = await postRaw('/api/orders', JSON.stringify(payload), shopper.jar.header());

    expectError(response, 400, 'VALIDATION_ERROR');
    expect(await writtenState()).toEqual(before);
  });

  it('refuses malformed JSON and a __proto__ key with 400 VALIDATION_ERROR', async () => {
    const before = await writtenState();

    expectError(
      await postRaw('/api/orders', '{"products": [', shopper.jar.header()),
      400,
      'VALIDATION_ERROR',
    );
    expectError(
      await postRaw(
        '/api/orders',
        `{"products":[{"productId":"${productId}","quantity":1}],"__proto__":{"isAdmin":true}}`,
        shopper.jar.header(),
      ),
      400,
      'VALIDATION_ERROR',
    );
    expect(await writtenState()).toEqual(before);
  });
});

describe('malformed ids in paths: 400 INVALID_ID, nothing written', () => {
  const malformed = [
    '123',
    'zzzzzzzzzzzzzzzzzzzzzzzz',
    '%24ne',
    'aaaaaaaaaaaaaaaaaaaaaaaaa',
    '[object Object]',
  ];

  it.each(malformed)(
    'answers 400 INVALID_ID for the id %s on every order, product and transaction path',
    async (id) => {
      const before = await writtenState();
      const path = encodeURIComponent(decodeURIComponent(id));
      const requests = [
        { method: 'GET' as const, url: `/api/orders/${path}`, headers: shopper.jar.header() },
        { method: 'POST' as const, url: `/api/orders/${path}/pay`, headers: shopper.jar.header() },
        { method: 'POST' as const, url: `/api/orders/${path}/cancel`, headers: shopper.jar.header() },
        { method: 'GET' as const, url: `/api/transactions/${path}`, headers: shopper.jar.header() },
        { method: 'GET' as const, url: `/api/products/${path}` },
        {
          method: 'PATCH' as const,
          url: `/api/admin/products/${path}`,
          headers: merchant.admin.jar.header(),
          payload: { stock: 1 },
        },
        {
          method: 'DELETE' as const,
          url: `/api/admin/products/${path}`,
          headers: merchant.admin.jar.header(),
        },
      ];
      for (const request of requests) {
        expectError(await h.app.inject(request), 400, 'INVALID_ID');
      }
      expect(await writtenState()).toEqual(before);
    },
  );
});

describe('admin product writes with bad input: 400 with a code, nothing written', () => {
  const cases: [string, Record<string, unknown>][] = [
    ['a price with more than 6 decimals', { price: 1.0000001 }],
    ['a price as an array', { price: [1] }],
    ['a price over the limit', { price: 1_000_001 }],
    ['a stock given as a string', { stock: '5' }],
    ['a name as an array', { name: ['Mug'] }],
    ['a $-prefixed key', { $inc: { stock: 1 } }],
    ['an unknown field', { createdBy: 'someone' }],
  ];

  it.each(cases)('refuses a product created with %s', async (_case, override) => {
    const before = await writtenState();
    const response = await h.app.inject({
      method: 'POST',
      url: '/api/admin/products',
      headers: merchant.admin.jar.header(),
      payload: { name: 'Mug', price: 1, category: 'digital', ...override },
    });
    expectError(response, 400, 'VALIDATION_ERROR');
    expect(await writtenState()).toEqual(before);
  });

  it.each(cases)('refuses a product patched with %s', async (_case, override) => {
    const before = await writtenState();
    const response = await h.app.inject({
      method: 'PATCH',
      url: `/api/admin/products/${productId}`,
      headers: merchant.admin.jar.header(),
      payload: override,
    });
    expectError(response, 400, 'VALIDATION_ERROR');
    expect(await writtenState()).toEqual(before);
  });
});

describe('wallet send with bad input: 400 with a code, nothing sent', () => {
  const cases: [string, Record<string, unknown>, string][] = [
    ['an amount as an array', { amount: [1] }, 'VALIDATION_ERROR'],
    ['an amount as an object', { amount: { $gt: 0 } }, 'VALIDATION_ERROR'],
    ['a toAddress as an array', { toAddress: ['TJRabPrwbZy45sbavfcjinPJC18kjpRTv8'] }, 'VALIDATION_ERROR'],
    ['an amount with 7 decimals', { amount: '0.0000001' }, 'VALIDATION_ERROR'],
    ['a $-prefixed key', { $where: 'true' }, 'VALIDATION_ERROR'],
  ];

  it.each(cases)('refuses %s', async (_case, override, code) => {
    const recipient = (await h.chain.createWallet()).address;
    const before = await writtenState();
    const response = await h.app.inject({
      method: 'POST',
      url: '/api/wallets/send',
      headers: shopper.jar.header(),
      payload: { toAddress: recipient, amount: 1, ...override },
    });
    expectError(response, 400, code);
    expect(await writtenState()).toEqual(before);
  });
});

describe('query strings: repeated parameters keep the last value, never a 500', () => {
  const lists = [
    { url: '/api/products', headers: {} },
    { url: '/api/orders', headers: () => shopper.jar.header() },
    { url: '/api/transactions', headers: () => shopper.jar.header() },
    { url: '/api/admin/products', headers: () => merchant.admin.jar.header() },
  ];

  it.each(lists)('$url answers the last limit and page of repeated ones', async ({ url, headers }) => {
    const response = await h.app.inject({
      url: `${url}?limit=abc&limit=3&page=x&page=2`,
      headers: typeof headers === 'function' ? headers() : headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(json(response).pagination).toMatchObject({ page: 2, limit: 3 });
  });

  it.each(lists)(
    '$url answers 400 with a code, not 500, for a bracketed or $-prefixed parameter',
    async ({ url, headers }) => {
      for (const query of ['limit[$gt]=1', '$where=1', 'search[]=a&search[]=b', 'limit=1e3']) {
        const response = await h.app.inject({
          url: `${url}?${query}`,
          headers: typeof headers === 'function' ? headers() : headers,
        });
        expectError(response, 400, 'VALIDATION_ERROR');
      }
    },
  );
});

describe('query strings: limit and page are decimal integers, clamped, however long', () => {
  const lists = [
    { url: '/api/products', headers: () => ({}) },
    { url: '/api/orders', headers: () => shopper.jar.header() },
    { url: '/api/transactions', headers: () => shopper.jar.header() },
    { url: '/api/admin/sales', headers: () => merchant.admin.jar.header() },
  ];
  const notDecimalIntegers = ['abc', '1e3', '0x10', '2.5', '1.0', '+5', '%205', '', '5abc', '%EF%BC%91'];

  it.each(lists)(
    '$url answers 400 VALIDATION_ERROR naming the field for anything else',
    async ({ url, headers }) => {
      for (const field of ['limit', 'page']) {
        for (const value of notDecimalIntegers) {
          const response = await h.app.inject({ url: `${url}?${field}=${value}`, headers: headers() });
          expectError(response, 400, 'VALIDATION_ERROR');
          expect(json(response).details, `${field}=${value}`).toEqual([expect.objectContaining({ field })]);
        }
      }
    },
  );

  it.each(lists)(
    '$url clamps digits of any length, and reads leading zeros as decimal',
    async ({ url, headers }) => {
      const cases = [
        { query: `limit=${'9'.repeat(20)}&page=-${'9'.repeat(20)}`, pagination: { limit: 100, page: 1 } },
        { query: `limit=${'9'.repeat(400)}&page=007`, pagination: { limit: 100, page: 7 } },
        { query: 'limit=-3&page=0', pagination: { limit: 1, page: 1 } },
      ];
      for (const { query, pagination } of cases) {
        const response = await h.app.inject({ url: `${url}?${query}`, headers: headers() });
        expect(response.statusCode, `${query}: ${response.body}`).toBe(200);
        expect(json(response).pagination).toMatchObject(pagination);
      }
    },
  );
});
