import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAdmin, loginAdmin } from '../admin/admin-fixtures.js';
import { json, type LoggedIn } from '../support/http.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { createProduct } from './shop-fixtures.js';

/*
 * Public catalogue answers (issue 23; docs/api.md, "Catalogue caching"): every answer carries the
 * catalogue version as its ETag and asks caches to revalidate; a client or CDN holding the current
 * version gets 304; a change (price, stock, archive) shows in the very next request, memo or not.
 */

let h: TestApp;
let admin: LoggedIn;
beforeAll(async () => {
  h = await createTestApp();
  admin = await loginAdmin(h, (await insertAdmin(h)).user);
});
afterAll(async () => {
  await h.close();
});

const get = (url: string, ifNoneMatch?: string) =>
  h.app.inject({ method: 'GET', url, headers: ifNoneMatch ? { 'if-none-match': ifNoneMatch } : {} });

const patch = async (id: string, body: Record<string, unknown>) => {
  const answer = await h.app.inject({
    method: 'PATCH',
    url: `/api/admin/products/${id}`,
    headers: admin.jar.header(),
    payload: body,
  });
  expect(answer.statusCode).toBe(200);
};

interface ListedProduct {
  readonly _id: string;
  readonly price: number;
  readonly stock: number;
}
const listed = (answer: Awaited<ReturnType<typeof get>>) => json(answer).products as ListedProduct[];

describe('catalogue answers', () => {
  it('carry a strong ETag and a Cache-Control that makes caches revalidate, and answer 304 to the current ETag', async () => {
    const id = await createProduct(h, admin, { name: 'Etag mug', price: 10, stock: 5 });
    for (const url of ['/api/products', `/api/products/${id}`, '/api/products?category=digital&limit=5']) {
      const first = await get(url);
      expect(first.statusCode).toBe(200);
      const etag = first.headers.etag as string;
      expect(etag).toMatch(/^"[^"]+"$/);
      expect(first.headers['cache-control']).toBe('public, no-cache');
      expect(first.headers['content-type']).toMatch(/^application\/json/);

      const again = await get(url, etag);
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers.etag).toBe(etag);
      // Weak comparison, a list of tags, and `*` name it too.
      expect((await get(url, `W/${etag}`)).statusCode).toBe(304);
      expect((await get(url, `"other", ${etag}`)).statusCode).toBe(304);
      expect((await get(url, '*')).statusCode).toBe(304);
      const other = await get(url, '"not-the-version"');
      expect(other.statusCode).toBe(200);
      expect(other.body).toBe(first.body);
    }
  });

  it('shows a price change, a stock change and an archive in the very next request, with a new ETag', async () => {
    const id = await createProduct(h, admin, { name: 'Changing mug', price: 10, stock: 5 });
    const url = `/api/products/${id}`;
    const byId = async () => {
      const answer = await get(url);
      expect(answer.statusCode).toBe(200);
      return { product: json(answer).product as ListedProduct, etag: answer.headers.etag as string };
    };
    const inList = async () => listed(await get('/api/products?limit=100')).find((entry) => entry._id === id);

    // Read twice first: the second answer comes from the memo, which the change must not outlive.
    const before = await byId();
    expect((await byId()).etag).toBe(before.etag);
    expect(await inList()).toMatchObject({ price: 10, stock: 5 });
    expect(await inList()).toMatchObject({ price: 10, stock: 5 });

    await patch(id, { price: 12.5 });
    const repriced = await byId();
    expect(repriced.product).toMatchObject({ price: 12.5, stock: 5 });
    expect(repriced.etag).not.toBe(before.etag);
    expect(await inList()).toMatchObject({ price: 12.5 });
    // The old ETag no longer names the answer: the new body comes back, not a 304.
    const revalidated = await get(url, before.etag);
    expect(revalidated.statusCode).toBe(200);
    expect((json(revalidated).product as ListedProduct).price).toBe(12.5);

    await patch(id, { stock: 2 });
    expect((await byId()).product.stock).toBe(2);
    expect(await inList()).toMatchObject({ stock: 2 });

    const archived = await h.app.inject({
      method: 'DELETE',
      url: `/api/admin/products/${id}`,
      headers: admin.jar.header(),
    });
    expect(archived.statusCode).toBe(200);
    const gone = await get(url);
    expect(gone.statusCode).toBe(404);
    expect(json(gone).code).toBe('PRODUCT_NOT_FOUND');
    expect(await inList()).toBeUndefined();
  });

  it('finds a product created after its id was asked for (a 404 is never memoized)', async () => {
    const before = await get('/api/products?limit=100');
    const id = await createProduct(h, admin, { name: 'New mug', price: 3, stock: 1 });
    expect((await get(`/api/products/${id}`)).statusCode).toBe(200);
    const after = await get('/api/products?limit=100', before.headers.etag as string);
    expect(after.statusCode).toBe(200);
    expect(listed(after).some((entry) => entry._id === id)).toBe(true);
  });
});
