import { type MailMessage, openLetter } from '@trx-shop/domain';
import { type DevnetControl, devnetControl } from '@trx-shop/test-kit';
import type { RunningDevnet } from '@trx-shop/tron-devnet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createMerchantAdmin,
  createProduct,
  type Merchant,
  payRequest,
  placeOrder,
  registerShopper,
} from '../shop/shop-fixtures.js';
import { expectError, json, type LoggedIn, register } from '../support/http.js';
import { createTestApp, startTestDevnet, type TestApp } from '../support/test-app.js';
import { totpCodeAt } from '../support/totp.js';

/*
 * Issue 49, flow 2 over HTTP: the link mailed at registration confirms the address once, a new
 * link replaces the old, a new email in the profile is confirmed again (and the old address told),
 * and REQUIRE_EMAIL_VERIFICATION holds back paying and withdrawing until it is confirmed.
 */

let node: RunningDevnet;
let h: TestApp;
beforeAll(async () => {
  node = await startTestDevnet();
  h = await createTestApp({ devnet: node });
}, 60_000);
afterAll(async () => {
  await h?.close();
  await node?.stop();
});

const post = (app: TestApp['app'], path: string, payload?: unknown, headers: Record<string, string> = {}) =>
  app.inject({
    method: 'POST',
    url: path,
    ...(payload === undefined ? {} : { payload: payload as object }),
    headers,
  });
const verify = (token: unknown, app = h.app) => post(app, '/api/auth/email/verify', { token });
const resend = (user: LoggedIn, app = h.app) =>
  post(app, '/api/auth/email/resend', undefined, user.jar.header());
const profile = async (user: LoggedIn, app = h.app) =>
  json(await app.inject({ url: '/api/users/profile', headers: user.jar.header() })).user as Record<
    string,
    unknown
  >;

const mailsOf = async (app: TestApp, userId: string, template: string): Promise<MailMessage[]> =>
  (await app.store.mail.listMessages({}, { page: 1, limit: 200 })).items.filter(
    (message) => message.userId === userId && message.template === template,
  );

/** The token of the newest verification mail queued for the user, read from its sealed letter. */
const mailedToken = async (userId: string, app = h): Promise<string> => {
  const [newest] = await mailsOf(app, userId, 'email-verification');
  if (!newest) throw new Error('no verification mail queued');
  const letter = await openLetter(app.vault, newest.id, newest.sealed);
  if (letter.content.template !== 'email-verification') throw new Error('not a verification mail');
  return letter.content.token;
};

describe('POST /api/auth/email/verify', () => {
  it('confirms the address registration mailed a link to, once; the profile shows emailVerified', async () => {
    const user = await register(h.app);
    const [mail, ...more] = await mailsOf(h, user.userId, 'email-verification');
    expect(more).toEqual([]);
    expect(mail).toMatchObject({ status: 'pending', to: user.email });
    expect(await profile(user)).toMatchObject({ emailVerified: false });

    const token = await mailedToken(user.userId);
    const done = await verify(token);
    expect({ status: done.statusCode, body: done.json() }).toEqual({
      status: 200,
      body: { message: 'Email address confirmed' },
    });
    expect(await profile(user)).toMatchObject({ emailVerified: true });
    expect((await h.store.users.findById(user.userId))?.emailVerified).toBe(true);

    expectError(await verify(token), 400, 'INVALID_VERIFICATION_TOKEN');
  });

  it('answers 400 INVALID_VERIFICATION_TOKEN for an unknown token and for one past its 24 hours', async () => {
    expectError(await verify('never-mailed-token'), 400, 'INVALID_VERIFICATION_TOKEN');
    const user = await register(h.app);
    const token = await mailedToken(user.userId);
    h.clock.advance(24 * 60 * 60_000 + 1);
    expectError(await verify(token), 400, 'INVALID_VERIFICATION_TOKEN');
    // The session's access token is long expired too: the stored account says it.
    expect((await h.store.users.findById(user.userId))?.emailVerified).toBe(false);
  });

  it('answers 400 VALIDATION_ERROR for a missing, empty, non-string or oversized token and for extra fields', async () => {
    expectError(await post(h.app, '/api/auth/email/verify', {}), 400, 'VALIDATION_ERROR');
    expectError(await verify(''), 400, 'VALIDATION_ERROR');
    expectError(await verify(42), 400, 'VALIDATION_ERROR');
    expectError(await verify('x'.repeat(257)), 400, 'VALIDATION_ERROR');
    expectError(
      await post(h.app, '/api/auth/email/verify', { token: 'abc', userId: 'x' }),
      400,
      'VALIDATION_ERROR',
    );
  });
});

describe('POST /api/auth/email/resend', () => {
  it('mails a new link that works while the older one stops working', async () => {
    const user = await register(h.app);
    const older = await mailedToken(user.userId);
    const resent = await resend(user);
    expect({ status: resent.statusCode, body: resent.json() }).toEqual({
      status: 200,
      body: { message: 'A new confirmation link is on its way', sent: true },
    });
    expect(await mailsOf(h, user.userId, 'email-verification')).toHaveLength(2);
    const newer = await mailedToken(user.userId);

    expectError(await verify(older), 400, 'INVALID_VERIFICATION_TOKEN');
    expect((await verify(newer)).statusCode).toBe(200);
    expect(await profile(user)).toMatchObject({ emailVerified: true });
  });

  it('answers 200 with sent false and mails nothing once the address is confirmed', async () => {
    const user = await register(h.app);
    expect((await verify(await mailedToken(user.userId))).statusCode).toBe(200);
    const resent = await resend(user);
    expect({ status: resent.statusCode, body: resent.json() }).toEqual({
      status: 200,
      body: { message: 'This email address is confirmed already', sent: false },
    });
    expect(await mailsOf(h, user.userId, 'email-verification')).toHaveLength(1);
  });

  it('answers 401 UNAUTHENTICATED without a session', async () => {
    expectError(await post(h.app, '/api/auth/email/resend'), 401, 'UNAUTHENTICATED');
  });

  it('answers 429 RATE_LIMITED on the fourth ask of one account within the hour', async () => {
    const user = await register(h.app);
    for (let asked = 0; asked < 3; asked += 1) expect((await resend(user)).statusCode).toBe(200);
    expectError(await resend(user), 429, 'RATE_LIMITED');
    // Registration's link and the three asked for: the refused ask mailed nothing.
    expect(await mailsOf(h, user.userId, 'email-verification')).toHaveLength(4);
  });
});

describe('PUT /api/users/profile with a new email', () => {
  const put = (user: LoggedIn, payload: unknown, method: 'PUT' | 'PATCH' = 'PUT') =>
    h.app.inject({
      method,
      url: '/api/users/profile',
      headers: user.jar.header(),
      payload: payload as object,
    });

  /** A shopper whose registration link was followed: confirmed, with that one verification mail. */
  const confirmedShopper = async (): Promise<LoggedIn> => {
    const user = await register(h.app);
    expect((await verify(await mailedToken(user.userId))).statusCode).toBe(200);
    return user;
  };

  it.each(['PUT', 'PATCH'] as const)(
    '%s with the current password makes the address unconfirmed, mails a link to the new one and a notice to the old one',
    async (method) => {
      const user = await confirmedShopper();
      const newEmail = `moved-${method.toLowerCase()}-${user.username}@example.com`;

      const answer = await put(user, { email: newEmail, currentPassword: user.password }, method);
      expect(answer.statusCode, answer.body).toBe(200);
      expect(json(answer).user as Record<string, unknown>).toMatchObject({
        email: newEmail,
        emailVerified: false,
      });
      const [link, registrationLink] = await mailsOf(h, user.userId, 'email-verification');
      const [notice, ...more] = await mailsOf(h, user.userId, 'email-changed');
      expect(link).toMatchObject({ to: newEmail, status: 'pending' });
      expect(registrationLink).toMatchObject({ to: user.email });
      expect(notice).toMatchObject({ to: user.email, status: 'pending' });
      expect(more).toEqual([]);
    },
  );

  it.each([
    ['without currentPassword', {}],
    ['with an empty currentPassword', { currentPassword: '' }],
    ['with a wrong currentPassword', { currentPassword: 'not-the-password' }],
  ])('answers 400 INVALID_CURRENT_PASSWORD %s, writes nothing and mails nothing', async (_case, password) => {
    const user = await confirmedShopper();
    const before = await h.store.users.findById(user.userId);
    const newEmail = `stolen-${user.username}@example.com`;

    expectError(
      await put(user, { email: newEmail, username: `${user.username}_x`, ...password }),
      400,
      'INVALID_CURRENT_PASSWORD',
    );
    expect(await h.store.users.findById(user.userId)).toEqual(before);
    expect(await profile(user)).toMatchObject({ email: user.email, emailVerified: true });
    expect(await mailsOf(h, user.userId, 'email-changed')).toEqual([]);
    expect((await mailsOf(h, user.userId, 'email-verification')).map((mail) => mail.to)).toEqual([
      user.email,
    ]);
    // A link was never made for the new address: nothing can confirm it.
    expect(await h.store.users.findByEmail(newEmail)).toBeNull();
  });

  it('checks the password before the address, so a wrong one cannot tell whether an address is taken', async () => {
    const other = await register(h.app);
    const user = await confirmedShopper();
    expectError(
      await put(user, { email: other.email, currentPassword: 'not-the-password' }),
      400,
      'INVALID_CURRENT_PASSWORD',
    );
  });

  it('needs no currentPassword for the rest of the profile or the same address in another case', async () => {
    const user = await confirmedShopper();
    const answer = await put(user, { email: user.email.toUpperCase(), username: `${user.username}_y` });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(await profile(user)).toMatchObject({
      email: user.email,
      emailVerified: true,
      username: `${user.username}_y`,
    });
  });

  it('with 2FA on, the password alone moves the address (as a password change needs no code)', async () => {
    const user = await confirmedShopper();
    const enabled = await post(
      h.app,
      '/api/security/2fa/enable',
      { password: user.password },
      user.jar.header(),
    );
    const { secret } = json(enabled) as { secret: string };
    const code = totpCodeAt(secret, h.clock);
    expect((await post(h.app, '/api/security/2fa/verify', { code }, user.jar.header())).statusCode).toBe(200);
    expect((await h.store.users.findById(user.userId))?.twoFactor.enabled).toBe(true);

    const newEmail = `moved-2fa-${user.username}@example.com`;
    const answer = await put(user, { email: newEmail, currentPassword: user.password });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(await profile(user)).toMatchObject({ email: newEmail, emailVerified: false });
  });

  it('answers 400 VALIDATION_ERROR naming currentPassword when it is not a string or too long', async () => {
    const user = await confirmedShopper();
    for (const currentPassword of [42, null, 'x'.repeat(1025)]) {
      const answer = expectError(
        await put(user, { email: `typed-${user.username}@example.com`, currentPassword }),
        400,
        'VALIDATION_ERROR',
      );
      expect(answer.details).toEqual([expect.objectContaining({ field: 'currentPassword' })]);
    }
    expect(await profile(user)).toMatchObject({ email: user.email });
  });

  it('answers 401 UNAUTHENTICATED without a session, even with a password', async () => {
    const user = await confirmedShopper();
    expectError(
      await h.app.inject({
        method: 'PUT',
        url: '/api/users/profile',
        payload: { email: `anonymous-${user.username}@example.com`, currentPassword: user.password },
      }),
      401,
      'UNAUTHENTICATED',
    );
    expect(await profile(user)).toMatchObject({ email: user.email });
  });

  it('a followed link confirms the new address', async () => {
    const user = await confirmedShopper();
    const newEmail = `moved-${user.username}@example.com`;

    const answer = await put(user, { email: newEmail, currentPassword: user.password });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(await profile(user)).toMatchObject({ email: newEmail, emailVerified: false });

    expect((await verify(await mailedToken(user.userId))).statusCode).toBe(200);
    expect(await profile(user)).toMatchObject({ email: newEmail, emailVerified: true });
  });

  it('answers 409 EMAIL_TAKEN for another account’s address in any case, and 400 for a malformed one', async () => {
    const other = await register(h.app);
    const user = await register(h.app);
    const currentPassword = user.password;
    expectError(await put(user, { email: other.email.toUpperCase(), currentPassword }), 409, 'EMAIL_TAKEN');
    expectError(await put(user, { email: 'not-an-address', currentPassword }), 400, 'VALIDATION_ERROR');
    expectError(await put(user, { email: 42, currentPassword }), 400, 'VALIDATION_ERROR');
    expect(await profile(user)).toMatchObject({ email: user.email });
    expect(await mailsOf(h, user.userId, 'email-changed')).toEqual([]);
  });
});

describe('REQUIRE_EMAIL_VERIFICATION', () => {
  let devnet: DevnetControl;
  beforeAll(() => {
    devnet = devnetControl(node.url);
  });

  /** A funded, unconfirmed shopper with a pending order, on an app with the rule on or off. */
  const scene = async (app: TestApp, merchant: Merchant) => {
    const shopper = await registerShopper(app);
    await devnet.fundSolid(shopper.address, 50_000_000);
    const productId = await createProduct(app, merchant.admin, { price: 1, stock: 10 });
    const order = await placeOrder(app, shopper, [{ productId, quantity: 1 }]);
    return { shopper, order };
  };
  const send = (app: TestApp, user: LoggedIn, toAddress: string) =>
    app.app.inject({
      method: 'POST',
      url: '/api/wallets/send',
      headers: user.jar.header(),
      payload: { toAddress, amount: 1 },
    });

  it('on: paying and withdrawing answer 403 EMAIL_NOT_VERIFIED until the address is confirmed', async () => {
    const strict = await createTestApp({ devnet: node, requireEmailVerification: true });
    try {
      const merchant = await createMerchantAdmin(strict);
      await devnet.fund(merchant.address, 10_000_000);
      const { shopper, order } = await scene(strict, merchant);
      const recipient = (await strict.chain.createWallet()).address;

      expectError(await payRequest(strict, shopper, order._id), 403, 'EMAIL_NOT_VERIFIED');
      expectError(await send(strict, shopper, recipient), 403, 'EMAIL_NOT_VERIFIED');
      expect((await strict.store.orders.findById(order._id))?.payment ?? null).toBeNull();

      expect((await verify(await mailedToken(shopper.userId, strict), strict.app)).statusCode).toBe(200);
      const paid = await payRequest(strict, shopper, order._id);
      expect(paid.statusCode, paid.body).toBe(200);
      const sent = await send(strict, shopper, recipient);
      expect(sent.statusCode, sent.body).toBe(200);
    } finally {
      await strict.close();
    }
  });

  it('off (the default): an unconfirmed shopper pays and withdraws', async () => {
    const merchant = await createMerchantAdmin(h);
    await devnet.fund(merchant.address, 10_000_000);
    const { shopper, order } = await scene(h, merchant);
    expect(await profile(shopper)).toMatchObject({ emailVerified: false });
    const paid = await payRequest(h, shopper, order._id);
    expect(paid.statusCode, paid.body).toBe(200);
    const sent = await send(h, shopper, (await h.chain.createWallet()).address);
    expect(sent.statusCode, sent.body).toBe(200);
  });
});
