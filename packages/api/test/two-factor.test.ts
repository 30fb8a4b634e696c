import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, json, type LoggedIn, register } from './support/http.js';
import { createTestApp, type TestApp } from './support/test-app.js';
import { TOTP_STEP_MS, totpCodeAt } from './support/totp.js';

let h: TestApp;
beforeAll(async () => {
  h = await createTestApp();
});
afterAll(() => h.close());

const post = (url: string, user: LoggedIn | null, payload?: Record<string, unknown>) =>
  h.app.inject({ method: 'POST', url, headers: user?.jar.header() ?? {}, ...(payload ? { payload } : {}) });

const enable = async (user: LoggedIn): Promise<string> => {
  const response = await post('/api/security/2fa/enable', user, { password: user.password });
  expect(response.statusCode, response.body).toBe(200);
  return (json(response) as { secret: string }).secret;
};

/** Enables and verifies 2FA, then moves to the next TOTP step so the verify code is history. */
const withTwoFactor = async (): Promise<{ user: LoggedIn; secret: string }> => {
  const user = await register(h.app);
  const secret = await enable(user);
  expect(
    (await post('/api/security/2fa/verify', user, { code: totpCodeAt(secret, h.clock) })).statusCode,
  ).toBe(200);
  h.clock.advance(TOTP_STEP_MS);
  return { user, secret };
};

const loginWith = (user: LoggedIn, code?: string) =>
  post('/api/auth/login', null, {
    email: user.email,
    password: user.password,
    ...(code === undefined ? {} : { code }),
  });

const twoFactorEnabled = async (user: LoggedIn) =>
  (await h.store.users.findById(user.userId))?.twoFactor.enabled;

describe('POST /api/security/2fa/enable', () => {
  it('answers {success, secret, otpauthUrl, qrCode} and stores the secret sealed but not yet active', async () => {
    const user = await register(h.app);
    const response = await post('/api/security/2fa/enable', user, { password: user.password });

    expect(response.statusCode).toBe(200);
    const answer = json(response) as Record<string, string>;
    expect(Object.keys(answer).sort()).toEqual(['otpauthUrl', 'qrCode', 'secret', 'success']);
    expect(answer.success).toBe(true);
    expect(answer.secret).toMatch(/^[A-Z2-7]{16,}$/);
    const uri = new URL(answer.otpauthUrl ?? '');
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(uri.searchParams.get('secret')).toBe(answer.secret);
    expect(answer.qrCode?.startsWith('data:image/png;base64,')).toBe(true);

    const stored = await h.store.users.findById(user.userId);
    expect(stored?.twoFactor.enabled).toBe(false);
    expect(stored?.twoFactor.encryptedSecret).not.toContain(answer.secret);
    expect(await h.vault.open(stored?.twoFactor.encryptedSecret ?? '', user.userId)).toBe(answer.secret);
    const profile = await h.app.inject({ url: '/api/users/profile', headers: user.jar.header() });
    expect((json(profile).user as { twoFactorEnabled: boolean }).twoFactorEnabled).toBe(false);
  });

  it('does not change login while setup is unverified', async () => {
    const user = await register(h.app);
    await enable(user);
    expect((await loginWith(user)).statusCode).toBe(200);
  });

  it('answers 400 VALIDATION_ERROR when 2FA is already on', async () => {
    const { user } = await withTwoFactor();
    expectError(
      await post('/api/security/2fa/enable', user, { password: user.password }),
      400,
      'VALIDATION_ERROR',
    );
  });

  it('needs the current password: a stolen access token alone cannot turn 2FA on', async () => {
    const user = await register(h.app);
    const wrong = await post('/api/security/2fa/enable', user, { password: 'not the password' });
    expectError(wrong, 400, 'INVALID_CURRENT_PASSWORD');
    expectError(await post('/api/security/2fa/enable', user), 400, 'VALIDATION_ERROR');
    const stored = await h.store.users.findById(user.userId);
    expect(stored?.twoFactor).toMatchObject({ enabled: false, encryptedSecret: null });
    // The owner, who knows the password, can.
    expect((await post('/api/security/2fa/enable', user, { password: user.password })).statusCode).toBe(200);
  });

  it('answers 401 UNAUTHENTICATED without a token', async () => {
    expectError(
      await post('/api/security/2fa/enable', null, { password: 'whatever-it-is' }),
      401,
      'UNAUTHENTICATED',
    );
  });
});

describe('POST /api/security/2fa/verify', () => {
  it('activates 2FA with the current code and answers {success, message}', async () => {
    const user = await register(h.app);
    const secret = await enable(user);
    const response = await post('/api/security/2fa/verify', user, { code: totpCodeAt(secret, h.clock) });

    expect(response.statusCode).toBe(200);
    expect(json(response)).toEqual({ success: true, message: expect.any(String) });
    expect(await twoFactorEnabled(user)).toBe(true);
    const profile = await h.app.inject({ url: '/api/users/profile', headers: user.jar.header() });
    expect((json(profile).user as { twoFactorEnabled: boolean }).twoFactorEnabled).toBe(true);
  });

  it('answers 400 INVALID_TWO_FACTOR_CODE for a wrong code and stays off', async () => {
    const user = await register(h.app);
    const secret = await enable(user);
    const right = totpCodeAt(secret, h.clock);
    const wrong = String((Number(right) + 1) % 1_000_000).padStart(6, '0');
    expectError(
      await post('/api/security/2fa/verify', user, { code: wrong }),
      400,
      'INVALID_TWO_FACTOR_CODE',
    );
    expect(await twoFactorEnabled(user)).toBe(false);
  });

  it('answers 400 INVALID_TWO_FACTOR_CODE for a code two steps old', async () => {
    const user = await register(h.app);
    const secret = await enable(user);
    const old = totpCodeAt(secret, h.clock);
    h.clock.advance(2 * TOTP_STEP_MS + 1000);
    expectError(await post('/api/security/2fa/verify', user, { code: old }), 400, 'INVALID_TWO_FACTOR_CODE');
    expect(await twoFactorEnabled(user)).toBe(false);
  });

  it('answers 400 VALIDATION_ERROR before any setup', async () => {
    const user = await register(h.app);
    expectError(await post('/api/security/2fa/verify', user, { code: '123456' }), 400, 'VALIDATION_ERROR');
  });

  it('answers 400 VALIDATION_ERROR with details without a code', async () => {
    const user = await register(h.app);
    await enable(user);
    const answer = expectError(await post('/api/security/2fa/verify', user, {}), 400, 'VALIDATION_ERROR');
    expect(answer.details).toEqual([expect.objectContaining({ field: 'code' })]);
  });
});

describe('login with 2FA on', () => {
  it('answers 401 TWO_FACTOR_REQUIRED without a code, and sets no cookie', async () => {
    const { user } = await withTwoFactor();
    const response = await loginWith(user);
    expectError(response, 401, 'TWO_FACTOR_REQUIRED');
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('answers 401 INVALID_TWO_FACTOR_CODE for a wrong code', async () => {
    const { user, secret } = await withTwoFactor();
    const right = totpCodeAt(secret, h.clock);
    const wrong = String((Number(right) + 1) % 1_000_000).padStart(6, '0');
    expectError(await loginWith(user, wrong), 401, 'INVALID_TWO_FACTOR_CODE');
  });

  it('succeeds with the current code, and refuses the same code replayed', async () => {
    const { user, secret } = await withTwoFactor();
    const code = totpCodeAt(secret, h.clock);
    const first = await loginWith(user, code);
    expect(first.statusCode).toBe(200);
    expect((json(first).user as { id: string }).id).toBe(user.userId);

    expectError(await loginWith(user, code), 401, 'INVALID_TWO_FACTOR_CODE');
  });

  it('refuses the code that verified the setup (a code is accepted once)', async () => {
    const user = await register(h.app);
    const secret = await enable(user);
    const code = totpCodeAt(secret, h.clock);
    expect((await post('/api/security/2fa/verify', user, { code })).statusCode).toBe(200);
    expectError(await loginWith(user, code), 401, 'INVALID_TWO_FACTOR_CODE');
  });

  it('accepts the next step’s code after one was used', async () => {
    const { user, secret } = await withTwoFactor();
    expect((await loginWith(user, totpCodeAt(secret, h.clock))).statusCode).toBe(200);
    h.clock.advance(TOTP_STEP_MS);
    expect((await loginWith(user, totpCodeAt(secret, h.clock))).statusCode).toBe(200);
  });

  it('still checks the password first: a wrong password with a right code is 401 INVALID_CREDENTIALS', async () => {
    const { user, secret } = await withTwoFactor();
    const response = await post('/api/auth/login', null, {
      email: user.email,
      password: 'not-the-password',
      code: totpCodeAt(secret, h.clock),
    });
    expectError(response, 401, 'INVALID_CREDENTIALS');
  });
});

describe('POST /api/security/2fa/disable', () => {
  it('turns 2FA off with a current code and the password; login needs no code afterwards', async () => {
    const { user, secret } = await withTwoFactor();
    const response = await post('/api/security/2fa/disable', user, {
      code: totpCodeAt(secret, h.clock),
      password: user.password,
    });

    expect(response.statusCode).toBe(200);
    expect(json(response)).toEqual({ success: true, message: expect.any(String) });
    const stored = await h.store.users.findById(user.userId);
    expect(stored?.twoFactor).toEqual({ enabled: false, encryptedSecret: null, lastAcceptedStep: null });
    expect((await loginWith(user)).statusCode).toBe(200);
  });

  it('answers 400 INVALID_CURRENT_PASSWORD for a wrong password and stays on', async () => {
    const { user, secret } = await withTwoFactor();
    expectError(
      await post('/api/security/2fa/disable', user, {
        code: totpCodeAt(secret, h.clock),
        password: 'not-the-password',
      }),
      400,
      'INVALID_CURRENT_PASSWORD',
    );
    expect(await twoFactorEnabled(user)).toBe(true);
  });

  it('answers 400 INVALID_TWO_FACTOR_CODE for a wrong or replayed code and stays on', async () => {
    const { user, secret } = await withTwoFactor();
    const code = totpCodeAt(secret, h.clock);
    expect((await loginWith(user, code)).statusCode).toBe(200);
    expectError(
      await post('/api/security/2fa/disable', user, { code, password: user.password }),
      400,
      'INVALID_TWO_FACTOR_CODE',
    );
    expectError(
      await post('/api/security/2fa/disable', user, { code: 'abcdef', password: user.password }),
      400,
      'INVALID_TWO_FACTOR_CODE',
    );
    expect(await twoFactorEnabled(user)).toBe(true);
  });

  it('answers 400 VALIDATION_ERROR when 2FA is off', async () => {
    const user = await register(h.app);
    expectError(
      await post('/api/security/2fa/disable', user, { code: '123456', password: user.password }),
      400,
      'VALIDATION_ERROR',
    );
  });
});
