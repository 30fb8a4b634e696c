import type { RunningDevnet } from '@trx-shop/tron-devnet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseSetCookies, type SetCookie, setCookieNamed } from './support/cookies.js';
import { register } from './support/http.js';
import { createTestApp, startTestDevnet, type TestApp } from './support/test-app.js';

const SEVEN_DAYS_S = 7 * 24 * 60 * 60;

let devnet: RunningDevnet;
let development: TestApp;
let production: TestApp;
beforeAll(async () => {
  devnet = await startTestDevnet();
  development = await createTestApp({ devnet });
  production = await createTestApp({ devnet, production: true });
});
afterAll(async () => {
  await development.close();
  await production.close();
  await devnet.stop();
});

const expectAuthCookie = (cookie: SetCookie | undefined, secure: boolean) => {
  expect(cookie).toBeDefined();
  expect(cookie?.value.length).toBeGreaterThan(0);
  const attributes: Readonly<Record<string, string | true>> = cookie?.attributes ?? {};
  expect(attributes.httponly).toBe(true);
  expect(String(attributes.samesite).toLowerCase()).toBe('strict');
  expect(attributes.path).toBe('/');
  expect(attributes['max-age']).toBe(String(SEVEN_DAYS_S));
  expect(attributes.secure === true).toBe(secure);
};

describe('auth cookies', () => {
  it('are httpOnly, sameSite strict, path /, max-age 7 days and not secure outside production', async () => {
    const user = await register(development.app);
    expectAuthCookie(setCookieNamed(user.response.headers, 'accessToken'), false);
    expectAuthCookie(setCookieNamed(user.response.headers, 'refreshToken'), false);
  });

  it('are secure in production mode, with the same other attributes', async () => {
    const user = await register(production.app);
    expectAuthCookie(setCookieNamed(user.response.headers, 'accessToken'), true);
    expectAuthCookie(setCookieNamed(user.response.headers, 'refreshToken'), true);
  });

  it('carry the same attributes when set by login and by refresh', async () => {
    const user = await register(development.app);
    const loggedIn = await development.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: user.password },
    });
    const refreshed = await development.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      headers: user.jar.header(),
    });
    for (const response of [loggedIn, refreshed]) {
      expect(response.statusCode).toBe(200);
      expectAuthCookie(setCookieNamed(response.headers, 'accessToken'), false);
      expectAuthCookie(setCookieNamed(response.headers, 'refreshToken'), false);
    }
  });

  it('are cleared by logout on path / (empty value, expired), secure in production', async () => {
    for (const [h, secure] of [
      [development, false],
      [production, true],
    ] as const) {
      const user = await register(h.app);
      const response = await h.app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        headers: user.jar.header(),
      });
      const cleared = parseSetCookies(response.headers);
      expect(cleared.map((cookie) => cookie.name).sort()).toEqual(['accessToken', 'refreshToken']);
      for (const cookie of cleared) {
        expect(cookie.value).toBe('');
        expect(cookie.attributes.path).toBe('/');
        const expires = cookie.attributes.expires;
        const expired =
          cookie.attributes['max-age'] === '0' ||
          (typeof expires === 'string' && Date.parse(expires) < Date.now());
        expect(expired).toBe(true);
        expect(cookie.attributes.secure === true).toBe(secure);
      }
    }
  });
});
