import type { RunningDevnet } from '@trx-shop/tron-devnet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAdmin, loginAdmin } from './admin/admin-fixtures.js';
import { expectError, json, type LoggedIn, register } from './support/http.js';
import { createTestApp, startTestDevnet, type TestApp } from './support/test-app.js';

/*
 * Issue 15, item 5: clean edges. Whatever a client sends, the answer has our error shape and one
 * of our codes: never a 500, never Fastify's FST_* code, never the echoed URL or driver text.
 */

let devnet: RunningDevnet;
let h: TestApp;
let user: LoggedIn;
let admin: LoggedIn;

beforeAll(async () => {
  devnet = await startTestDevnet();
  h = await createTestApp({ devnet });
  user = await register(h.app);
  admin = await loginAdmin(h, (await insertAdmin(h)).user);
});
afterAll(async () => {
  await h.close();
  await devnet.stop();
});

const expectOurShape = (body: string) => {
  expect(body).not.toMatch(/FST_|ECONNREFUSED|127\.0\.0\.1|stack/);
};

describe('unknown HTTP methods', () => {
  it.each(['/api/products', '/api/orders', '/api/no-such-route', '/api/health'])(
    'answers QUERY %s with 405 METHOD_NOT_ALLOWED and an Allow header',
    async (url) => {
      const response = await h.app.inject({ method: 'QUERY' as 'GET', url, headers: user.jar.header() });
      const body = expectError(response, 405, 'METHOD_NOT_ALLOWED');
      expect(body.error).toContain('QUERY');
      expect(String(response.headers.allow)).toContain('GET');
    },
  );

  it('answers other unknown methods the same way, with or without a body', async () => {
    for (const method of ['PROPFIND', 'TRACE', 'SEARCH'] as const) {
      const response = await h.app.inject({
        method: method as 'GET',
        url: '/api/products',
        headers: { 'content-type': 'application/json' },
        payload: '{}',
      });
      expectError(response, 405, 'METHOD_NOT_ALLOWED');
    }
  });
});

describe('over-long path parameters', () => {
  it('answers 400 INVALID_ID without Fastify codes or the echoed URL', async () => {
    const long = 'a'.repeat(500);
    for (const url of [
      `/api/products/${long}`,
      `/api/orders/${long}`,
      `/api/admin/customers/${long}/block`,
    ]) {
      const response = await h.app.inject({
        method: url.endsWith('/block') ? 'PATCH' : 'GET',
        url,
        headers: admin.jar.header(),
        payload: url.endsWith('/block') ? { isActive: false } : undefined,
      });
      const body = expectError(response, 400, 'INVALID_ID', '');
      expectOurShape(response.body);
      expect(JSON.stringify(body)).not.toContain(long.slice(0, 50));
    }
  });
});

describe('unknown routes', () => {
  it('answers 404 NOT_FOUND without echoing the path', async () => {
    const path = `/api/${'x'.repeat(300)}`;
    const response = await h.app.inject({ url: path });
    expectError(response, 404, 'NOT_FOUND');
    expect(response.body).not.toContain('x'.repeat(20));
  });
});

describe('GET /api/ws without an upgrade', () => {
  it('answers 426 UPGRADE_REQUIRED with the error shape', async () => {
    const response = await h.app.inject({ url: '/api/ws', headers: user.jar.header() });
    expectError(response, 426, 'UPGRADE_REQUIRED');
    expect(response.headers.upgrade).toBe('websocket');
  });
});

describe('country codes', () => {
  const setCountry = (country: unknown) =>
    h.app.inject({
      method: 'PUT',
      url: '/api/users/profile',
      headers: user.jar.header(),
      payload: { country },
    });

  it('accepts an assigned ISO 3166-1 alpha-2 code and refuses unassigned or lower-case ones', async () => {
    expect((await setCountry('DE')).statusCode).toBe(200);
    for (const refused of ['XX', 'ZZ', 'UK', 'de', 'D1']) {
      const body = expectError(await setCountry(refused), 400, 'VALIDATION_ERROR');
      expect(body.details).toEqual([expect.objectContaining({ field: 'country' })]);
    }
    const profile = json(await h.app.inject({ url: '/api/users/profile', headers: user.jar.header() }));
    expect((profile.user as { country: string }).country).toBe('DE');
  });
});

describe('lone surrogates', () => {
  it('refuses text holding a lone surrogate with 400 naming the field, and stores nothing', async () => {
    const before = await h.store.products.count();
    for (const name of ['a\\ud800b', 'tail\\udfff', '\\udc00']) {
      const response = await h.app.inject({
        method: 'POST',
        url: '/api/admin/products',
        headers: { ...admin.jar.header(), 'content-type': 'application/json' },
        payload: `{"name":"${name}","price":1,"category":"digital","stock":1}`,
      });
      const body = expectError(response, 400, 'VALIDATION_ERROR');
      expect(body.details).toEqual([expect.objectContaining({ field: 'name' })]);
    }
    expect(await h.store.products.count()).toBe(before);
    // A proper pair (an emoji) is text like any other.
    const emoji = await h.app.inject({
      method: 'POST',
      url: '/api/admin/products',
      headers: { ...admin.jar.header(), 'content-type': 'application/json' },
      payload: '{"name":"Rocket \\ud83d\\ude80","price":1,"category":"digital","stock":1}',
    });
    expect(emoji.statusCode, emoji.body).toBe(201);
    expect((json(emoji).product as { name: string }).name).toBe('Rocket 🚀');
  });

  it('refuses a lone surrogate in a nested field and in a key', async () => {
    const nested = await h.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { ...user.jar.header(), 'content-type': 'application/json' },
      payload: '{"products":[{"productId":"0123456789abcdef01234567","quantity":1,"color":"re\\ud800d"}]}',
    });
    expect(expectError(nested, 400, 'VALIDATION_ERROR').details).toEqual([
      expect.objectContaining({ field: 'products.0.color' }),
    ]);
    const key = await h.app.inject({
      method: 'PUT',
      url: '/api/users/profile',
      headers: { ...user.jar.header(), 'content-type': 'application/json' },
      payload: '{"\\ud800":"x"}',
    });
    expectError(key, 400, 'VALIDATION_ERROR');
  });
});

describe('503 bodies', () => {
  it('never show the node address or driver text', async () => {
    const ownDevnet = await startTestDevnet();
    const offline = await createTestApp({ devnet: ownDevnet });
    try {
      const shopper = await register(offline.app);
      await ownDevnet.stop();
      const response = await offline.app.inject({
        url: '/api/wallets/balance',
        headers: shopper.jar.header(),
      });
      expectError(response, 503, 'CHAIN_UNAVAILABLE');
      expectOurShape(response.body);
      expect(response.body).not.toContain(new URL(ownDevnet.url).port);
    } finally {
      await offline.close();
    }
  });
});
