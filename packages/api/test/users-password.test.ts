import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, json, login, register } from './support/http.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let h: TestApp;
beforeAll(async () => {
  h = await createTestApp();
});
afterAll(() => h.close());

const attemptLogin = (email: string, password: string) =>
  h.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });

describe('PUT and PATCH /api/users/password', () => {
  it.each(['PUT', 'PATCH'] as const)(
    '%s answers {success, message}; the new password works at once, the old one no more',
    async (method) => {
      const user = await register(h.app);
      const before = await h.store.users.findById(user.userId);
      const newPassword = 'brand-new-password';
      const response = await h.app.inject({
        method,
        url: '/api/users/password',
        headers: user.jar.header(),
        payload: { currentPassword: user.password, newPassword },
      });

      expect(response.statusCode).toBe(200);
      expect(json(response)).toEqual({ success: true, message: expect.any(String) });
      const after = await h.store.users.findById(user.userId);
      expect(after?.passwordHash).not.toBe(before?.passwordHash);
      expect(after?.passwordHash.startsWith('$argon2id$')).toBe(true);
      expectError(await attemptLogin(user.email, user.password), 401, 'INVALID_CREDENTIALS');
      expect((await attemptLogin(user.email, newPassword)).statusCode).toBe(200);
    },
  );

  it('logs the other device out on its next request while the current one continues', async () => {
    const user = await register(h.app);
    const otherDevice = await login(h.app, user);
    expect(
      (await h.app.inject({ url: '/api/users/profile', headers: otherDevice.jar.header() })).statusCode,
    ).toBe(200);

    const changed = await h.app.inject({
      method: 'PUT',
      url: '/api/users/password',
      headers: user.jar.header(),
      payload: { currentPassword: user.password, newPassword: 'brand-new-password' },
    });
    expect(changed.statusCode).toBe(200);

    expectError(
      await h.app.inject({ url: '/api/users/profile', headers: otherDevice.jar.header() }),
      401,
      'UNAUTHENTICATED',
    );
    expectError(
      await h.app.inject({ method: 'POST', url: '/api/auth/refresh', headers: otherDevice.jar.header() }),
      401,
      'UNAUTHENTICATED',
    );
    expect((await h.app.inject({ url: '/api/users/profile', headers: user.jar.header() })).statusCode).toBe(
      200,
    );
    const refreshed = await h.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      headers: user.jar.header(),
    });
    expect(refreshed.statusCode).toBe(200);
  });

  it('answers 400 INVALID_CURRENT_PASSWORD for a wrong current password and keeps the old one', async () => {
    const user = await register(h.app);
    const otherDevice = await login(h.app, user);
    expectError(
      await h.app.inject({
        method: 'PUT',
        url: '/api/users/password',
        headers: user.jar.header(),
        payload: { currentPassword: 'wrong-password', newPassword: 'brand-new-password' },
      }),
      400,
      'INVALID_CURRENT_PASSWORD',
    );
    expect((await attemptLogin(user.email, user.password)).statusCode).toBe(200);
    expect(
      (await h.app.inject({ url: '/api/users/profile', headers: otherDevice.jar.header() })).statusCode,
    ).toBe(200);
  });

  it.each([
    ['both passwords are missing', () => ({})],
    ['the current password is missing', () => ({ newPassword: 'brand-new-password' })],
    ['the new password is missing', (current: string) => ({ currentPassword: current })],
    [
      'the new password has 7 characters',
      (current: string) => ({ currentPassword: current, newPassword: 'seven77' }),
    ],
    [
      'an unknown field is sent',
      (current: string) => ({
        currentPassword: current,
        newPassword: 'brand-new-password',
        confirm: 'brand-new-password',
      }),
    ],
  ])('answers 400 VALIDATION_ERROR with details when %s, changing nothing', async (_case, payloadFor) => {
    const user = await register(h.app);
    const answer = expectError(
      await h.app.inject({
        method: 'PUT',
        url: '/api/users/password',
        headers: user.jar.header(),
        payload: payloadFor(user.password),
      }),
      400,
      'VALIDATION_ERROR',
    );
    expect(Array.isArray(answer.details) && answer.details.length > 0).toBe(true);
    expect((await attemptLogin(user.email, user.password)).statusCode).toBe(200);
  });

  it('answers 401 UNAUTHENTICATED without a token', async () => {
    expectError(
      await h.app.inject({
        method: 'PUT',
        url: '/api/users/password',
        payload: { currentPassword: 'whatever-password', newPassword: 'brand-new-password' },
      }),
      401,
      'UNAUTHENTICATED',
    );
  });
});
