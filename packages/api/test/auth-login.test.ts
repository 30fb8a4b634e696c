import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, CookieJar } from './support/cookies.js';
import { expectError, FIREFOX_ON_WINDOWS, json, login, register } from './support/http.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let h: TestApp;
beforeAll(async () => {
  h = await createTestApp();
});
afterAll(() => h.close());

const postLogin = (payload: Record<string, unknown>) =>
  h.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { 'user-agent': FIREFOX_ON_WINDOWS },
    payload,
  });

describe('POST /api/auth/login', () => {
  it('answers 200 with exactly {message, user:{id, email, username, role, wallet (address string)}}', async () => {
    const user = await register(h.app);
    const response = await postLogin({ email: user.email, password: user.password });

    expect(response.statusCode).toBe(200);
    const answer = json(response);
    expect(Object.keys(answer).sort()).toEqual(['message', 'user']);
    expect(typeof answer.message).toBe('string');
    const stored = await h.store.users.findById(user.userId);
    expect(answer.user).toEqual({
      id: user.userId,
      email: user.email,
      username: user.username,
      role: 'user',
      wallet: stored?.wallet.address,
    });
    expect(typeof stored?.wallet.address).toBe('string');
  });

  it('finds the account whatever the case of the email', async () => {
    const user = await register(h.app);
    const response = await postLogin({ email: user.email.toUpperCase(), password: user.password });
    expect(response.statusCode).toBe(200);
    expect((json(response).user as { id: string }).id).toBe(user.userId);
  });

  it('opens a second session, records lastLogin and sets fresh cookies', async () => {
    const user = await register(h.app);
    const later = h.clock.advance(5 * 60_000);
    const second = await login(h.app, user);

    expect(second.accessToken).not.toBe(user.accessToken);
    const sessions = await h.store.sessions.listByUser(user.userId);
    expect(sessions.filter((session) => session.isActive)).toHaveLength(2);
    expect(sessions.map((session) => session.device).sort()).toEqual([
      'Chrome on Linux',
      'Firefox on Windows',
    ]);
    expect((await h.store.users.findById(user.userId))?.lastLogin?.toISOString()).toBe(later.toISOString());
  });

  it('answers 401 INVALID_CREDENTIALS for a wrong password, and the same answer for an unknown email', async () => {
    const user = await register(h.app);
    const wrongPassword = await postLogin({ email: user.email, password: 'not-the-password' });
    const unknownEmail = await postLogin({ email: 'nobody-here@example.com', password: 'not-the-password' });

    const first = expectError(wrongPassword, 401, 'INVALID_CREDENTIALS');
    const second = expectError(unknownEmail, 401, 'INVALID_CREDENTIALS');
    expect(second).toEqual(first);
    expect(wrongPassword.headers['set-cookie']).toBeUndefined();
    expect((await h.store.sessions.listByUser(user.userId)).length).toBe(1);
  });

  it('answers 403 ACCOUNT_BLOCKED for a blocked user with the right password, and opens no session', async () => {
    const user = await register(h.app);
    await h.store.users.setActive(user.userId, false, h.clock.now());

    expectError(await postLogin({ email: user.email, password: user.password }), 403, 'ACCOUNT_BLOCKED');
    expect((await h.store.sessions.listByUser(user.userId)).length).toBe(1);
  });

  it.each([
    ['the password is missing', { email: 'someone@example.com' }, 'password'],
    ['the email is missing', { password: 'whatever-password' }, 'email'],
    [
      'an unknown field is sent',
      { email: 'someone@example.com', password: 'whatever-password', remember: true },
      'remember',
    ],
  ])('answers 400 VALIDATION_ERROR with details when %s', async (_case, payload, field) => {
    const answer = expectError(await postLogin(payload), 400, 'VALIDATION_ERROR');
    expect(answer.details).toEqual([expect.objectContaining({ field })]);
  });
});

describe('GET /api/auth/profile', () => {
  it('answers {user:{id, email, username, role, wallet, createdAt, lastLogin}} with the cookie', async () => {
    const user = await register(h.app);
    const response = await h.app.inject({ url: '/api/auth/profile', headers: user.jar.header() });

    expect(response.statusCode).toBe(200);
    const stored = await h.store.users.findById(user.userId);
    expect(json(response)).toEqual({
      user: {
        id: user.userId,
        email: user.email,
        username: user.username,
        role: 'user',
        wallet: stored?.wallet.address,
        createdAt: stored?.createdAt.toISOString(),
        lastLogin: stored?.lastLogin?.toISOString(),
      },
    });
  });

  it('accepts the access token as an Authorization Bearer header without any cookie', async () => {
    const user = await register(h.app);
    const response = await h.app.inject({ url: '/api/auth/profile', headers: bearer(user.accessToken) });
    expect(response.statusCode).toBe(200);
    expect((json(response).user as { id: string }).id).toBe(user.userId);
  });

  it('answers 401 UNAUTHENTICATED without a token', async () => {
    expectError(await h.app.inject({ url: '/api/auth/profile' }), 401, 'UNAUTHENTICATED');
  });

  it('answers 401 UNAUTHENTICATED for a garbage Bearer token', async () => {
    expectError(
      await h.app.inject({ url: '/api/auth/profile', headers: bearer('not.a.jwt') }),
      401,
      'UNAUTHENTICATED',
    );
  });
});

describe('blocked users', () => {
  it('are refused with 403 ACCOUNT_BLOCKED on every authenticated request, refresh included', async () => {
    const user = await register(h.app);
    const before = await h.app.inject({ url: '/api/users/profile', headers: user.jar.header() });
    expect(before.statusCode).toBe(200);
    await h.store.users.setActive(user.userId, false, h.clock.now());

    const requests = [
      { method: 'GET', url: '/api/auth/profile' },
      { method: 'GET', url: '/api/users/profile' },
      { method: 'PUT', url: '/api/users/profile', payload: { phone: '+49 30 123456' } },
      {
        method: 'PUT',
        url: '/api/users/password',
        payload: { currentPassword: user.password, newPassword: 'another-pass-1' },
      },
      { method: 'GET', url: '/api/sessions' },
      { method: 'POST', url: '/api/security/2fa/enable', payload: { password: user.password } },
    ] as const;
    for (const request of requests) {
      expectError(await h.app.inject({ ...request, headers: user.jar.header() }), 403, 'ACCOUNT_BLOCKED');
    }
    expectError(
      await h.app.inject({ method: 'POST', url: '/api/auth/refresh', headers: user.jar.header() }),
      403,
      'ACCOUNT_BLOCKED',
    );
    const stored = await h.store.users.findById(user.userId);
    expect(stored?.phone).toBeNull();
    expect(stored?.twoFactor.encryptedSecret).toBeNull();
  });
});

describe('POST /api/auth/logout', () => {
  it('answers {message}, clears both cookies and ends the session so its token stops working', async () => {
    const user = await register(h.app);
    const response = await h.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: user.jar.header(),
    });

    expect(response.statusCode).toBe(200);
    expect(Object.keys(json(response))).toEqual(['message']);
    const jar = new CookieJar().set('accessToken', 'x').set('refreshToken', 'y').update(response.headers);
    expect(jar.get('accessToken')).toBeUndefined();
    expect(jar.get('refreshToken')).toBeUndefined();
    const sessions = await h.store.sessions.listByUser(user.userId);
    expect(sessions.map((session) => session.isActive)).toEqual([false]);
    expectError(
      await h.app.inject({ url: '/api/auth/profile', headers: bearer(user.accessToken) }),
      401,
      'UNAUTHENTICATED',
    );
    expectError(
      await h.app.inject({ method: 'POST', url: '/api/auth/refresh', headers: user.jar.header() }),
      401,
      'UNAUTHENTICATED',
    );
  });

  it('ends only its own session: another device stays logged in', async () => {
    const user = await register(h.app);
    const other = await login(h.app, user);
    await h.app.inject({ method: 'POST', url: '/api/auth/logout', headers: user.jar.header() });
    expect((await h.app.inject({ url: '/api/auth/profile', headers: other.jar.header() })).statusCode).toBe(
      200,
    );
  });

  it('answers 200 and clears the cookies even without any token', async () => {
    const response = await h.app.inject({ method: 'POST', url: '/api/auth/logout' });
    expect(response.statusCode).toBe(200);
    const cleared = ([] as string[])
      .concat(response.headers['set-cookie'] ?? [])
      .map((line) => line.split('=')[0]);
    expect(cleared.sort()).toEqual(['accessToken', 'refreshToken']);
  });
});
