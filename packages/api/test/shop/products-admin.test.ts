import { randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, json } from '../support/http.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { createMerchantAdmin, createProduct, type Merchant, registerShopper } from './shop-fixtures.js';

interface ProductBody {
  readonly _id: string;
  readonly name: string;
  readonly price: number;
  readonly stock: number;
  readonly isActive: boolean;
  readonly updatedAt: string;
}

let h: TestApp;
let merchant: Merchant;

beforeAll(async () => {
  h = await createTestApp();
  merchant = await createMerchantAdmin(h);
});
afterAll(() => h.close());

const adminList = async (query: string) => {
  const response = await h.app.inject({
    url: `/api/admin/products?${query}`,
    headers: merchant.admin.jar.header(),
  });
  expect(response.statusCode, response.body).toBe(200);
  const body = json(response);
  return { ids: (body.products as ProductBody[]).map((p) => p._id), pagination: body.pagination };
};

const newTag = () => `tag${randomBytes(4).toString('hex')}`;

const postProduct = (payload: Record<string, unknown>) =>
  h.app.inject({
    method: 'POST',
    url: '/api/admin/products',
    headers: merchant.admin.jar.header(),
    payload,
  });

const patchProduct = (id: string, payload: Record<string, unknown>) =>
  h.app.inject({
    method: 'PATCH',
    url: `/api/admin/products/${id}`,
    headers: merchant.admin.jar.header(),
    payload,
  });

describe('GET /api/admin/products', () => {
  it('lists archived products too, newest first, with {total, page, pages, limit}', async () => {
    const tag = newTag();
    h.clock.advance(60_000);
    const older = await createProduct(h, merchant.admin, { name: `Old ${tag}`, price: 1 });
    h.clock.advance(60_000);
    const newer = await createProduct(h, merchant.admin, { name: `New ${tag}`, price: 1 });
    await h.app.inject({
      method: 'DELETE',
      url: `/api/admin/products/${older}`,
      headers: merchant.admin.jar.header(),
    });

    expect(await adminList(`search=${tag}`)).toEqual({
      ids: [newer, older],
      pagination: { total: 2, page: 1, pages: 1, limit: 10 },
    });
  });

  it('matches search on name or description, filters by category, and requires both when both are given', async () => {
    const tag = newTag();
    const ids: string[] = [];
    for (const input of [
      { name: `Tea ${tag}`, category: 'digital' },
      { name: 'Cup', description: `for TEA ${tag}`, category: 'physical' },
      { name: `Coffee ${tag}`, category: 'physical' },
    ] as const) {
      h.clock.advance(60_000);
      ids.push(await createProduct(h, merchant.admin, { price: 1, ...input }));
    }
    const [teaByName, teaByDescription, coffee] = ids;

    expect((await adminList(`search=tea ${tag}`)).ids).toEqual([teaByDescription, teaByName]);
    expect((await adminList(`search=${tag}&category=physical`)).ids).toEqual([coffee, teaByDescription]);
    expect((await adminList(`search=tea ${tag}&category=physical`)).ids).toEqual([teaByDescription]);
    expect((await adminList(`search=tea ${tag}&category=service`)).ids).toEqual([]);
  });

  it('replaces a limit or page below 1 by 1', async () => {
    const tag = newTag();
    h.clock.advance(60_000);
    await createProduct(h, merchant.admin, { name: `One ${tag}`, price: 1 });
    h.clock.advance(60_000);
    const newest = await createProduct(h, merchant.admin, { name: `Two ${tag}`, price: 1 });

    expect(await adminList(`search=${tag}&limit=0&page=-3`)).toEqual({
      ids: [newest],
      pagination: { total: 2, page: 1, pages: 2, limit: 1 },
    });
    expect((await adminList(`search=${tag}&limit=-5`)).pagination).toEqual({
      total: 2,
      page: 1,
      pages: 2,
      limit: 1,
    });
  });

  it('answers 403 FORBIDDEN to a non-admin and 401 UNAUTHENTICATED without a token', async () => {
    const shopper = await registerShopper(h);
    expectError(
      await h.app.inject({ url: '/api/admin/products', headers: shopper.jar.header() }),
      403,
      'FORBIDDEN',
    );
    expectError(await h.app.inject({ url: '/api/admin/products' }), 401, 'UNAUTHENTICATED');
  });
});

const adminRead = (id: string, headers: Record<string, string> = merchant.admin.jar.header()) =>
  h.app.inject({ url: `/api/admin/products/${id}`, headers });

const productOf = (response: LightMyRequestResponse): ProductBody => {
  expect(response.statusCode, response.body).toBe(200);
  return json(response).product as ProductBody;
};

const apiKeyWith = async (scope: string): Promise<string> => {
  const created = await h.app.inject({
    method: 'POST',
    url: '/api/admin/api-keys',
    headers: merchant.admin.jar.header(),
    payload: { name: `Product reader ${scope}`, scopes: [scope] },
  });
  expect(created.statusCode, created.body).toBe(201);
  return json(created).key as string;
};

describe('GET /api/admin/products/:id', () => {
  it('answers 200 {success, product} for an active product, as the admin list shows it', async () => {
    const tag = newTag();
    const id = await createProduct(h, merchant.admin, { name: `Shown ${tag}`, price: '12.5', stock: 3 });

    const response = await adminRead(id);

    expect(response.statusCode, response.body).toBe(200);
    const listed = json(
      await h.app.inject({ url: `/api/admin/products?search=${tag}`, headers: merchant.admin.jar.header() }),
    ).products as ProductBody[];
    expect(json(response)).toEqual({ success: true, product: listed[0] });
    expect(json(response).product).toMatchObject({
      _id: id,
      name: `Shown ${tag}`,
      price: 12.5,
      stock: 3,
      isActive: true,
    });
  });

  it('answers 200 with isActive false for an archived product, which the public catalogue answers 404 for', async () => {
    const id = await createProduct(h, merchant.admin, { name: 'Archived read', price: 1 });
    await h.app.inject({
      method: 'DELETE',
      url: `/api/admin/products/${id}`,
      headers: merchant.admin.jar.header(),
    });

    expect(productOf(await adminRead(id))).toMatchObject({ _id: id, name: 'Archived read', isActive: false });
    expectError(await h.app.inject({ url: `/api/products/${id}` }), 404, 'PRODUCT_NOT_FOUND');
  });

  it('shows an update and an archive at once, even after the public catalogue answered the product', async () => {
    const id = await createProduct(h, merchant.admin, { name: 'Repriced', price: 5 });
    expect((await h.app.inject({ url: `/api/products/${id}` })).statusCode).toBe(200);
    expect(productOf(await adminRead(id)).price).toBe(5);

    expect((await patchProduct(id, { price: '7.25' })).statusCode).toBe(200);
    expect(productOf(await adminRead(id))).toMatchObject({ price: 7.25, isActive: true });

    await h.app.inject({
      method: 'DELETE',
      url: `/api/admin/products/${id}`,
      headers: merchant.admin.jar.header(),
    });
    expect(productOf(await adminRead(id))).toMatchObject({ price: 7.25, isActive: false });

    expect((await patchProduct(id, { isActive: true })).statusCode).toBe(200);
    expect(productOf(await adminRead(id)).isActive).toBe(true);
  });

  it('answers 404 PRODUCT_NOT_FOUND for an unknown id and 400 INVALID_ID for a malformed one', async () => {
    expectError(await adminRead('aaaaaaaaaaaaaaaaaaaaaaaa'), 404, 'PRODUCT_NOT_FOUND');
    expectError(await adminRead('not-an-id'), 400, 'INVALID_ID');
  });

  it('answers 401 UNAUTHENTICATED without credentials and 403 FORBIDDEN to a customer', async () => {
    const id = await createProduct(h, merchant.admin, { name: 'Private read', price: 1 });
    const shopper = await registerShopper(h);

    expectError(await h.app.inject({ url: `/api/admin/products/${id}` }), 401, 'UNAUTHENTICATED');
    expectError(await adminRead(id, shopper.jar.header()), 403, 'FORBIDDEN');
  });

  it('answers an API key with products:write and refuses one with another scope with 403 INSUFFICIENT_SCOPE', async () => {
    const id = await createProduct(h, merchant.admin, { name: 'Read by a key', price: 2 });

    expect(productOf(await adminRead(id, { 'x-api-key': await apiKeyWith('products:write') }))._id).toBe(id);
    const refused = await adminRead(id, { 'x-api-key': await apiKeyWith('orders:read') });
    expectError(refused, 403, 'INSUFFICIENT_SCOPE');
    expect(json(refused)).toMatchObject({ requiredScope: 'products:write' });
  });
});

describe('POST /api/admin/products', () => {
  it('answers 201 {success, message, product} and records the creating admin without showing it', async () => {
    const response = await postProduct({
      name: 'Notebook',
      description: 'Lined',
      price: 2.5,
      category: 'physical',
      stock: 4,
      image: 'http://images.example.com/notebook.png',
    });

    expect(response.statusCode, response.body).toBe(201);
    const body = json(response);
    expect(body).toMatchObject({
      success: true,
      message: expect.any(String),
      product: {
        name: 'Notebook',
        description: 'Lined',
        price: 2.5,
        category: 'physical',
        stock: 4,
        isActive: true,
      },
    });
    expect(body.product).not.toHaveProperty('createdBy');
    const stored = await h.store.products.findById((body.product as ProductBody)._id);
    expect({ priceSun: stored?.priceSun, createdBy: stored?.createdBy }).toEqual({
      priceSun: 2_500_000,
      createdBy: merchant.admin.userId,
    });
  });

  it.each([
    ['a zero price', { price: 0 }],
    ['a negative price', { price: -1 }],
    ['a price with 7 decimals', { price: 0.1234567 }],
    ['a price over 1,000,000 TRX', { price: 1_000_000.000001 }],
    ['a negative stock', { stock: -1 }],
    ['a fractional stock', { stock: 1.5 }],
    ['an unknown category', { category: 'food' }],
    ['an image that is not an http(s) URL', { image: 'javascript:alert(1)' }],
    ['an empty name', { name: '' }],
    ['an unknown field', { owner: 'me' }],
  ])('answers 400 VALIDATION_ERROR for %s and stores nothing', async (_case, override) => {
    const name = `Invalid ${newTag()}`;
    const response = await postProduct({ name, price: 1, category: 'digital', ...override });

    expectError(response, 400, 'VALIDATION_ERROR');
    expect((await adminList(`search=${encodeURIComponent(name)}`)).ids).toEqual([]);
  });

  it('accepts the largest allowed price, 1,000,000 TRX, given as a decimal string', async () => {
    const response = await postProduct({ name: 'Max', price: '1000000.000000', category: 'service' });
    expect(response.statusCode, response.body).toBe(201);
    expect((json(response).product as ProductBody).price).toBe(1_000_000);
  });
});

describe('PATCH and DELETE /api/admin/products/:id', () => {
  it('updates any subset of the writable fields and refreshes updatedAt', async () => {
    const id = await createProduct(h, merchant.admin, { name: 'Before', price: 1, stock: 1 });
    const later = h.clock.advance(60_000);

    const response = await patchProduct(id, { price: '0.000001', stock: 0 });

    expect(response.statusCode, response.body).toBe(200);
    expect(json(response)).toMatchObject({
      success: true,
      message: expect.any(String),
      product: { _id: id, name: 'Before', price: 0.000001, stock: 0, updatedAt: later.toISOString() },
    });
    expect((await h.store.products.findById(id))?.priceSun).toBe(1);
  });

  it('answers 400 VALIDATION_ERROR for an empty or invalid patch and leaves the product unchanged', async () => {
    const id = await createProduct(h, merchant.admin, { name: 'Stable', price: 3 });

    expectError(await patchProduct(id, {}), 400, 'VALIDATION_ERROR');
    expectError(await patchProduct(id, { price: '1e3' }), 400, 'VALIDATION_ERROR');
    expectError(await patchProduct(id, { isActive: 'yes' }), 400, 'VALIDATION_ERROR');
    expect((await h.store.products.findById(id))?.priceSun).toBe(3_000_000);
  });

  it('answers 404 PRODUCT_NOT_FOUND for an unknown product and 400 INVALID_ID for a malformed id', async () => {
    expectError(await patchProduct('aaaaaaaaaaaaaaaaaaaaaaaa', { stock: 1 }), 404, 'PRODUCT_NOT_FOUND');
    expectError(await patchProduct('zzz', { stock: 1 }), 400, 'INVALID_ID');
  });

  it('archives on DELETE: {success, message}, isActive false, still in the admin list', async () => {
    const tag = newTag();
    const id = await createProduct(h, merchant.admin, { name: `Archive ${tag}`, price: 1 });

    const response = await h.app.inject({
      method: 'DELETE',
      url: `/api/admin/products/${id}`,
      headers: merchant.admin.jar.header(),
    });

    expect(response.statusCode).toBe(200);
    expect(json(response)).toEqual({ success: true, message: expect.any(String) });
    expect((await h.store.products.findById(id))?.isActive).toBe(false);
    expect((await adminList(`search=${tag}`)).ids).toEqual([id]);
  });

  it('answers 403 FORBIDDEN when a non-admin writes, and changes nothing', async () => {
    const id = await createProduct(h, merchant.admin, { name: 'Guarded', price: 1 });
    const shopper = await registerShopper(h);

    for (const request of [
      {
        method: 'POST' as const,
        url: '/api/admin/products',
        payload: { name: 'x', price: 1, category: 'digital' },
      },
      { method: 'PATCH' as const, url: `/api/admin/products/${id}`, payload: { price: 9 } },
      { method: 'DELETE' as const, url: `/api/admin/products/${id}` },
    ]) {
      expectError(await h.app.inject({ ...request, headers: shopper.jar.header() }), 403, 'FORBIDDEN');
    }
    expect(await h.store.products.findById(id)).toMatchObject({ priceSun: 1_000_000, isActive: true });
  });
});
