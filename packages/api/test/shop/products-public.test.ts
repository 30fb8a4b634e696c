import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, json } from '../support/http.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { createMerchantAdmin, createProduct, type Merchant, type ProductInput } from './shop-fixtures.js';

interface ProductBody {
  readonly _id: string;
  readonly name: string;
  readonly isActive: boolean;
}

let h: TestApp;
let merchant: Merchant;

beforeAll(async () => {
  h = await createTestApp();
  merchant = await createMerchantAdmin(h);
});
afterAll(() => h.close());

/** Products created a minute apart, in the given order, all carrying `tag` in their name. */
const productsTagged = async (tag: string, inputs: readonly Omit<ProductInput, 'price'>[]) => {
  const ids: string[] = [];
  for (const input of inputs) {
    h.clock.advance(60_000);
    ids.push(
      await createProduct(h, merchant.admin, { price: 1, ...input, name: `${input.name ?? ''} ${tag}` }),
    );
  }
  return ids;
};

const publicList = async (query: string) => {
  const response = await h.app.inject({ url: `/api/products?${query}` });
  expect(response.statusCode, response.body).toBe(200);
  const body = json(response);
  return { ids: (body.products as ProductBody[]).map((p) => p._id), pagination: body.pagination };
};

const archive = (id: string) =>
  h.app.inject({ method: 'DELETE', url: `/api/admin/products/${id}`, headers: merchant.admin.jar.header() });

const newTag = () => `tag${randomBytes(4).toString('hex')}`;

describe('GET /api/products (public)', () => {
  it('lists active products only, newest first, without authentication', async () => {
    const tag = newTag();
    const [first, archived, last] = await productsTagged(tag, [{ name: 'A' }, { name: 'B' }, { name: 'C' }]);
    await archive(archived ?? '');

    const { ids, pagination } = await publicList(`search=${tag}`);

    expect(ids).toEqual([last, first]);
    expect(pagination).toEqual({ total: 2, page: 1, pages: 1, limit: 10 });
  });

  it('searches name or description case-insensitively and filters by category, alone or combined', async () => {
    const tag = newTag();
    const [named, described, service] = await productsTagged(tag, [
      { name: 'Blue Kettle', category: 'physical' },
      { name: 'Plain', description: 'a KETTLE of fish', category: 'digital' },
      { name: 'Kettle repair', category: 'service' },
    ]);

    expect((await publicList(`search=kettle&category=physical`)).ids).toEqual([named]);
    expect((await publicList(`search=${tag}&category=service`)).ids).toEqual([service]);
    expect((await publicList(`search=kettle`)).ids).toEqual([service, described, named]);
  });

  it('treats search text literally, regular-expression and LIKE characters included', async () => {
    const tag = newTag();
    const [percent] = await productsTagged(tag, [{ name: '50% off' }, { name: '500 off' }]);

    expect((await publicList(`search=${encodeURIComponent(`50% off ${tag}`)}`)).ids).toEqual([percent]);
    expect((await publicList(`search=${encodeURIComponent(`.* ${tag}`)}`)).ids).toEqual([]);
  });

  it('pages with limit and page and clamps a limit outside 1..100', async () => {
    const tag = newTag();
    const [first, second, third] = await productsTagged(tag, [{ name: '1' }, { name: '2' }, { name: '3' }]);

    expect(await publicList(`search=${tag}&limit=2&page=2`)).toEqual({
      ids: [first],
      pagination: { total: 3, page: 2, pages: 2, limit: 2 },
    });
    expect(await publicList(`search=${tag}&limit=0&page=0`)).toEqual({
      ids: [third],
      pagination: { total: 3, page: 1, pages: 3, limit: 1 },
    });
    expect((await publicList(`search=${tag}&limit=500`)).pagination).toEqual({
      total: 3,
      page: 1,
      pages: 1,
      limit: 100,
    });
    expect((await publicList(`search=${tag}`)).ids).toEqual([third, second, first]);
  });

  it('takes the last value of repeated query parameters', async () => {
    const tag = newTag();
    const [, physical] = await productsTagged(tag, [
      { name: 'D', category: 'digital' },
      { name: 'P', category: 'physical' },
    ]);

    expect(
      (await publicList(`search=nothing-matches&search=${tag}&category=digital&category=physical`)).ids,
    ).toEqual([physical]);
  });

  it('answers 400 VALIDATION_ERROR for a non-numeric limit and an unknown category', async () => {
    expectError(await h.app.inject({ url: '/api/products?limit=ten' }), 400, 'VALIDATION_ERROR');
    expectError(await h.app.inject({ url: '/api/products?category=food' }), 400, 'VALIDATION_ERROR');
  });
});

describe('GET /api/products/:id (public)', () => {
  it('answers {success, product} with the product fields for an active product', async () => {
    h.clock.advance(60_000);
    const id = await createProduct(h, merchant.admin, {
      name: 'Lamp',
      description: 'A desk lamp',
      price: '12.345678',
      priceUsdt: 3.456789,
      category: 'physical',
      stock: 7,
      image: 'https://images.example.com/lamp.png',
    });

    const response = await h.app.inject({ url: `/api/products/${id}` });

    expect(response.statusCode).toBe(200);
    expect(json(response)).toEqual({
      success: true,
      product: {
        _id: id,
        name: 'Lamp',
        description: 'A desk lamp',
        price: 12.345678,
        priceUsdt: 3.456789,
        category: 'physical',
        stock: 7,
        image: 'https://images.example.com/lamp.png',
        isActive: true,
        createdAt: h.clock.now().toISOString(),
        updatedAt: h.clock.now().toISOString(),
      },
    });
  });

  it('answers 404 PRODUCT_NOT_FOUND for an archived or unknown product and 400 INVALID_ID for a malformed id', async () => {
    const id = await createProduct(h, merchant.admin, { price: 1 });
    await archive(id);

    expectError(await h.app.inject({ url: `/api/products/${id}` }), 404, 'PRODUCT_NOT_FOUND');
    expectError(
      await h.app.inject({ url: '/api/products/aaaaaaaaaaaaaaaaaaaaaaaa' }),
      404,
      'PRODUCT_NOT_FOUND',
    );
    expectError(await h.app.inject({ url: '/api/products/123' }), 400, 'INVALID_ID');
  });
});
