import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from './support/cookies.js';
import { expectError, json, type LoggedIn, register } from './support/http.js';
import { createTestApp, type TestApp } from './support/test-app.js';
import { TOTP_STEP_MS, totpCodeAt } from './support/totp.js';

/*
 * Issue 22, part 3: apps that cannot use cookies (mobile, a SPA on another site) get their tokens
 * in the body. `POST /api/auth/tokens` answers {accessToken, refreshToken, expiresIn};
 * `POST /api/auth/tokens/refresh` takes the refresh token in the body, with the cookie flow's
 * rotation and reuse detection. Both share login's strict rate limit and its 2FA rule, and set no
 * cookie. The README's Bearer example is run as written.
 */

/** Specification, Authentication 1: the access token expires after 15 minutes. */
const ACCESS_LIFETIME_S = 15 * 60;
const README = new URL('../../../README.md', import.meta.url);

let h: TestApp;
beforeAll(async () => {
  h = await createTestApp();
});
afterAll(() => h.close());

interface TokenPair {
  accessToken: string;
  refreshToken: string;
  expiresIn: number;
}

const post = (url: string, payload?: Record<string, unknown>, headers: Record<string, string> = {}) =>
  h.app.inject({ method: 'POST', url, headers, ...(payload === undefined ? {} : { payload }) });

const createTokens = (credentials: { email: string; password: string }, code?: string, app = h.app) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/tokens',
    payload: {
      email: credentials.email,
      password: credentials.password,
      ...(code === undefined ? {} : { code }),
    },
  });
const refreshTokens = (refreshToken: string) => post('/api/auth/tokens/refresh', { refreshToken });

/** A successful token answer: exactly the three fields, and no cookie. */
const pairOf = (response: LightMyRequestResponse): TokenPair => {
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['set-cookie']).toBeUndefined();
  // Tokens in a body are never kept by a cache (RFC 6749, 5.1).
  expect(response.headers['cache-control']).toBe('no-store');
  const body = json(response);
  expect(Object.keys(body).sort()).toEqual(['accessToken', 'expiresIn', 'refreshToken']);
  expect(body.expiresIn).toBe(ACCESS_LIFETIME_S);
  expect(typeof body.accessToken).toBe('string');
  expect(typeof body.refreshToken).toBe('string');
  return body as unknown as TokenPair;
};

const profileWith = (accessToken: string) =>
  h.app.inject({ url: '/api/users/profile', headers: bearer(accessToken) });

const sessionsOf = async (userId: string) => h.store.sessions.listByUser(userId);

describe('POST /api/auth/tokens', () => {
  it('answers {accessToken, refreshToken, expiresIn} without cookies; the access token works as Bearer', async () => {
    const user = await register(h.app);
    const pair = pairOf(await createTokens(user));

    const profile = await profileWith(pair.accessToken);
    expect(profile.statusCode, profile.body).toBe(200);
    expect(json(profile).user).toMatchObject({ email: user.email, username: user.username });
    // The refresh token is not an access token.
    expectError(await profileWith(pair.refreshToken), 401, 'UNAUTHENTICATED');
  });

  it('opens a session like login does: listed by GET /api/sessions, and revocable from another device', async () => {
    const user = await register(h.app);
    const pair = pairOf(await createTokens(user));
    expect((await sessionsOf(user.userId)).filter((session) => session.isActive)).toHaveLength(2);

    const listed = await h.app.inject({ url: '/api/sessions', headers: bearer(pair.accessToken) });
    expect(listed.statusCode, listed.body).toBe(200);
    const sessions = json(listed).sessions as { _id: string; current: boolean }[];
    expect(sessions).toHaveLength(2);
    const current = sessions.find((session) => session.current);
    expect(current).toBeDefined();

    // The cookie device revokes the token session: its access and refresh tokens stop working.
    const revoked = await h.app.inject({
      method: 'DELETE',
      url: `/api/sessions/${current?._id}`,
      headers: user.jar.header(),
    });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expectError(await profileWith(pair.accessToken), 401, 'UNAUTHENTICATED');
    expectError(await refreshTokens(pair.refreshToken), 401, 'UNAUTHENTICATED');
  });

  it('ends with logout sent with the Bearer header, and with a password change made elsewhere', async () => {
    const user = await register(h.app);
    const first = pairOf(await createTokens(user));
    const loggedOut = await post('/api/auth/logout', undefined, bearer(first.accessToken));
    expect(loggedOut.statusCode).toBe(200);
    expectError(await profileWith(first.accessToken), 401, 'UNAUTHENTICATED');
    expectError(await refreshTokens(first.refreshToken), 401, 'UNAUTHENTICATED');

    const second = pairOf(await createTokens(user));
    const changed = await h.app.inject({
      method: 'PUT',
      url: '/api/users/password',
      headers: user.jar.header(),
      payload: { currentPassword: user.password, newPassword: 'a brand new password 7' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expectError(await profileWith(second.accessToken), 401, 'UNAUTHENTICATED');
  });

  it('answers 401 INVALID_CREDENTIALS for a wrong password or an unknown email, opening no session', async () => {
    const user = await register(h.app);
    expectError(await createTokens({ ...user, password: 'not the password' }), 401, 'INVALID_CREDENTIALS');
    expectError(
      await createTokens({ email: 'nobody-at-all@example.com', password: 'whatever 123' }),
      401,
      'INVALID_CREDENTIALS',
    );
    expect(await sessionsOf(user.userId)).toHaveLength(1);
  });

  it('answers 400 VALIDATION_ERROR for bad input', async () => {
    const user = await register(h.app);
    expectError(await post('/api/auth/tokens', { email: user.email }), 400, 'VALIDATION_ERROR');
    expectError(await post('/api/auth/tokens'), 400, 'VALIDATION_ERROR');
    expectError(
      await post('/api/auth/tokens', { email: user.email, password: user.password, extra: 1 }),
      400,
      'VALIDATION_ERROR',
    );
    expectError(await post('/api/auth/tokens', { email: user.email, password: 42 }), 400, 'VALIDATION_ERROR');
  });

  it('answers 403 ACCOUNT_BLOCKED to a blocked user, whose earlier tokens stop working too', async () => {
    const user = await register(h.app);
    const pair = pairOf(await createTokens(user));
    await h.store.users.setActive(user.userId, false, h.clock.now());

    expectError(await createTokens(user), 403, 'ACCOUNT_BLOCKED');
    expectError(await profileWith(pair.accessToken), 403, 'ACCOUNT_BLOCKED');
    expectError(await refreshTokens(pair.refreshToken), 403, 'ACCOUNT_BLOCKED');
  });
});

describe('two-factor authentication', () => {
  /** Enables and verifies 2FA with the Bearer token, then moves past the verify code's step. */
  const withTwoFactor = async (): Promise<{ user: LoggedIn; secret: string }> => {
    const user = await register(h.app);
    const pair = pairOf(await createTokens(user));
    const enabled = await post(
      '/api/security/2fa/enable',
      { password: user.password },
      bearer(pair.accessToken),
    );
    expect(enabled.statusCode, enabled.body).toBe(200);
    const secret = (json(enabled) as { secret: string }).secret;
    const verified = await post(
      '/api/security/2fa/verify',
      { code: totpCodeAt(secret, h.clock) },
      bearer(pair.accessToken),
    );
    expect(verified.statusCode, verified.body).toBe(200);
    h.clock.advance(TOTP_STEP_MS);
    return { user, secret };
  };

  it('needs the code as login does: 401 TWO_FACTOR_REQUIRED without, 401 INVALID_TWO_FACTOR_CODE when wrong', async () => {
    const { user, secret } = await withTwoFactor();
    const before = (await sessionsOf(user.userId)).length;

    expectError(await createTokens(user), 401, 'TWO_FACTOR_REQUIRED');
    const right = totpCodeAt(secret, h.clock);
    const wrong = right === '000000' ? '111111' : '000000';
    expectError(await createTokens(user, wrong), 401, 'INVALID_TWO_FACTOR_CODE');
    expect(await sessionsOf(user.userId)).toHaveLength(before);

    const pair = pairOf(await createTokens(user, right));
    expect((await profileWith(pair.accessToken)).statusCode).toBe(200);
    // Each code is accepted once.
    expectError(await createTokens(user, right), 401, 'INVALID_TWO_FACTOR_CODE');
  });

  it('the same code rule on cookie login: a code used for tokens is spent there too', async () => {
    const { user, secret } = await withTwoFactor();
    const code = totpCodeAt(secret, h.clock);
    pairOf(await createTokens(user, code));
    expectError(
      await post('/api/auth/login', { email: user.email, password: user.password, code }),
      401,
      'INVALID_TWO_FACTOR_CODE',
    );
  });
});

describe('POST /api/auth/tokens/refresh', () => {
  it('answers a new pair without cookies; the new access token works and the old refresh token then fails', async () => {
    const user = await register(h.app);
    const first = pairOf(await createTokens(user));
    h.clock.advance(1000);
    const second = pairOf(await refreshTokens(first.refreshToken));

    expect(second.refreshToken).not.toBe(first.refreshToken);
    expect(second.accessToken).not.toBe(first.accessToken);
    expect((await profileWith(second.accessToken)).statusCode).toBe(200);
    // Same session: the refresh opened none.
    expect(await sessionsOf(user.userId)).toHaveLength(2);

    expectError(await refreshTokens(first.refreshToken), 401, 'UNAUTHENTICATED');
  });

  it('renews an expired access token: 401 TOKEN_EXPIRED, refresh, retry', async () => {
    const user = await register(h.app);
    const first = pairOf(await createTokens(user));
    h.clock.advance(ACCESS_LIFETIME_S * 1000 + 1000);
    expectError(await profileWith(first.accessToken), 401, 'TOKEN_EXPIRED');
    const second = pairOf(await refreshTokens(first.refreshToken));
    expect((await profileWith(second.accessToken)).statusCode).toBe(200);
  });

  it('detects reuse: an old refresh token presented again ends the session, newest tokens included', async () => {
    const user = await register(h.app);
    const first = pairOf(await createTokens(user));
    h.clock.advance(1000);
    const second = pairOf(await refreshTokens(first.refreshToken));
    h.clock.advance(1000);
    const third = pairOf(await refreshTokens(second.refreshToken));
    expect((await profileWith(third.accessToken)).statusCode).toBe(200);

    // A stolen copy of the first refresh token is replayed.
    expectError(await refreshTokens(first.refreshToken), 401, 'UNAUTHENTICATED');

    expectError(await profileWith(third.accessToken), 401, 'UNAUTHENTICATED');
    expectError(await refreshTokens(third.refreshToken), 401, 'UNAUTHENTICATED');
    // Only that session ended: the cookie session of registration still works.
    expect((await h.app.inject({ url: '/api/users/profile', headers: user.jar.header() })).statusCode).toBe(
      200,
    );
  });

  it('answers 401 UNAUTHENTICATED to a token that is not a refresh token, and 400 to bad input', async () => {
    const user = await register(h.app);
    const pair = pairOf(await createTokens(user));
    expectError(await refreshTokens('not-a-token'), 401, 'UNAUTHENTICATED');
    expectError(await refreshTokens(pair.accessToken), 401, 'UNAUTHENTICATED');
    expectError(await post('/api/auth/tokens/refresh'), 400, 'VALIDATION_ERROR');
    expectError(await post('/api/auth/tokens/refresh', {}), 400, 'VALIDATION_ERROR');
    expectError(await refreshTokens(''), 400, 'VALIDATION_ERROR');
    expectError(await post('/api/auth/tokens/refresh', { refreshToken: 7 }), 400, 'VALIDATION_ERROR');
    // The refresh cookie is not read here: the token is taken from the body only.
    expectError(
      await post('/api/auth/tokens/refresh', {}, { cookie: `refreshToken=${pair.refreshToken}` }),
      400,
      'VALIDATION_ERROR',
    );
    // None of that ended the session.
    expect((await profileWith(pair.accessToken)).statusCode).toBe(200);
  });
});

describe("login's strict rate limit", () => {
  it('refuses POST /api/auth/tokens with 429 RATE_LIMITED once the failures are used up, counted with login', async () => {
    const limited = await createTestApp({ devnet: h.devnet, authRateLimitMax: 3 });
    try {
      const owner = await register(limited.app);
      const wrong = { email: owner.email, password: 'wrong-password' };
      const viaLogin = () => limited.app.inject({ method: 'POST', url: '/api/auth/login', payload: wrong });
      expectError(await viaLogin(), 401, 'INVALID_CREDENTIALS');
      expectError(await createTokens(wrong, undefined, limited.app), 401, 'INVALID_CREDENTIALS');
      expectError(await viaLogin(), 401, 'INVALID_CREDENTIALS');

      const refused = await createTokens(owner, undefined, limited.app);
      expectError(refused, 429, 'RATE_LIMITED');
      const retryAfter = Number(refused.headers['retry-after']);
      expect(Number.isInteger(retryAfter) && retryAfter > 0 && retryAfter <= 60).toBe(true);
      expectError(await viaLogin(), 429, 'RATE_LIMITED');
    } finally {
      await limited.close();
    }
  });

  it('refuses POST /api/auth/tokens/refresh with 429 RATE_LIMITED after failed refreshes', async () => {
    const limited = await createTestApp({ devnet: h.devnet, authRateLimitMax: 3 });
    try {
      const refresh = (refreshToken: string) =>
        limited.app.inject({ method: 'POST', url: '/api/auth/tokens/refresh', payload: { refreshToken } });
      for (let i = 0; i < 3; i += 1) expectError(await refresh(`forged-${i}`), 401, 'UNAUTHENTICATED');
      const refused = await refresh('forged-again');
      expectError(refused, 429, 'RATE_LIMITED');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });

  it("counts every request from one address against the strict routes' per-address limit", async () => {
    // 10x AUTH_RATE_LIMIT_MAX requests a minute from one address, successful or not.
    const limited = await createTestApp({ devnet: h.devnet, authRateLimitMax: 1 });
    try {
      const owner = await register(limited.app);
      // Registration was one strict request; nine more succeed, the eleventh is refused.
      for (let i = 0; i < 9; i += 1) pairOf(await createTokens(owner, undefined, limited.app));
      expectError(await createTokens(owner, undefined, limited.app), 429, 'RATE_LIMITED');
    } finally {
      await limited.close();
    }
  });
});

/** The "Using the API" shell block of README.md, continuation lines joined. */
const readmeCommands = (): string[] => {
  const readme = readFileSync(README, 'utf8');
  const section = readme.slice(readme.indexOf('## Using the API'));
  const block = /```sh\n([\s\S]*?)```/.exec(section)?.[1];
  if (!block) throw new Error('no sh block under "Using the API" in README.md');
  return block.replace(/\\\n\s*/g, '').split('\n');
};

describe("the README's Bearer example", () => {
  it('works as written against the running service', async () => {
    const commands = readmeCommands();
    const registerLine = commands.find((line) => line.includes('$B/auth/register'));
    const start = commands.findIndex((line) => line.includes('Authorization: Bearer'));
    const bearerExample = commands.slice(start).filter((line) => line.trim() !== '');
    expect(registerLine).toBeDefined();
    expect(start).toBeGreaterThan(0);
    expect(bearerExample.join('\n')).toContain('$B/auth/tokens/refresh');

    const address = await h.app.listen({ port: 0, host: '127.0.0.1' });
    // Each command as written; a marker after each separates their outputs.
    const MARK = '@@@';
    const script = [
      'set -eu',
      `B=${address}/api`,
      'D=$(mktemp -d); trap \'rm -rf "$D"\' EXIT; cd "$D"',
      ...[registerLine as string, ...bearerExample].flatMap((line) => [line, `echo ${MARK}`]),
      'printf "%s\\n%s\\n" "$A" "$R"',
    ].join('\n');
    const { stdout } = await promisify(execFile)('bash', ['-c', script], { timeout: 30_000 });
    const outputs = stdout.split(`${MARK}\n`);
    const printed = (outputs.at(-1) ?? '').trim().split('\n');
    const [accessToken = '', oldRefreshToken = ''] = printed;
    const nonEmpty = outputs.slice(0, -1).filter((output) => output.trim() !== '');
    const [registered, profile, refreshed] = nonEmpty.map(
      (output) => JSON.parse(output) as Record<string, unknown>,
    );

    expect(registered?.message).toBe('User registered successfully');
    expect(profile).toMatchObject({ user: { email: 'ann@example.com' } });
    expect(refreshed).toMatchObject({ expiresIn: ACCESS_LIFETIME_S });
    expect(Object.keys(refreshed ?? {}).sort()).toEqual(['accessToken', 'expiresIn', 'refreshToken']);
    expect(accessToken.split('.')).toHaveLength(3);
    // "R is spent": the comment is true too.
    expectError(await refreshTokens(oldRefreshToken), 401, 'UNAUTHENTICATED');
  });
});
