import type { AddressInfo } from 'node:net';
import type { RunningDevnet } from '@trx-shop/tron-devnet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LoggedIn, login, register } from '../support/http.js';
import { createTestApp, startTestDevnet, type TestApp } from '../support/test-app.js';

/*
 * State-changing requests a browser sends from another site are refused before anything runs,
 * over real HTTP (Node's fetch sets Origin and Sec-Fetch-Site as a browser would); clients that
 * send neither header, or hold no cookie a browser would add by itself, are not touched.
 */

const ALLOW_LISTED = 'https://shop.example';
const EVIL = 'https://evil.example';

let devnet: RunningDevnet;
let h: TestApp;
let base: string;
const logLines: Record<string, unknown>[] = [];

beforeAll(async () => {
  devnet = await startTestDevnet();
  h = await createTestApp({
    devnet,
    corsOrigins: [ALLOW_LISTED],
    logStream: { write: (line) => void logLines.push(JSON.parse(line) as Record<string, unknown>) },
  });
  await h.app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await h.close();
  await devnet.stop();
});

/** A second session of the user, so each test ends a session of its own. */
const session = (user: LoggedIn) => login(h.app, user);

/** A cross-site HTML form posting to logout: no body the route reads, the victim's cookies attached. */
const formPost = (path: string, cookie: string, headers: Record<string, string>) =>
  fetch(`${base}${path}`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: 'logout=now',
  });

const codeOf = async (response: Response) => ((await response.json()) as { code?: unknown }).code;

const profileStatus = async (cookie: string) =>
  (await fetch(`${base}/api/auth/profile`, { headers: { cookie } })).status;

describe('a state-changing request from another site', () => {
  it('is refused 403 CROSS_SITE_REQUEST and ends nothing: a cross-site form post to logout', async () => {
    const user = await register(h.app);
    const cookie = user.jar.header().cookie;
    const response = await formPost('/api/auth/logout', cookie, {
      origin: EVIL,
      'sec-fetch-site': 'cross-site',
    });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ success: false, code: 'CROSS_SITE_REQUEST' });
    expect(response.headers.get('set-cookie')).toBeNull();
    expect(await profileStatus(cookie)).toBe(200);
    expect(logLines).toContainEqual(
      expect.objectContaining({ msg: 'refused a cross-site request', origin: EVIL, fetchSite: 'cross-site' }),
    );
  });

  it('is refused from a same-site page whose origin is not allow-listed, and changes nothing stored', async () => {
    const user = await register(h.app);
    const response = await fetch(`${base}/api/users/profile`, {
      method: 'PUT',
      headers: {
        ...user.jar.header(),
        'content-type': 'application/json',
        origin: 'https://blog.shop.example',
        'sec-fetch-site': 'same-site',
      },
      body: JSON.stringify({ username: 'taken_over' }),
    });
    expect(response.status).toBe(403);
    expect(await codeOf(response)).toBe('CROSS_SITE_REQUEST');
    expect((await h.store.users.findById(user.userId))?.username).toBe(user.username);
  });

  it('is refused by its Origin alone from a browser that sends no Sec-Fetch-Site', async () => {
    const user = await register(h.app);
    const cookie = user.jar.header().cookie;
    const response = await formPost('/api/auth/logout', cookie, { origin: EVIL });
    expect(response.status).toBe(403);
    expect(await codeOf(response)).toBe('CROSS_SITE_REQUEST');
    expect(await profileStatus(cookie)).toBe(200);
  });

  it('is refused when Origin is null (a sandboxed frame, a privacy redirect)', async () => {
    const user = await register(h.app);
    const cookie = user.jar.header().cookie;
    const response = await formPost('/api/auth/logout', cookie, { origin: 'null' });
    expect(response.status).toBe(403);
    expect(await profileStatus(cookie)).toBe(200);
  });
});

describe('requests that are let through', () => {
  it('the same form post from the service’s own origin logs out', async () => {
    const user = await register(h.app);
    const cookie = (await session(user)).jar.header().cookie;
    const response = await formPost('/api/auth/logout', cookie, {
      origin: base,
      'sec-fetch-site': 'same-origin',
    });
    expect(response.status).toBe(200);
    expect(await profileStatus(cookie)).toBe(401);
  });

  it('the same request with Origin naming the service and no Sec-Fetch-Site (an older browser) logs out', async () => {
    const user = await register(h.app);
    const cookie = (await session(user)).jar.header().cookie;
    const response = await formPost('/api/auth/logout', cookie, { origin: base });
    expect(response.status).toBe(200);
    expect(await profileStatus(cookie)).toBe(401);
  });

  it('a request with neither Origin nor Sec-Fetch-Site (curl, a server, the client package) logs out', async () => {
    const user = await register(h.app);
    const cookie = (await session(user)).jar.header().cookie;
    const response = await fetch(`${base}/api/auth/logout`, { method: 'POST', headers: { cookie } });
    expect(response.status).toBe(200);
    expect(await profileStatus(cookie)).toBe(401);
  });

  it('an allow-listed CORS origin changes state, also when the browser calls it cross-site', async () => {
    const user = await register(h.app);
    const response = await fetch(`${base}/api/users/profile`, {
      method: 'PUT',
      headers: {
        ...user.jar.header(),
        'content-type': 'application/json',
        origin: ALLOW_LISTED,
        'sec-fetch-site': 'cross-site',
      },
      body: JSON.stringify({ username: `${user.username}_new` }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe(ALLOW_LISTED);
    expect((await h.store.users.findById(user.userId))?.username).toBe(`${user.username}_new`);
  });

  it('a Bearer token without cookies is no ambient credential: its logout from anywhere works', async () => {
    const user = await register(h.app);
    const signedIn = await session(user);
    const response = await fetch(`${base}/api/auth/logout`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${signedIn.accessToken}`,
        origin: EVIL,
        'sec-fetch-site': 'cross-site',
      },
    });
    expect(response.status).toBe(200);
    expect(await profileStatus(signedIn.jar.header().cookie)).toBe(401);
  });

  it('a Bearer token beside the cookies is judged like the cookies: refused', async () => {
    const user = await register(h.app);
    const cookie = user.jar.header().cookie;
    const response = await formPost('/api/auth/logout', cookie, {
      authorization: `Bearer ${user.accessToken}`,
      origin: EVIL,
      'sec-fetch-site': 'cross-site',
    });
    expect(response.status).toBe(403);
    expect(await profileStatus(cookie)).toBe(200);
  });

  it('a GET from another site is not refused', async () => {
    const user = await register(h.app);
    const response = await fetch(`${base}/api/auth/profile`, {
      headers: { ...user.jar.header(), origin: EVIL, 'sec-fetch-site': 'cross-site' },
    });
    expect(response.status).toBe(200);
  });
});

describe('the service’s own origin behind a proxy', () => {
  it('is the forwarded scheme and host under TRUST_PROXY, and the socket’s otherwise', async () => {
    const proxied = await createTestApp({ devnet, trustProxy: 1 });
    const direct = await createTestApp({ devnet });
    try {
      const forwarded = {
        origin: 'https://shop.example',
        'x-forwarded-proto': 'https',
        'x-forwarded-host': 'shop.example',
      };
      const logoutVia = async (app: TestApp) => {
        const user = await register(app.app);
        await app.app.listen({ host: '127.0.0.1', port: 0 });
        const url = `http://127.0.0.1:${(app.app.server.address() as AddressInfo).port}`;
        const cookie = user.jar.header().cookie;
        const response = await fetch(`${url}/api/auth/logout`, {
          method: 'POST',
          headers: { cookie, ...forwarded },
        });
        return response.status;
      };
      expect(await logoutVia(proxied)).toBe(200);
      expect(await logoutVia(direct)).toBe(403);
    } finally {
      await proxied.close();
      await direct.close();
    }
  });
});
