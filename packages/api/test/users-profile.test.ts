import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from './support/cookies.js';
import { expectError, json, register } from './support/http.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let h: TestApp;
beforeAll(async () => {
  h = await createTestApp();
});
afterAll(() => h.close());

const USER_FIELDS = [
  '_id',
  'country',
  'createdAt',
  'email',
  'emailVerified',
  'isActive',
  'lastLogin',
  'phone',
  'role',
  'twoFactorEnabled',
  'updatedAt',
  'username',
  'wallet',
];

describe('GET /api/users/profile', () => {
  it('answers {success, user} with every user field but the password and the private key', async () => {
    const user = await register(h.app);
    const response = await h.app.inject({ url: '/api/users/profile', headers: user.jar.header() });

    expect(response.statusCode).toBe(200);
    const stored = await h.store.users.findById(user.userId);
    expect(json(response)).toEqual({
      success: true,
      user: {
        _id: user.userId,
        email: user.email,
        username: user.username,
        role: 'user',
        wallet: { address: stored?.wallet.address, externalAddress: null },
        phone: null,
        country: null,
        twoFactorEnabled: false,
        isActive: true,
        // A new shopper's address is unconfirmed until the mailed link is followed.
        emailVerified: false,
        lastLogin: stored?.lastLogin?.toISOString(),
        createdAt: stored?.createdAt.toISOString(),
        updatedAt: stored?.updatedAt.toISOString(),
      },
    });
    expect(Object.keys(json(response).user as object).sort()).toEqual(USER_FIELDS);
  });

  it('works with the Bearer header', async () => {
    const user = await register(h.app);
    const response = await h.app.inject({ url: '/api/users/profile', headers: bearer(user.accessToken) });
    expect(response.statusCode).toBe(200);
  });

  it('answers 401 UNAUTHENTICATED without a token', async () => {
    expectError(await h.app.inject({ url: '/api/users/profile' }), 401, 'UNAUTHENTICATED');
  });
});

describe('PUT and PATCH /api/users/profile', () => {
  it.each(['PUT', 'PATCH'] as const)(
    '%s updates username, phone and country and answers {success, message, user}',
    async (method) => {
      const user = await register(h.app);
      const later = h.clock.advance(60_000);
      const username = `${user.username}_new`;
      const response = await h.app.inject({
        method,
        url: '/api/users/profile',
        headers: user.jar.header(),
        payload: { username, phone: '+49 30 1234567', country: 'DE' },
      });

      expect(response.statusCode).toBe(200);
      const answer = json(response);
      expect(Object.keys(answer).sort()).toEqual(['message', 'success', 'user']);
      expect(answer.success).toBe(true);
      expect(answer.user).toMatchObject({
        _id: user.userId,
        username,
        phone: '+49 30 1234567',
        country: 'DE',
      });
      expect((answer.user as { updatedAt: string }).updatedAt).toBe(later.toISOString());
      const stored = await h.store.users.findById(user.userId);
      expect(stored).toMatchObject({ username, phone: '+49 30 1234567', country: 'DE' });
    },
  );

  it('leaves fields that are not sent unchanged', async () => {
    const user = await register(h.app);
    await h.app.inject({
      method: 'PUT',
      url: '/api/users/profile',
      headers: user.jar.header(),
      payload: { country: 'FR' },
    });
    const response = await h.app.inject({
      method: 'PUT',
      url: '/api/users/profile',
      headers: user.jar.header(),
      payload: { phone: '+33 1 23 45 67 89' },
    });
    expect(json(response).user).toMatchObject({
      username: user.username,
      country: 'FR',
      phone: '+33 1 23 45 67 89',
    });
  });

  it('answers 409 USERNAME_TAKEN "Username already exists" for another user’s username, in any case', async () => {
    const taken = await register(h.app);
    const user = await register(h.app);
    for (const username of [taken.username, taken.username.toUpperCase()]) {
      const answer = expectError(
        await h.app.inject({
          method: 'PUT',
          url: '/api/users/profile',
          headers: user.jar.header(),
          payload: { username },
        }),
        409,
        'USERNAME_TAKEN',
      );
      expect(answer.error).toBe('Username already exists');
    }
    expect((await h.store.users.findById(user.userId))?.username).toBe(user.username);
  });

  it.each([
    ['a username of 2 characters', { username: 'ab' }, 'username'],
    ['a country that is not a two-letter code', { country: 'Germany' }, 'country'],
    ['a role (never writable)', { role: 'admin' }, 'role'],
    ['an unknown field', { nickname: 'x' }, 'nickname'],
  ])(
    'answers 400 VALIDATION_ERROR with details for %s and changes nothing',
    async (_case, payload, field) => {
      const user = await register(h.app);
      const answer = expectError(
        await h.app.inject({ method: 'PUT', url: '/api/users/profile', headers: user.jar.header(), payload }),
        400,
        'VALIDATION_ERROR',
      );
      const details = answer.details as { field: string }[];
      expect(details.length).toBeGreaterThan(0);
      expect(details.every((detail) => detail.field === field)).toBe(true);
      const stored = await h.store.users.findById(user.userId);
      expect(stored).toMatchObject({ username: user.username, role: 'user', country: null });
    },
  );

  it('answers 401 UNAUTHENTICATED without a token', async () => {
    expectError(
      await h.app.inject({ method: 'PUT', url: '/api/users/profile', payload: { country: 'DE' } }),
      401,
      'UNAUTHENTICATED',
    );
  });

  it('shares the strict per-address limit of the password change, since it checks the current password', async () => {
    // AUTH_RATE_LIMIT_MAX 1: ten requests a minute from one address to the strict routes.
    const limited = await createTestApp({ devnet: h.devnet, authRateLimitMax: 1 });
    try {
      const user = await register(limited.app);
      const statuses: number[] = [];
      for (let change = 0; change < 9; change += 1) {
        const response = await limited.app.inject({
          method: 'PUT',
          url: '/api/users/profile',
          headers: user.jar.header(),
          payload: { email: `guess-${change}-${user.email}`, currentPassword: `guess-${change}` },
        });
        statuses.push(response.statusCode);
      }
      // Registering was the first strict request: nine guesses are answered, the tenth refused even with the right password.
      expect(statuses).toEqual(Array(9).fill(400));
      expectError(
        await limited.app.inject({
          method: 'PUT',
          url: '/api/users/profile',
          headers: user.jar.header(),
          payload: { email: `last-${user.email}`, currentPassword: user.password },
        }),
        429,
        'RATE_LIMITED',
      );
    } finally {
      await limited.close();
    }
  });
});

describe('POST /api/users/wallet/connect (and the alias /api/users/connect-wallet)', () => {
  it.each(['/api/users/wallet/connect', '/api/users/connect-wallet'])(
    '%s stores the external address and never touches the custodial wallet',
    async (url) => {
      const user = await register(h.app);
      const before = await h.store.users.findById(user.userId);
      const external = await h.chain.createWallet();
      const response = await h.app.inject({
        method: 'POST',
        url,
        headers: user.jar.header(),
        payload: { walletAddress: external.address },
      });

      expect(response.statusCode).toBe(200);
      expect(json(response)).toEqual({ success: true, message: expect.any(String) });
      const after = await h.store.users.findById(user.userId);
      expect(after?.wallet).toEqual({
        address: before?.wallet.address,
        encryptedPrivateKey: before?.wallet.encryptedPrivateKey,
        externalAddress: external.address,
      });
      const profile = await h.app.inject({ url: '/api/users/profile', headers: user.jar.header() });
      expect((json(profile).user as { wallet: unknown }).wallet).toEqual({
        address: before?.wallet.address,
        externalAddress: external.address,
      });
    },
  );

  it('answers 400 INVALID_ADDRESS for something that is not a TRON address', async () => {
    const user = await register(h.app);
    for (const walletAddress of [
      '0x52908400098527886E0F7030069857D2E4169EE7',
      'TNotAnAddress',
      `T${'1'.repeat(33)}`,
    ]) {
      expectError(
        await h.app.inject({
          method: 'POST',
          url: '/api/users/wallet/connect',
          headers: user.jar.header(),
          payload: { walletAddress },
        }),
        400,
        'INVALID_ADDRESS',
      );
    }
    expect((await h.store.users.findById(user.userId))?.wallet.externalAddress).toBeNull();
  });

  it('answers 400 VALIDATION_ERROR when walletAddress is missing', async () => {
    const user = await register(h.app);
    const answer = expectError(
      await h.app.inject({
        method: 'POST',
        url: '/api/users/wallet/connect',
        headers: user.jar.header(),
        payload: {},
      }),
      400,
      'VALIDATION_ERROR',
    );
    expect(answer.details).toEqual([expect.objectContaining({ field: 'walletAddress' })]);
  });

  it('answers 401 UNAUTHENTICATED without a token', async () => {
    const external = await h.chain.createWallet();
    expectError(
      await h.app.inject({
        method: 'POST',
        url: '/api/users/wallet/connect',
        payload: { walletAddress: external.address },
      }),
      401,
      'UNAUTHENTICATED',
    );
  });
});
