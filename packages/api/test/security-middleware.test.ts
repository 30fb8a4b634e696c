import { AsyncLocalStorage } from 'node:async_hooks';
import type { RunningDevnet } from '@trx-shop/tron-devnet';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { expectError, json, newCredentials, register } from './support/http.js';
import { createTestApp, startTestDevnet, type TestApp } from './support/test-app.js';

const WHITELISTED = 'https://shop.example';

let devnet: RunningDevnet;
let h: TestApp;
beforeAll(async () => {
  devnet = await startTestDevnet();
  h = await createTestApp({ devnet, corsOrigins: [WHITELISTED] });
});
afterAll(async () => {
  await h.close();
  await devnet.stop();
});

describe('security headers (helmet)', () => {
  it.each([
    ['a success', '/api/health'],
    ['an error', '/api/no-such-route'],
  ])('are on %s answer', async (_case, url) => {
    const response = await h.app.inject({ url });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers['x-powered-by']).toBeUndefined();
  });
});

describe('HSTS', () => {
  it('is sent in production mode only', async () => {
    const production = await createTestApp({ devnet, production: true });
    try {
      const secured = await production.app.inject({ url: '/api/health' });
      expect(String(secured.headers['strict-transport-security'])).toContain('max-age=');
      const local = await h.app.inject({ url: '/api/health' });
      expect(local.statusCode).toBe(200);
      expect(local.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await production.close();
    }
  });
});

describe('CORS', () => {
  it('gives a whitelisted origin access-control-allow-origin and credentials', async () => {
    const response = await h.app.inject({ url: '/api/health', headers: { origin: WHITELISTED } });
    expect(response.headers['access-control-allow-origin']).toBe(WHITELISTED);
    expect(response.headers['access-control-allow-credentials']).toBe('true');
  });

  it('answers a whitelisted preflight with the allowed methods', async () => {
    const response = await h.app.inject({
      method: 'OPTIONS',
      url: '/api/users/profile',
      headers: { origin: WHITELISTED, 'access-control-request-method': 'PUT' },
    });
    expect(response.statusCode).toBe(204);
    expect(response.headers['access-control-allow-origin']).toBe(WHITELISTED);
    expect(String(response.headers['access-control-allow-methods'])).toContain('PUT');
  });

  it('gives any other origin no CORS headers, also on preflight', async () => {
    const plain = await h.app.inject({ url: '/api/health', headers: { origin: 'https://evil.example' } });
    const preflight = await h.app.inject({
      method: 'OPTIONS',
      url: '/api/users/profile',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'PUT' },
    });
    // Control: the same request from the whitelisted origin does get the header.
    const allowed = await h.app.inject({ url: '/api/health', headers: { origin: WHITELISTED } });
    expect(allowed.headers['access-control-allow-origin']).toBe(WHITELISTED);
    expect(plain.statusCode).toBe(200);
    for (const response of [plain, preflight]) {
      expect(response.headers['access-control-allow-origin']).toBeUndefined();
      expect(response.headers['access-control-allow-credentials']).toBeUndefined();
    }
  });
});

/**
 * Runs `request` and answers it with, in order, every timer set on its behalf (told apart from the
 * app's background loops by async context), each of them firing, and the answer. `request` is awaited
 * inside the context because an inject is dispatched only when it is first awaited.
 */
const timelineOf = async (
  request: () => Promise<LightMyRequestResponse>,
): Promise<{ response: LightMyRequestResponse; timeline: string[] }> => {
  const onBehalf = new AsyncLocalStorage<true>();
  const timeline: string[] = [];
  const realSetTimeout = globalThis.setTimeout;
  const recorded = (callback: (...args: unknown[]) => void, ms?: number, ...args: unknown[]) => {
    if (!onBehalf.getStore()) return realSetTimeout(callback, ms, ...args);
    timeline.push(`wait ${ms} ms`);
    return realSetTimeout(() => {
      timeline.push(`waited ${ms} ms`);
      callback(...args);
    }, ms);
  };
  const spy = vi.spyOn(globalThis, 'setTimeout').mockImplementation(recorded as unknown as typeof setTimeout);
  try {
    const response = await onBehalf.run(true, async () => await request());
    timeline.push('answered');
    return { response, timeline };
  } finally {
    spy.mockRestore();
  }
};

describe('rate limiting', () => {
  it('answers 429 RATE_LIMITED with Retry-After once the strict login limit is used up', async () => {
    const limited = await createTestApp({ devnet, authRateLimitMax: 3 });
    try {
      const attempt = () =>
        limited.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: 'nobody@example.com', password: 'wrong-password' },
        });
      for (let i = 0; i < 3; i += 1) expectError(await attempt(), 401, 'INVALID_CREDENTIALS');
      const refused = await attempt();
      expectError(refused, 429, 'RATE_LIMITED');
      const retryAfter = Number(refused.headers['retry-after']);
      expect(Number.isInteger(retryAfter) && retryAfter > 0 && retryAfter <= 60).toBe(true);
      // Other routes keep their own (global) limit.
      expect((await limited.app.inject({ url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('never locks the owner out: failures from one address do not refuse the right password from another', async () => {
    const limited = await createTestApp({ devnet, authRateLimitMax: 3 });
    try {
      const owner = await register(limited.app);
      const attempt = (remoteAddress: string, password: string) =>
        limited.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          remoteAddress,
          payload: { email: owner.email, password },
        });
      for (let i = 0; i < 3; i += 1)
        expectError(await attempt('10.0.0.66', 'wrong-password'), 401, 'INVALID_CREDENTIALS');
      // The stranger's address is refused for this account...
      expectError(await attempt('10.0.0.66', 'wrong-password'), 429, 'RATE_LIMITED');
      // ...the owner, elsewhere, is not.
      expect((await attempt('10.0.0.7', owner.password)).statusCode).toBe(200);
      // Other addresses keep their own count of failures for the account.
      expectError(await attempt('10.0.0.8', 'wrong-password'), 401, 'INVALID_CREDENTIALS');
    } finally {
      await limited.close();
    }
  });

  it('counts only the strict routes: 401s elsewhere, naming the account, use up neither limit', async () => {
    // authMax 1: one failed login per (account, address), ten strict requests per address a minute.
    const limited = await createTestApp({ devnet, authRateLimitMax: 1 });
    try {
      const owner = await register(limited.app);
      const remoteAddress = '10.0.0.42';
      for (let i = 0; i < 12; i += 1) {
        const elsewhere = await limited.app.inject({
          method: 'POST',
          url: '/api/orders',
          remoteAddress,
          payload: { email: owner.email, products: [] },
        });
        expectError(elsewhere, 401, 'UNAUTHENTICATED');
      }
      const login = (password: string) =>
        limited.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          remoteAddress,
          payload: { email: owner.email, password },
        });
      expect((await login(owner.password)).statusCode).toBe(200);
      // The strict limits are on for login itself: one failure, and the pair is refused.
      expectError(await login('wrong-password'), 401, 'INVALID_CREDENTIALS');
      expectError(await login('wrong-password'), 429, 'RATE_LIMITED');
    } finally {
      await limited.close();
    }
  });

  it('counts clients behind a trusted reverse proxy by their forwarded address (TRUST_PROXY)', async () => {
    const failuresThrough = async (trustProxy: number | readonly string[] | undefined) => {
      const app = await createTestApp({ devnet, authRateLimitMax: 2, ...(trustProxy ? { trustProxy } : {}) });
      try {
        const attempt = (client: string) =>
          app.app.inject({
            method: 'POST',
            url: '/api/auth/login',
            // Every request arrives from the proxy at 10.9.9.9.
            remoteAddress: '10.9.9.9',
            headers: { 'x-forwarded-for': client },
            payload: { email: 'someone@example.com', password: 'wrong-password' },
          });
        for (let i = 0; i < 2; i += 1) expectError(await attempt('203.0.113.5'), 401, 'INVALID_CREDENTIALS');
        return (await attempt('198.51.100.7')).statusCode;
      } finally {
        await app.close();
      }
    };
    // Without TRUST_PROXY every client behind the proxy shares the proxy's bucket...
    expect(await failuresThrough(undefined)).toBe(429);
    // ...with it (by CIDR or by hop count) each client is counted by its own address.
    expect(await failuresThrough(['10.0.0.0/8'])).toBe(401);
    expect(await failuresThrough(1)).toBe(401);
    // A proxy outside the trusted list is not believed.
    expect(await failuresThrough(['192.168.0.0/16'])).toBe(429);
  });

  it('slows an account failing from many addresses instead of locking it', async () => {
    const limited = await createTestApp({ devnet, authRateLimitMax: 2 });
    try {
      const owner = await register(limited.app);
      const attempt = (remoteAddress: string, password: string) =>
        limited.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          remoteAddress,
          payload: { email: owner.email, password },
        });
      // The ceiling is 5x the per-address limit: 10 failures, one per address.
      for (let i = 0; i < 10; i += 1)
        expectError(await attempt(`10.1.0.${i}`, 'wrong-password'), 401, 'INVALID_CREDENTIALS');
      // Past the ceiling every answer waits first (250 ms, doubling); it is never a 429.
      const slowed = await timelineOf(() => attempt('10.1.1.1', 'wrong-password'));
      expectError(slowed.response, 401, 'INVALID_CREDENTIALS');
      expect(slowed.timeline).toEqual(['wait 250 ms', 'waited 250 ms', 'answered']);
      const owners = await timelineOf(() => attempt('10.1.1.2', owner.password));
      expect(owners.response.statusCode).toBe(200);
      expect(owners.timeline).toEqual(['wait 500 ms', 'waited 500 ms', 'answered']);
    } finally {
      await limited.close();
    }
  });

  it('answers 429 RATE_LIMITED with Retry-After once the global limit is used up', async () => {
    const limited = await createTestApp({ devnet, rateLimitMax: 3 });
    try {
      for (let i = 0; i < 3; i += 1)
        expect((await limited.app.inject({ url: '/api/health' })).statusCode).toBe(200);
      const refused = await limited.app.inject({ url: '/api/health' });
      expectError(refused, 429, 'RATE_LIMITED');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });
});

describe('request bodies', () => {
  it('answers 413 PAYLOAD_TOO_LARGE for a body over 100 kB', async () => {
    const credentials = newCredentials();
    const response = await h.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({
        ...credentials,
        passwordConfirm: credentials.password,
        padding: 'x'.repeat(101 * 1024),
      }),
    });
    expectError(response, 413, 'PAYLOAD_TOO_LARGE');
    expect(await h.store.users.findByEmail(credentials.email)).toBeNull();
  });

  it('accepts a body just under 100 kB as far as size goes (then validation answers)', async () => {
    const response = await h.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(99 * 1024) }),
    });
    expectError(response, 400, 'VALIDATION_ERROR');
  });

  it.each([
    ['__proto__', '{"email":"a@example.com","password":"whatever-pass","__proto__":{"isAdmin":true}}'],
    [
      'constructor.prototype',
      '{"email":"a@example.com","password":"whatever-pass","constructor":{"prototype":{"isAdmin":true}}}',
    ],
  ])('answers 400 for a JSON body carrying %s', async (_case, payload) => {
    const response = await h.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload,
    });
    expectError(response, 400, 'VALIDATION_ERROR');
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
  });

  it('answers 415 UNSUPPORTED_MEDIA_TYPE for a form-encoded body', async () => {
    const response = await h.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=a@example.com&password=whatever-pass',
    });
    expectError(response, 415, 'UNSUPPORTED_MEDIA_TYPE');
  });

  it('answers 400 VALIDATION_ERROR for malformed JSON', async () => {
    const response = await h.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expectError(response, 400, 'VALIDATION_ERROR');
  });

  it('answers 400 VALIDATION_ERROR with details naming an unknown body field', async () => {
    const credentials = newCredentials();
    const answer = expectError(
      await h.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { ...credentials, passwordConfirm: credentials.password, isAdmin: true },
      }),
      400,
      'VALIDATION_ERROR',
    );
    expect(answer.details).toEqual([{ field: 'isAdmin', message: expect.any(String) }]);
  });
});

describe('unknown routes', () => {
  it('answer 404 with code NOT_FOUND', async () => {
    const response = await h.app.inject({ url: '/api/no-such-route' });
    expectError(response, 404, 'NOT_FOUND');
  });

  it('answer 404 NOT_FOUND with success false under /api/users', async () => {
    const user = await register(h.app);
    const response = await h.app.inject({ url: '/api/users/no-such-thing', headers: user.jar.header() });
    expectError(response, 404, 'NOT_FOUND');
    expect(json(response).success).toBe(false);
  });
});
