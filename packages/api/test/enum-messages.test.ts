import {
  API_KEY_SCOPES,
  ORDER_STATUSES,
  PRODUCT_CATEGORIES,
  SHOP_EVENT_TYPES,
  TRANSACTION_STATUSES,
  TRANSACTION_TYPES,
} from '@trx-shop/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAdmin, loginAdmin } from './admin/admin-fixtures.js';
import { json, type LoggedIn, register } from './support/http.js';
import { createTestApp, type TestApp } from './support/test-app.js';

/*
 * A value outside an enumeration (webhook event types, API-key scopes, product categories,
 * order and transaction filters) answers 400 VALIDATION_ERROR whose message names the field and
 * lists the allowed values once, with one `details` entry for the field.
 */

let h: TestApp;
let admin: LoggedIn;
let shopper: LoggedIn;
let webhookId: string;

beforeAll(async () => {
  h = await createTestApp();
  admin = await loginAdmin(h, (await insertAdmin(h)).user);
  shopper = await register(h.app);
  const created = await h.app.inject({
    method: 'POST',
    url: '/api/admin/webhooks',
    headers: admin.jar.header(),
    payload: { url: 'http://127.0.0.1:9/hook' },
  });
  expect(created.statusCode, created.body).toBe(201);
  webhookId = (json(created).webhook as { _id: string })._id;
});
afterAll(() => h.close());

/** The answer is a 400 naming `field` and listing exactly `allowed`, each once, in one detail. */
const expectAllowedListed = (
  answer: { statusCode: number; body: string },
  field: string,
  allowed: readonly string[],
) => {
  expect(answer.statusCode, answer.body).toBe(400);
  const body = JSON.parse(answer.body) as { code: string; error: string; details: unknown[] };
  expect(body.code).toBe('VALIDATION_ERROR');
  expect(body.details).toEqual([{ field, message: body.error }]);
  const listed = body.error.startsWith(`${field} must be one of: `)
    ? body.error.slice(`${field} must be one of: `.length).split(', ')
    : body.error;
  expect(listed).toEqual([...allowed]);
};

describe('a value outside an enumeration', () => {
  it('webhook event types, at creation: the message lists the event types', async () => {
    const answer = await h.app.inject({
      method: 'POST',
      url: '/api/admin/webhooks',
      headers: admin.jar.header(),
      payload: { url: 'http://127.0.0.1:9/hook', events: ['order.completed', 'order.shipped'] },
    });
    expectAllowedListed(answer, 'events.1', SHOP_EVENT_TYPES);
  });

  it('webhook event types, on PATCH: the message lists the event types', async () => {
    const answer = await h.app.inject({
      method: 'PATCH',
      url: `/api/admin/webhooks/${webhookId}`,
      headers: admin.jar.header(),
      payload: { events: ['nope'] },
    });
    expectAllowedListed(answer, 'events.0', SHOP_EVENT_TYPES);
  });

  it('API-key scopes: the message lists the scopes', async () => {
    const answer = await h.app.inject({
      method: 'POST',
      url: '/api/admin/api-keys',
      headers: admin.jar.header(),
      payload: { name: 'Warehouse sync', scopes: ['orders:read', 'orders:delete'] },
    });
    expectAllowedListed(answer, 'scopes.1', API_KEY_SCOPES);
  });

  it('a product category in a body: the message lists the categories', async () => {
    const answer = await h.app.inject({
      method: 'POST',
      url: '/api/admin/products',
      headers: admin.jar.header(),
      payload: { name: 'Sword', price: 1, category: 'weapons', stock: 1 },
    });
    expectAllowedListed(answer, 'category', PRODUCT_CATEGORIES);
  });

  it('a product category filter: the message lists the categories', async () => {
    const answer = await h.app.inject({ url: '/api/products?category=weapons' });
    expectAllowedListed(answer, 'category', PRODUCT_CATEGORIES);
  });

  it("an order status filter of the user's orders: the message lists the statuses", async () => {
    const answer = await h.app.inject({ url: '/api/orders?status=shipped', headers: shopper.jar.header() });
    expectAllowedListed(answer, 'status', ORDER_STATUSES);
  });

  it('an order status filter of the sales: the message lists the statuses', async () => {
    const answer = await h.app.inject({
      url: '/api/admin/sales?status=shipped',
      headers: admin.jar.header(),
    });
    expectAllowedListed(answer, 'status', ORDER_STATUSES);
  });

  it('transaction status and type filters: the message lists the statuses, then the types', async () => {
    const status = await h.app.inject({
      url: '/api/transactions?status=lost',
      headers: shopper.jar.header(),
    });
    expectAllowedListed(status, 'status', TRANSACTION_STATUSES);
    const type = await h.app.inject({ url: '/api/transactions?type=gift', headers: shopper.jar.header() });
    expectAllowedListed(type, 'type', TRANSACTION_TYPES);
  });

  it('ledger status and type filters: the message lists the statuses, then the types', async () => {
    const status = await h.app.inject({ url: '/api/admin/ledger?status=lost', headers: admin.jar.header() });
    expectAllowedListed(status, 'status', TRANSACTION_STATUSES);
    const type = await h.app.inject({ url: '/api/admin/ledger?type=gift', headers: admin.jar.header() });
    expectAllowedListed(type, 'type', TRANSACTION_TYPES);
  });
});
