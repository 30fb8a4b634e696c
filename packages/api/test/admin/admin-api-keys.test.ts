import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, type LoggedIn, register } from '../support/http.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { insertAdmin, loginAdmin } from './admin-fixtures.js';

/*
 * Scoped API keys (docs/api.md, "API keys"): made by a signed-in admin, shown once, kept only as a
 * hash; a key reads and runs the shop within its scopes, as its creator, and never pays, withdraws
 * or changes credentials.
 */

let h: TestApp;
let admin: LoggedIn;
let adminId: string;

beforeAll(async () => {
  h = await createTestApp();
  const stored = await insertAdmin(h);
  adminId = stored.user.id;
  admin = await loginAdmin(h, stored.user);
});
afterAll(async () => {
  await h.close();
});

const asAdmin = (method: 'GET' | 'POST' | 'DELETE', url: string, body?: object) =>
  h.app.inject({ method, url, headers: admin.jar.header(), ...(body ? { payload: body } : {}) });

const withKey = (
  key: string,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  body?: object,
  header = 'x-api-key',
) =>
  h.app.inject({
    method,
    url,
    headers: header === 'x-api-key' ? { 'x-api-key': key } : { authorization: `Bearer ${key}` },
    ...(body ? { payload: body } : {}),
  });

const makeKey = async (scopes: string[], extra: object = {}) => {
  const created = await asAdmin('POST', '/api/admin/api-keys', {
    name: `Key ${scopes.join(' ')}`,
    scopes,
    ...extra,
  });
  expect(created.statusCode, created.body).toBe(201);
  return json(created) as { apiKey: { _id: string; prefix: string; lastUsedAt: string | null }; key: string };
};

describe('API keys', () => {
  it('are shown once, stored as a hash, and listed by prefix', async () => {
    const { apiKey, key } = await makeKey(['orders:read']);
    expect(key).toMatch(/^trx_sk_[0-9A-Za-z]{43}$/);
    expect(apiKey).toMatchObject({
      prefix: key.slice(0, 13),
      createdBy: adminId,
      revokedAt: null,
      lastUsedAt: null,
    });
    const listed = await asAdmin('GET', '/api/admin/api-keys');
    expect(listed.body).not.toContain(key.slice(13));
    const stored = await h.store.apiKeys.findById(apiKey._id);
    expect(JSON.stringify(stored)).not.toContain(key.slice(13));
    expect(stored?.hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('with only orders:read: reads sales, and is refused everything else with 403 INSUFFICIENT_SCOPE', async () => {
    const { key } = await makeKey(['orders:read']);
    expect((await withKey(key, 'GET', '/api/admin/sales')).statusCode).toBe(200);
    expect((await withKey(key, 'GET', '/api/admin/sales', undefined, 'bearer')).statusCode).toBe(200);
    for (const [method, url, scope] of [
      ['GET', '/api/admin/stats', 'stats:read'],
      ['POST', '/api/admin/products', 'products:write'],
      ['GET', '/api/admin/customers', 'customers:read'],
      ['GET', '/api/admin/ledger', 'ledger:read'],
      ['GET', '/api/admin/webhooks', 'webhooks:write'],
      ['GET', '/api/admin/audit', null],
      ['GET', '/api/admin/api-keys', null],
      ['POST', '/api/orders', null],
      ['GET', '/api/users/profile', null],
      ['POST', '/api/wallets/send', null],
      ['PUT', '/api/users/password', null],
    ] as const) {
      const refused = await withKey(key, method, url, method === 'GET' ? undefined : {});
      expect(refused.statusCode, `${method} ${url}`).toBe(403);
      expect(json(refused)).toMatchObject({ code: 'INSUFFICIENT_SCOPE', requiredScope: scope });
    }
  });

  it('acts as its creator in the audit trail, naming the key', async () => {
    const { apiKey, key } = await makeKey(['products:write']);
    const created = await withKey(key, 'POST', '/api/admin/products', {
      name: 'Made by a key',
      price: 2,
      category: 'digital',
      stock: 1,
    });
    expect(created.statusCode, created.body).toBe(201);
    const productId = (json(created).product as { _id: string })._id;
    expect((await h.store.products.findById(productId))?.createdBy).toBe(adminId);
    await h.frames();
    const audit = json(await asAdmin('GET', '/api/admin/audit?action=product.created&limit=1')).entries as {
      actor: { id: string; sessionId: string; label: string };
    }[];
    expect(audit[0]?.actor).toMatchObject({ id: adminId, sessionId: `api-key:${apiKey._id}` });
    expect(audit[0]?.actor.label).toContain(apiKey.prefix);
  });

  it('stops at the next request when revoked, when it expires, and when its creator is blocked or no longer an admin', async () => {
    const revoked = await makeKey(['stats:read']);
    expect((await withKey(revoked.key, 'GET', '/api/admin/stats')).statusCode).toBe(200);
    const revoke = await asAdmin('DELETE', `/api/admin/api-keys/${revoked.apiKey._id}`);
    expect(revoke.statusCode).toBe(200);
    expect((json(revoke) as { apiKey: { revokedAt: string } }).apiKey.revokedAt).toBe(
      h.clock.now().toISOString(),
    );
    expect(json(await withKey(revoked.key, 'GET', '/api/admin/stats')).code).toBe('UNAUTHENTICATED');

    const expiring = await makeKey(['stats:read'], {
      expiresAt: new Date(h.clock.now().getTime() + 60_000).toISOString(),
    });
    expect((await withKey(expiring.key, 'GET', '/api/admin/stats')).statusCode).toBe(200);
    h.clock.advance(60_000);
    expect((await withKey(expiring.key, 'GET', '/api/admin/stats')).statusCode).toBe(401);

    const other = await insertAdmin(h);
    const otherLogin = await loginAdmin(h, other.user);
    const created = await h.app.inject({
      method: 'POST',
      url: '/api/admin/api-keys',
      headers: otherLogin.jar.header(),
      payload: { name: 'Theirs', scopes: ['stats:read'] },
    });
    const theirs = json(created).key as string;
    expect((await withKey(theirs, 'GET', '/api/admin/stats')).statusCode).toBe(200);
    // No route demotes an admin: the store answers the creator as a customer, as after a database edit.
    const users = h.store.users;
    const realFindById = users.findById;
    (users as { findById: typeof realFindById }).findById = async (id) => {
      const found = await realFindById(id);
      return found && id === other.user.id ? { ...found, role: 'user' } : found;
    };
    try {
      expect((await withKey(theirs, 'GET', '/api/admin/stats')).statusCode).toBe(401);
    } finally {
      (users as { findById: typeof realFindById }).findById = realFindById;
    }
    expect((await withKey(theirs, 'GET', '/api/admin/stats')).statusCode).toBe(200);
    await h.store.users.setActive(other.user.id, false, h.clock.now());
    expect((await withKey(theirs, 'GET', '/api/admin/stats')).statusCode).toBe(401);
  });

  it('keeps when a key was last used, to the minute', async () => {
    const { apiKey, key } = await makeKey(['stats:read']);
    await withKey(key, 'GET', '/api/admin/stats');
    const first = h.clock.now().toISOString();
    h.clock.advance(30_000);
    await withKey(key, 'GET', '/api/admin/stats');
    expect((await h.store.apiKeys.findById(apiKey._id))?.lastUsedAt?.toISOString()).toBe(first);
    h.clock.advance(30_000);
    await withKey(key, 'GET', '/api/admin/stats');
    expect((await h.store.apiKeys.findById(apiKey._id))?.lastUsedAt?.toISOString()).toBe(
      h.clock.now().toISOString(),
    );
  });

  it('refuses unknown keys, bad input, and key management by anyone but a signed-in admin', async () => {
    expect(json(await withKey('trx_sk_nope', 'GET', '/api/admin/stats')).code).toBe('UNAUTHENTICATED');
    for (const body of [
      { name: 'x', scopes: ['orders:delete'] },
      { name: 'x', scopes: [] },
      { scopes: ['orders:read'] },
      { name: 'x', scopes: ['orders:read'], expiresAt: '2020-01-01T00:00:00.000Z' },
      { name: 'x', scopes: ['orders:read', 'orders:read'] },
    ]) {
      const refused = await asAdmin('POST', '/api/admin/api-keys', body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(json(refused).code).toBe('VALIDATION_ERROR');
    }
    expect((await asAdmin('DELETE', `/api/admin/api-keys/${'cd'.repeat(12)}`)).statusCode).toBe(404);
    const customer = await register(h.app);
    const byCustomer = await h.app.inject({
      method: 'POST',
      url: '/api/admin/api-keys',
      headers: customer.jar.header(),
      payload: { name: 'mine', scopes: ['orders:read'] },
    });
    expect(byCustomer.statusCode).toBe(403);
    expect((await h.app.inject({ url: '/api/admin/api-keys' })).statusCode).toBe(401);
  });
});
