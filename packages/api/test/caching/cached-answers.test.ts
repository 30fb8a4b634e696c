import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAdmin, loginAdmin } from '../admin/admin-fixtures.js';
import { createProduct, placeOrder, registerShopper } from '../shop/shop-fixtures.js';
import { json, type LoggedIn } from '../support/http.js';
import { growth } from '../support/prometheus-text.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

/*
 * The routes over the caching layer, through HTTP and a real SQLite store: each request reads its
 * own version, so an answer served from the cache is never older than the request, and a write is
 * in the very next answer. The memo counter proves the answer before the write came from the cache.
 */

const TOKEN = 'metrics-token-for-the-caching-tests';

let h: TestApp;
let admin: LoggedIn;
beforeAll(async () => {
  h = await createTestApp({ metricsToken: TOKEN });
  admin = await loginAdmin(h, (await insertAdmin(h)).user);
});
afterAll(async () => {
  await h.close();
});

const scrape = async () =>
  (await h.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).body;
const outcomes = (kind: string) =>
  ['rendered', 'memo', 'not_modified'].map(
    (outcome) => `trx_shop_memoized_answers_total{kind="${kind}",outcome="${outcome}"}`,
  );
/** How many answers of a kind were rendered, served from the cache, and 304, while `act` ran. */
const counted = async (kind: string, act: () => Promise<void>) => {
  const before = await scrape();
  await act();
  return Object.values(growth(before, await scrape(), outcomes(kind)));
};

describe('cached order pages', () => {
  it('serve a repeated page from the cache, and show an order write in the very next page', async () => {
    const productId = await createProduct(h, admin, { price: 2, stock: 100 });
    const buyer = await registerShopper(h);
    const order = await placeOrder(h, buyer, [{ productId, quantity: 1 }]);
    const statuses = async () => {
      const answer = await h.app.inject({ url: '/api/orders', headers: buyer.jar.header() });
      expect(answer.statusCode).toBe(200);
      return (json(answer).orders as { status: string }[]).map((listed) => listed.status);
    };

    expect(
      await counted('order_page', async () => {
        expect(await statuses()).toEqual(['pending']);
        expect(await statuses()).toEqual(['pending']);
      }),
    ).toEqual([1, 1, 0]);

    const cancelled = await h.app.inject({
      method: 'POST',
      url: `/api/orders/${order._id}/cancel`,
      headers: buyer.jar.header(),
    });
    expect(cancelled.statusCode).toBe(200);
    expect(
      await counted('order_page', async () => {
        expect(await statuses()).toEqual(['cancelled']);
      }),
    ).toEqual([1, 0, 0]);
  });
});

describe('cached catalogue answers', () => {
  it('serve a repeated product from the cache, 304 to its ETag, and show a price change in the very next request', async () => {
    const id = await createProduct(h, admin, { name: 'Cached mug', price: 10, stock: 5 });
    const get = (etag?: string) =>
      h.app.inject({ url: `/api/products/${id}`, headers: etag ? { 'if-none-match': etag } : {} });

    let etag = '';
    expect(
      await counted('catalogue', async () => {
        const first = await get();
        etag = first.headers.etag as string;
        expect((await get()).body).toBe(first.body);
        const held = await get(etag);
        expect(held.statusCode).toBe(304);
      }),
    ).toEqual([1, 1, 1]);

    const repriced = await h.app.inject({
      method: 'PATCH',
      url: `/api/admin/products/${id}`,
      headers: admin.jar.header(),
      payload: { price: 12.5 },
    });
    expect(repriced.statusCode).toBe(200);
    expect(
      await counted('catalogue', async () => {
        const next = await get(etag);
        expect(next.statusCode).toBe(200);
        expect((json(next).product as { price: number }).price).toBe(12.5);
        expect(next.headers.etag).not.toBe(etag);
      }),
    ).toEqual([1, 0, 0]);
  });
});
