import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, CookieJar } from './support/cookies.js';
import { expectError, json, type LoggedIn, register } from './support/http.js';
import { decodeJwtPayload, signHs256, unsignedToken, withPayload } from './support/jwt.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let h: TestApp;
beforeAll(async () => {
  h = await createTestApp();
});
afterAll(() => h.close());

const ACCESS_LIFETIME_MS = 15 * 60_000;
const REFRESH_LIFETIME_MS = 7 * 24 * 60 * 60_000;

const profileWith = (headers: Record<string, string>) => h.app.inject({ url: '/api/auth/profile', headers });
const refreshWith = (jar: CookieJar, url = '/api/auth/refresh') =>
  h.app.inject({ method: 'POST', url, headers: jar.header() });

describe('access tokens', () => {
  it('carry sub, role and sid, and expire 15 minutes after issue (service clock)', async () => {
    const user = await register(h.app);
    const claims = decodeJwtPayload(user.accessToken);
    const [session] = await h.store.sessions.listByUser(user.userId);
    expect(claims).toMatchObject({ sub: user.userId, role: 'user', sid: session?.id });
    expect(Number(claims.exp) - Number(claims.iat)).toBe(ACCESS_LIFETIME_MS / 1000);
    expect(Number(claims.iat)).toBe(Math.floor(h.clock.now().getTime() / 1000));
  });

  it('still work one second before expiry', async () => {
    const user = await register(h.app);
    h.clock.advance(ACCESS_LIFETIME_MS - 1000);
    expect((await profileWith(bearer(user.accessToken))).statusCode).toBe(200);
  });

  it('answer 401 TOKEN_EXPIRED once expired; refresh then retry succeeds', async () => {
    const user = await register(h.app);
    h.clock.advance(ACCESS_LIFETIME_MS + 1000);

    expectError(await profileWith(user.jar.header()), 401, 'TOKEN_EXPIRED');
    const refreshed = await refreshWith(user.jar);
    expect(refreshed.statusCode).toBe(200);
    expect(Object.keys(json(refreshed))).toEqual(['message']);
    user.jar.update(refreshed.headers);
    expect(user.jar.get('accessToken')).not.toBe(user.accessToken);

    const retried = await profileWith(user.jar.header());
    expect(retried.statusCode).toBe(200);
    expect((json(retried).user as { id: string }).id).toBe(user.userId);
  });

  it('are good through the last millisecond of their exp second and expired one millisecond later', async () => {
    const user = await register(h.app);
    const expiresAtMs = Number(decodeJwtPayload(user.accessToken).exp) * 1000;
    h.clock.advance(expiresAtMs - h.clock.now().getTime());
    expect((await profileWith(bearer(user.accessToken))).statusCode).toBe(200);
    h.clock.advance(1);
    expectError(await profileWith(bearer(user.accessToken)), 401, 'TOKEN_EXPIRED');
  });

  it('answer 401 UNAUTHENTICATED for a signed token whose exp is not a number or whose nbf is ahead', async () => {
    const user = await register(h.app);
    const claims = decodeJwtPayload(user.accessToken);
    const nowS = Math.floor(h.clock.now().getTime() / 1000);
    const secret = h.settings.jwtAccessSecret;
    // Control: the same claims re-signed with the access secret are accepted.
    expect((await profileWith(bearer(signHs256(claims, secret)))).statusCode).toBe(200);
    for (const changed of [
      { ...claims, exp: String(claims.exp) },
      { ...claims, nbf: nowS + 60 },
      { ...claims, nbf: 'now' },
    ]) {
      expectError(await profileWith(bearer(signHs256(changed, secret))), 401, 'UNAUTHENTICATED');
    }
    // An nbf that has come accepts the token.
    expect((await profileWith(bearer(signHs256({ ...claims, nbf: nowS }, secret)))).statusCode).toBe(200);
  });

  it('answer 401 UNAUTHENTICATED when a refresh token is presented as the access token', async () => {
    const user = await register(h.app);
    expectError(await profileWith(bearer(user.refreshToken)), 401, 'UNAUTHENTICATED');
    expectError(await profileWith({ cookie: `accessToken=${user.refreshToken}` }), 401, 'UNAUTHENTICATED');
  });

  it('answer 401 UNAUTHENTICATED when the payload was tampered with (claiming admin)', async () => {
    const user = await register(h.app);
    const forged = withPayload(user.accessToken, { ...decodeJwtPayload(user.accessToken), role: 'admin' });
    expectError(await profileWith(bearer(forged)), 401, 'UNAUTHENTICATED');
  });

  it('answer 401 UNAUTHENTICATED for alg none', async () => {
    const user = await register(h.app);
    const forged = unsignedToken(decodeJwtPayload(user.accessToken));
    expectError(await profileWith(bearer(forged)), 401, 'UNAUTHENTICATED');
  });

  it('answer 401 UNAUTHENTICATED when signed with another secret, or with the refresh secret', async () => {
    const user = await register(h.app);
    const claims = decodeJwtPayload(user.accessToken);
    expectError(
      await profileWith(bearer(signHs256(claims, 'some-other-secret-of-enough-length'))),
      401,
      'UNAUTHENTICATED',
    );
    expectError(
      await profileWith(bearer(signHs256(claims, h.settings.jwtRefreshSecret))),
      401,
      'UNAUTHENTICATED',
    );
  });

  it('vouch for nothing but themselves once accepted: forgeries of a used token still answer 401', async () => {
    const user = await register(h.app);
    expect((await profileWith(bearer(user.accessToken))).statusCode).toBe(200);
    const claims = decodeJwtPayload(user.accessToken);
    const signature = user.accessToken.slice(user.accessToken.lastIndexOf('.') + 1);
    const otherSignature = `${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`;
    for (const forged of [
      withPayload(user.accessToken, { ...claims, role: 'admin' }),
      unsignedToken(claims),
      `${user.accessToken.slice(0, user.accessToken.lastIndexOf('.') + 1)}${otherSignature}`,
      `${user.accessToken}x`,
    ]) {
      expectError(await profileWith(bearer(forged)), 401, 'UNAUTHENTICATED');
    }
    expect((await profileWith(bearer(user.accessToken))).statusCode).toBe(200);
    // A remembered token still expires on the service clock.
    h.clock.advance(ACCESS_LIFETIME_MS + 1000);
    expectError(await profileWith(bearer(user.accessToken)), 401, 'TOKEN_EXPIRED');
  });

  it('are accepted when hand-signed with the access secret (control for the forgeries above)', async () => {
    const user = await register(h.app);
    const resigned = signHs256(decodeJwtPayload(user.accessToken), h.settings.jwtAccessSecret);
    expect((await profileWith(bearer(resigned))).statusCode).toBe(200);
  });
});

describe('identity behind a valid signature', () => {
  it('answers 401 UNAUTHENTICATED for a token naming another user’s session', async () => {
    const user = await register(h.app);
    const other = await register(h.app);
    const [otherSession] = await h.store.sessions.listByUser(other.userId);
    const mixed = signHs256(
      { ...decodeJwtPayload(user.accessToken), sid: otherSession?.id },
      h.settings.jwtAccessSecret,
    );
    expectError(await profileWith(bearer(mixed)), 401, 'UNAUTHENTICATED');
  });

  it('takes the role from the store, never from the token', async () => {
    const user = await register(h.app);
    const claimingAdmin = signHs256(
      { ...decodeJwtPayload(user.accessToken), role: 'admin' },
      h.settings.jwtAccessSecret,
    );
    const response = await profileWith(bearer(claimingAdmin));
    expect(response.statusCode).toBe(200);
    expect((json(response).user as { role: string }).role).toBe('user');
  });
});

describe('POST /api/auth/refresh', () => {
  const rotate = async (user: LoggedIn, url?: string) => {
    const before = user.jar.get('refreshToken');
    const response = await refreshWith(user.jar, url);
    expect(response.statusCode, response.body).toBe(200);
    user.jar.update(response.headers);
    return { before, after: user.jar.get('refreshToken'), response };
  };

  it('rotates the refresh token and records activity on the session', async () => {
    const user = await register(h.app);
    const later = h.clock.advance(10 * 60_000);
    const { before, after } = await rotate(user);

    expect(after).toBeDefined();
    expect(after).not.toBe(before);
    const [session] = await h.store.sessions.listByUser(user.userId);
    expect(session?.lastActive.toISOString()).toBe(later.toISOString());
    expect(session?.isActive).toBe(true);
  });

  it('is also served at the alias /api/auth/refresh-token', async () => {
    const user = await register(h.app);
    const { before, after } = await rotate(user, '/api/auth/refresh-token');
    expect(after).not.toBe(before);
    expect((await profileWith(user.jar.header())).statusCode).toBe(200);
  });

  it('revokes the session when an old refresh token is reused: every token of it stops working', async () => {
    const user = await register(h.app);
    const stolen = new CookieJar().set('refreshToken', user.refreshToken);
    await rotate(user);

    expectError(await refreshWith(stolen), 401, 'UNAUTHENTICATED');
    const [session] = await h.store.sessions.listByUser(user.userId);
    expect(session?.isActive).toBe(false);
    // The legitimate holder of the rotated tokens is logged out as well.
    expectError(await profileWith(user.jar.header()), 401, 'UNAUTHENTICATED');
    expectError(await refreshWith(user.jar), 401, 'UNAUTHENTICATED');
  });

  it('is refused after logout with an expired access token: the refresh token names the session to end', async () => {
    const user = await register(h.app);
    h.clock.advance(ACCESS_LIFETIME_MS + 1000);
    const loggedOut = await h.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: user.jar.header(),
    });
    expect(loggedOut.statusCode).toBe(200);
    const [session] = await h.store.sessions.listByUser(user.userId);
    expect(session?.isActive).toBe(false);
    expectError(await refreshWith(user.jar), 401, 'UNAUTHENTICATED');
  });

  it('answers 401 UNAUTHENTICATED without a refresh cookie', async () => {
    expectError(await h.app.inject({ method: 'POST', url: '/api/auth/refresh' }), 401, 'UNAUTHENTICATED');
  });

  it('answers 401 UNAUTHENTICATED when an access token is presented as the refresh token', async () => {
    const user = await register(h.app);
    const swapped = new CookieJar().set('refreshToken', user.accessToken);
    expectError(await refreshWith(swapped), 401, 'UNAUTHENTICATED');
    const [session] = await h.store.sessions.listByUser(user.userId);
    expect(session?.isActive).toBe(true);
  });

  it('answers 401 UNAUTHENTICATED once the refresh token is older than 7 days', async () => {
    const user = await register(h.app);
    h.clock.advance(REFRESH_LIFETIME_MS + 1000);
    expectError(await refreshWith(user.jar), 401, 'UNAUTHENTICATED');
  });

  it('still refreshes one minute before the 7 days are over', async () => {
    const user = await register(h.app);
    h.clock.advance(REFRESH_LIFETIME_MS - 60_000);
    await rotate(user);
  });
});
