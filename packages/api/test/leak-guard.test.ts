import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LeakError } from './support/leak-guard.js';
import { register } from './support/http.js';
import { createTestApp, startTestDevnet, type TestApp } from './support/test-app.js';
import type { RunningDevnet } from '@trx-shop/tron-devnet';

let devnet: RunningDevnet;
beforeAll(async () => {
  devnet = await startTestDevnet();
});
afterAll(() => devnet.stop());

/**
 * An app with deliberately leaky routes that exist only in this file: they prove the guard
 * every other test file relies on actually catches each kind of secret.
 */
const leakyApp = () =>
  createTestApp({
    devnet,
    extraRoutes: (app, { store, vault }) => {
      app.get<{ Params: { id: string } }>('/test/leak/key/:id', async (request) => {
        const user = await store.users.findById(request.params.id);
        const key = await vault.open(user?.wallet.encryptedPrivateKey ?? '', request.params.id);
        return { debug: `0x${key.toUpperCase()}` };
      });
      app.get<{ Params: { id: string } }>('/test/leak/hash/:id', async (request) => ({
        debug: (await store.users.findById(request.params.id))?.passwordHash,
      }));
      app.get<{ Querystring: { text: string } }>('/test/echo', async (request) => ({
        echo: request.query.text,
      }));
      app.get<{ Params: { id: string } }>('/test/leak/totp/:id', async (request) => {
        const user = await store.users.findById(request.params.id);
        return { debug: await vault.open(user?.twoFactor.encryptedSecret ?? '', request.params.id) };
      });
    },
  });

describe('the response leak guard', () => {
  let h: TestApp;
  afterAll(async () => {
    // Closed by the test that expects its rejection; this only covers a failure before that.
    await h?.close().catch(() => undefined);
  });

  it('reports a private key (in upper case, 0x-prefixed) naming the URL, and fails close()', async () => {
    h = await leakyApp();
    const user = await register(h.app);
    const leaked = await h.app.inject({ url: `/test/leak/key/${user.userId}` });
    expect(leaked.statusCode).toBe(200);

    expect(await h.leaks()).toEqual([
      { url: `GET /test/leak/key/${user.userId}`, what: 'a wallet private key' },
    ]);
    const closing = h.close();
    await expect(closing).rejects.toBeInstanceOf(LeakError);
    await expect(closing).rejects.toThrow(`/test/leak/key/${user.userId}`);
  });

  it('reports an argon2id hash and a stored TOTP secret shown outside the 2FA setup answer', async () => {
    const app = await leakyApp();
    try {
      const user = await register(app.app);
      const setup = await app.app.inject({
        method: 'POST',
        url: '/api/security/2fa/enable',
        headers: user.jar.header(),
        payload: { password: user.password },
      });
      expect(setup.statusCode).toBe(200);
      // The setup answer shows the secret and is allowed to: nothing reported yet.
      expect(await app.leaks()).toEqual([]);

      await app.app.inject({ url: `/test/leak/hash/${user.userId}` });
      await app.app.inject({ url: `/test/leak/totp/${user.userId}` });
      expect(await app.leaks()).toEqual([
        { url: `GET /test/leak/hash/${user.userId}`, what: 'an argon2id password hash' },
        { url: `GET /test/leak/totp/${user.userId}`, what: 'a TOTP secret' },
      ]);
    } finally {
      await app.close().catch(() => undefined);
    }
  });

  it('reports a TOTP secret from a setup answer even after 2FA setup was replaced', async () => {
    const app = await leakyApp();
    try {
      const user = await register(app.app);
      const first = await app.app.inject({
        method: 'POST',
        url: '/api/security/2fa/enable',
        headers: user.jar.header(),
        payload: { password: user.password },
      });
      const oldSecret = (first.json() as { secret: string }).secret;
      // A second setup replaces the stored secret: only the recorded answer still knows the old one.
      await app.app.inject({
        method: 'POST',
        url: '/api/security/2fa/enable',
        headers: user.jar.header(),
        payload: { password: user.password },
      });
      const profile = await app.app.inject({ url: '/api/users/profile', headers: user.jar.header() });
      expect(profile.statusCode).toBe(200);
      expect(await app.leaks()).toEqual([]);

      const echoUrl = `/test/echo?text=${oldSecret.toLowerCase()}`;
      await app.app.inject({ url: echoUrl });
      expect(await app.leaks()).toEqual([{ url: `GET ${echoUrl}`, what: 'a TOTP secret' }]);
    } finally {
      await app.close().catch(() => undefined);
    }
  });
});
