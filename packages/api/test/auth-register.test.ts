import { createTronChain } from '@trx-shop/chain-tron';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROME_ON_LINUX, expectError, json, newCredentials, register } from './support/http.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let h: TestApp;
beforeAll(async () => {
  h = await createTestApp();
});
afterAll(() => h.close());

const postRegister = (payload: Record<string, unknown>) =>
  h.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    headers: { 'user-agent': CHROME_ON_LINUX },
    payload,
  });

const validBody = () => {
  const credentials = newCredentials();
  return { ...credentials, passwordConfirm: credentials.password };
};

const devnetControl = async <T>(path: string, body: unknown): Promise<T> => {
  const response = await fetch(`${h.devnet.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path} answered ${response.status}`);
  return (await response.json()) as T;
};

describe('POST /api/auth/register', () => {
  it('answers 201 with exactly {message, user:{id, email, username, role, wallet:{address, balance: 0}}}', async () => {
    const body = validBody();
    const response = await postRegister(body);

    expect(response.statusCode).toBe(201);
    const answer = json(response);
    expect(Object.keys(answer).sort()).toEqual(['message', 'user']);
    expect(typeof answer.message).toBe('string');
    const user = answer.user as Record<string, unknown>;
    expect(Object.keys(user).sort()).toEqual(['email', 'id', 'role', 'username', 'wallet']);
    expect(user).toMatchObject({ email: body.email, username: body.username, role: 'user' });
    expect(user.id).toMatch(/^[0-9a-f]{24}$/);
    const wallet = user.wallet as Record<string, unknown>;
    expect(Object.keys(wallet).sort()).toEqual(['address', 'balance']);
    expect(wallet.balance).toBe(0);
    expect(wallet.address).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
  });

  it('stores the user with an argon2id hash, its wallet address and its private key sealed', async () => {
    const body = validBody();
    const response = await postRegister(body);
    const user = json(response).user as { id: string; wallet: { address: string } };

    const stored = await h.store.users.findById(user.id);
    expect(stored).not.toBeNull();
    expect(stored?.passwordHash.startsWith('$argon2id$')).toBe(true);
    expect(stored?.passwordHash).not.toContain(body.password);
    expect(stored?.wallet.address).toBe(user.wallet.address);
    const sealed = stored?.wallet.encryptedPrivateKey ?? '';
    const privateKey = await h.vault.open(sealed, user.id);
    expect(privateKey).toMatch(/^[0-9a-fA-F]{64}$/);
    expect(sealed.toLowerCase()).not.toContain(privateKey.toLowerCase());
    // Registration counts as the first login (docs/decisions.md section 3).
    expect(stored?.lastLogin?.toISOString()).toBe(h.clock.now().toISOString());
    expect(stored?.isActive).toBe(true);
    expect(stored?.role).toBe('user');
  });

  it('creates a custodial wallet whose sealed key really controls the address on the chain', async () => {
    const response = await postRegister(validBody());
    const user = json(response).user as { id: string; wallet: { address: string } };
    const stored = await h.store.users.findById(user.id);
    const privateKey = await h.vault.open(stored?.wallet.encryptedPrivateKey ?? '', user.id);
    // The devnet verifies signatures by recovering the signer: only the address's own key passes.
    await devnetControl('/devnet/fund', { address: user.wallet.address, amountSun: 5_000_000 });
    await devnetControl('/devnet/blocks', { count: 1 });
    const chain = createTronChain({ fullHost: h.devnet.url, timeoutMs: 5000 });
    const recipient = await chain.createWallet();
    const signed = await chain.signTransfer(
      { fromAddress: user.wallet.address, toAddress: recipient.address, amountSun: 1_000_000 },
      privateKey,
    );
    expect(await chain.broadcast(signed.signedTransaction)).toEqual({ kind: 'accepted' });
  });

  it('opens a session for the registering device', async () => {
    const registered = await register(h.app);
    const sessions = await h.store.sessions.listByUser(registered.userId);
    expect(sessions).toHaveLength(1);
    expect(sessions[0]).toMatchObject({
      userId: registered.userId,
      userAgent: CHROME_ON_LINUX,
      device: 'Chrome on Linux',
      ipAddress: '127.0.0.1',
      isActive: true,
    });
    expect(sessions[0]?.createdAt.toISOString()).toBe(h.clock.now().toISOString());
  });

  it('sets the accessToken and refreshToken cookies', async () => {
    const response = await postRegister(validBody());
    const names = ([] as string[])
      .concat(response.headers['set-cookie'] ?? [])
      .map((line) => line.split('=')[0]);
    expect(names.sort()).toEqual(['accessToken', 'refreshToken']);
  });

  it('answers 409 EMAIL_TAKEN for an email already registered, and stores no second user', async () => {
    const first = await register(h.app);
    const again = await postRegister({ ...validBody(), email: first.email });
    expectError(again, 409, 'EMAIL_TAKEN');
    expect(again.headers['set-cookie']).toBeUndefined();
  });

  it('answers 409 EMAIL_TAKEN for an email differing only in case', async () => {
    const first = await register(h.app);
    const again = await postRegister({ ...validBody(), email: first.email.toUpperCase() });
    expectError(again, 409, 'EMAIL_TAKEN');
    expect((await h.store.users.findByEmail(first.email))?.id).toBe(first.userId);
  });

  it('answers 409 USERNAME_TAKEN for a username already in use', async () => {
    const first = await register(h.app);
    const body = validBody();
    expectError(await postRegister({ ...body, username: first.username }), 409, 'USERNAME_TAKEN');
    expect(await h.store.users.findByEmail(body.email)).toBeNull();
  });

  it('answers 409 USERNAME_TAKEN for a username differing only in case', async () => {
    const first = await register(h.app);
    const body = validBody();
    expectError(
      await postRegister({ ...body, username: first.username.toUpperCase() }),
      409,
      'USERNAME_TAKEN',
    );
    expect(await h.store.users.findByEmail(body.email)).toBeNull();
  });

  it.each([
    ['a password of 7 characters', { password: 'seven77', passwordConfirm: 'seven77' }, 'password'],
    ['a confirmation that does not match', { passwordConfirm: 'something-else' }, 'passwordConfirm'],
    ['an invalid email', { email: 'not-an-email' }, 'email'],
    ['an email without a domain dot', { email: 'someone@localhost' }, 'email'],
    ['a username of 2 characters', { username: 'ab' }, 'username'],
  ])('answers 400 VALIDATION_ERROR naming the field for %s', async (_case, override, field) => {
    const body = { ...validBody(), ...override };
    const answer = expectError(await postRegister(body), 400, 'VALIDATION_ERROR');
    expect(answer.details).toEqual(expect.arrayContaining([expect.objectContaining({ field })]));
    if (typeof body.email === 'string') expect(await h.store.users.findByEmail(body.email)).toBeNull();
  });

  it.each(['email', 'username', 'password', 'passwordConfirm'])(
    'answers 400 VALIDATION_ERROR with details when %s is missing',
    async (missing) => {
      const body: Record<string, unknown> = validBody();
      delete body[missing];
      const answer = expectError(await postRegister(body), 400, 'VALIDATION_ERROR');
      expect(answer.details).toEqual([expect.objectContaining({ field: missing })]);
    },
  );

  it('answers 400 VALIDATION_ERROR for an unknown field such as role, and stores nobody', async () => {
    const body = { ...validBody(), role: 'admin' };
    const answer = expectError(await postRegister(body), 400, 'VALIDATION_ERROR');
    expect(answer.details).toEqual([expect.objectContaining({ field: 'role' })]);
    expect(await h.store.users.findByEmail(body.email)).toBeNull();
  });
});
