import {
  createOrder,
  type MailMessage,
  openLetter,
  payOrder,
  registerUser,
  resendEmailVerification,
  type TotpPort,
  updateProfile,
  verifyEmail,
  withdraw,
} from '@trx-shop/domain';
import { describe, expect, it } from 'vitest';
import { createAccountMailWorld, plainHasher } from '../support/account-mail-world.js';
import { createDomainWorld, TRX } from '../support/domain-world.js';

/*
 * Issue 49, flow 2: a shopper confirms their address with a mailed, single-use, 24-hour token;
 * a new address is confirmed again and the old one told; REQUIRE_EMAIL_VERIFICATION holds back
 * paying and withdrawing until it is confirmed.
 */

const HOUR = 60 * 60_000;
const CLIENT = { userAgent: 'test', ipAddress: '198.51.100.4' };
const unusedTotp: TotpPort = {
  newSecret: () => 'SECRET',
  keyUri: () => 'otpauth://totp/none',
  matchingStep: () => null,
};

type World = ReturnType<typeof createAccountMailWorld>;

const queued = async (world: World, template: string): Promise<MailMessage[]> =>
  (await world.store.mail.listMessages({}, { page: 1, limit: 100 })).items.filter(
    (message) => message.template === template,
  );

/** The token a queued verification mail carries, read from its sealed letter as the dispatcher would. */
const tokenOf = async (world: World, message: MailMessage | undefined): Promise<string> => {
  if (!message) throw new Error('no verification mail queued');
  const letter = await openLetter(world.deps.vault, message.id, message.sealed);
  if (letter.content.template !== 'email-verification') throw new Error(letter.content.template);
  return letter.content.token;
};

const newestToken = async (world: World, userId: string): Promise<string> => {
  const mails = (await queued(world, 'email-verification')).filter((message) => message.userId === userId);
  // Listed newest first.
  return tokenOf(world, mails[0]);
};

/** An unconfirmed shopper with one verification link mailed (as registration leaves them). */
const unconfirmed = async (world: World) => {
  const user = await world.account({ emailVerified: false });
  const sent = await resendEmailVerification(world.deps, user.id);
  expect(sent).toEqual({ ok: true, value: { sent: true } });
  return { user, token: await newestToken(world, user.id) };
};

const verified = async (world: World, userId: string) =>
  (await world.store.users.findById(userId))?.emailVerified;

describe('registering mails a link to confirm the address', () => {
  it('leaves the new shopper unconfirmed and queues one verification mail whose token is stored hashed', async () => {
    const world = createAccountMailWorld();
    const registered = await registerUser(
      {
        ...world.deps,
        chain: world.chain,
        totp: unusedTotp,
        logger: { debug() {}, info() {}, warn() {}, error() {} },
        passwords: plainHasher,
      },
      {
        email: 'Ann@Example.com',
        username: 'ann',
        password: 'long password',
        passwordConfirm: 'long password',
      },
      CLIENT,
    );
    if (!registered.ok) throw new Error(registered.error.code);
    const user = registered.value.user;
    expect(await verified(world, user.id)).toBe(false);

    const [mail, ...more] = await queued(world, 'email-verification');
    expect(more).toEqual([]);
    expect(mail).toMatchObject({ userId: user.id, to: 'Ann@Example.com', status: 'pending' });
    const token = await tokenOf(world, mail);
    const stored = await world.store.accountTokens.findByUser(user.id, 'email-verification');
    expect(stored?.tokenHash).toBe(world.deps.tokens.hash(token));
    expect(stored?.expiresAt).toEqual(new Date(world.deps.clock.now().getTime() + 24 * HOUR));
    expect(mail?.sourceId).toBe(stored?.id);
  });
});

describe('verifyEmail', () => {
  it('confirms the address once; the same token again answers INVALID_VERIFICATION_TOKEN', async () => {
    const world = createAccountMailWorld();
    const { user, token } = await unconfirmed(world);
    expect(await verified(world, user.id)).toBe(false);

    const done = await verifyEmail(world.deps, token);
    expect(done.ok && done.value.emailVerified).toBe(true);
    expect(await verified(world, user.id)).toBe(true);

    const again = await verifyEmail(world.deps, token);
    expect(again.ok ? null : again.error.code).toBe('INVALID_VERIFICATION_TOKEN');
  });

  it('refuses an expired token, an unknown one and one replaced by a newer link', async () => {
    const world = createAccountMailWorld();
    const { user, token: first } = await unconfirmed(world);
    await resendEmailVerification(world.deps, user.id);
    const second = await newestToken(world, user.id);
    expect(second).not.toBe(first);

    const replaced = await verifyEmail(world.deps, first);
    expect(replaced.ok ? null : replaced.error.code).toBe('INVALID_VERIFICATION_TOKEN');
    const unknown = await verifyEmail(world.deps, 'never-mailed');
    expect(unknown.ok ? null : unknown.error.code).toBe('INVALID_VERIFICATION_TOKEN');

    world.advance(24 * HOUR + 1);
    const expired = await verifyEmail(world.deps, second);
    expect(expired.ok ? null : expired.error.code).toBe('INVALID_VERIFICATION_TOKEN');
    expect(await verified(world, user.id)).toBe(false);
  });

  it('refuses a link mailed to an address the account no longer has, and one of a blocked account', async () => {
    const world = createAccountMailWorld();
    const { user, token } = await unconfirmed(world);
    await world.store.users.changeEmail(user.id, 'elsewhere@example.com', world.deps.clock.now());
    const moved = await verifyEmail(world.deps, token);
    expect(moved.ok ? null : moved.error.code).toBe('INVALID_VERIFICATION_TOKEN');
    expect(await verified(world, user.id)).toBe(false);

    const other = await unconfirmed(world);
    await world.store.users.setActive(other.user.id, false, world.deps.clock.now());
    const blocked = await verifyEmail(world.deps, other.token);
    expect(blocked.ok ? null : blocked.error.code).toBe('INVALID_VERIFICATION_TOKEN');
    expect(await verified(world, other.user.id)).toBe(false);
  });
});

describe('resendEmailVerification', () => {
  it('mails nothing to a confirmed address', async () => {
    const world = createAccountMailWorld();
    const user = await world.account({ emailVerified: true });
    expect(await resendEmailVerification(world.deps, user.id)).toEqual({ ok: true, value: { sent: false } });
    expect(await queued(world, 'email-verification')).toEqual([]);
    expect(await world.store.accountTokens.findByUser(user.id, 'email-verification')).toBeNull();
  });

  it('refuses a fourth link within the hour with RATE_LIMITED, then allows one again', async () => {
    const world = createAccountMailWorld();
    const user = await world.account({ emailVerified: false });
    for (let asked = 0; asked < 3; asked += 1) {
      expect((await resendEmailVerification(world.deps, user.id)).ok).toBe(true);
    }
    const refused = await resendEmailVerification(world.deps, user.id);
    expect(refused.ok ? null : refused.error.code).toBe('RATE_LIMITED');
    expect(await queued(world, 'email-verification')).toHaveLength(3);
    world.advance(HOUR);
    expect(await resendEmailVerification(world.deps, user.id)).toEqual({ ok: true, value: { sent: true } });
  });
});

describe('changing the email in the profile', () => {
  const PASSWORD = 'the owner’s password';
  /** plainHasher's hash of PASSWORD: the account signs in with it. */
  const OWNED = { passwordHash: `hashed:${PASSWORD}` };

  it('makes the account unconfirmed, mails a link to the new address and a notice to the old one', async () => {
    const world = createAccountMailWorld();
    const user = await world.account({ email: 'old@example.com', emailVerified: true, ...OWNED });

    const changed = await updateProfile(world.deps, user.id, {
      email: 'new@example.com',
      phone: '+1 555 0100',
      currentPassword: PASSWORD,
    });
    expect(changed.ok && changed.value).toMatchObject({
      email: 'new@example.com',
      emailVerified: false,
      phone: '+1 555 0100',
    });
    const [link] = await queued(world, 'email-verification');
    const [notice] = await queued(world, 'email-changed');
    expect(link).toMatchObject({ userId: user.id, to: 'new@example.com' });
    expect(notice).toMatchObject({ userId: user.id, to: 'old@example.com' });
    expect(notice?.id).not.toBe(link?.id);
    const letter = await openLetter(world.deps.vault, notice?.id ?? '', notice?.sealed ?? '');
    expect(letter.content).toMatchObject({ template: 'email-changed', newEmail: 'new@example.com' });

    const done = await verifyEmail(world.deps, await tokenOf(world, link));
    expect(done.ok).toBe(true);
    expect(await verified(world, user.id)).toBe(true);
  });

  it.each([
    ['without the current password', {}, 'Enter your current password to change the email address'],
    [
      'with an empty current password',
      { currentPassword: '' },
      'Enter your current password to change the email address',
    ],
    ['with a wrong current password', { currentPassword: 'a guess' }, 'Current password is incorrect'],
  ])(
    'answers INVALID_CURRENT_PASSWORD %s, changing nothing and mailing nothing',
    async (_case, password, message) => {
      const world = createAccountMailWorld();
      const user = await world.account({
        email: 'mine@example.com',
        username: 'mine',
        emailVerified: true,
        ...OWNED,
      });
      const refused = await updateProfile(world.deps, user.id, {
        email: 'moved@example.com',
        username: 'renamed',
        ...password,
      });
      expect(refused.ok ? null : { code: refused.error.code, message: refused.error.message }).toEqual({
        code: 'INVALID_CURRENT_PASSWORD',
        message,
      });
      expect(await world.store.users.findById(user.id)).toMatchObject({
        email: 'mine@example.com',
        emailVerified: true,
        username: 'mine',
      });
      expect((await world.store.mail.listMessages({}, { page: 1, limit: 10 })).items).toEqual([]);
    },
  );

  it('checks the password before the address, so a wrong one cannot tell which addresses are taken', async () => {
    const world = createAccountMailWorld();
    await world.account({ email: 'taken@example.com' });
    const user = await world.account({ email: 'mine@example.com', username: 'mine', ...OWNED });
    const refused = await updateProfile(world.deps, user.id, {
      email: 'taken@example.com',
      currentPassword: 'a guess',
    });
    expect(refused.ok ? null : refused.error.code).toBe('INVALID_CURRENT_PASSWORD');
  });

  it('needs no password for the rest of the profile, nor for the same address in another case', async () => {
    const world = createAccountMailWorld();
    const user = await world.account({ email: 'same@example.com', username: 'same', ...OWNED });
    const changed = await updateProfile(world.deps, user.id, {
      email: 'Same@Example.com',
      username: 'renamed',
    });
    expect(changed.ok && changed.value).toMatchObject({ email: 'same@example.com', username: 'renamed' });
  });

  it('answers EMAIL_TAKEN for an address another account has, changing nothing and mailing nothing', async () => {
    const world = createAccountMailWorld();
    await world.account({ email: 'taken@example.com' });
    const user = await world.account({ email: 'mine@example.com', username: 'mine', ...OWNED });
    const refused = await updateProfile(world.deps, user.id, {
      email: 'TAKEN@example.com',
      username: 'renamed',
      currentPassword: PASSWORD,
    });
    expect(refused.ok ? null : refused.error.code).toBe('EMAIL_TAKEN');
    expect(await world.store.users.findById(user.id)).toMatchObject({
      email: 'mine@example.com',
      username: 'mine',
    });
    expect((await world.store.mail.listMessages({}, { page: 1, limit: 10 })).items).toEqual([]);
  });

  it('keeps the address confirmed when it is sent again in another case', async () => {
    const world = createAccountMailWorld();
    const user = await world.account({ email: 'same@example.com', emailVerified: true });
    const kept = await updateProfile(world.deps, user.id, { email: 'SAME@example.com' });
    expect(kept.ok && kept.value).toMatchObject({ email: 'same@example.com', emailVerified: true });
    expect((await world.store.mail.listMessages({}, { page: 1, limit: 10 })).items).toEqual([]);
  });

  it('refuses a malformed address with VALIDATION_ERROR', async () => {
    const world = createAccountMailWorld();
    const user = await world.account();
    const refused = await updateProfile(world.deps, user.id, { email: 'not-an-address' });
    expect(refused.ok ? null : refused.error.code).toBe('VALIDATION_ERROR');
  });
});

describe('REQUIRE_EMAIL_VERIFICATION', () => {
  const scene = async (requireEmailVerification: boolean) => {
    const world = createDomainWorld();
    await world.merchant();
    const buyer = await world.walletUser(100, { emailVerified: false });
    const product = await world.product({ stock: 5, priceSun: 5 * TRX });
    const order = await createOrder(world.deps, buyer.id, [{ productId: product.id, quantity: 1 }]);
    if (!order.ok) throw new Error(order.error.code);
    const recipient = (await world.chain.createWallet()).address;
    const deps = { ...world.deps, requireEmailVerification, totp: unusedTotp };
    return { world, buyer, order: order.value, recipient, deps };
  };
  const withdrawal = (toAddress: string) => ({
    toAddress,
    amount: 1,
    twoFactorCode: null,
    idempotencyKey: null,
  });

  it('on: refuses paying and withdrawing from an unconfirmed account with EMAIL_NOT_VERIFIED, sending nothing', async () => {
    const { world, buyer, order, recipient, deps } = await scene(true);
    const paid = await payOrder(deps, buyer.id, order.id);
    expect(paid.ok ? null : paid.error.code).toBe('EMAIL_NOT_VERIFIED');
    const sent = await withdraw(deps, buyer, withdrawal(recipient));
    expect(sent.ok ? null : sent.error.code).toBe('EMAIL_NOT_VERIFIED');
    expect(await world.store.walletReservations.reservedSun(buyer.wallet.address ?? '')).toBe(0);
    expect((await world.store.orders.findById(order.id))?.payment).toBeFalsy();
  });

  it('on: lets a confirmed account pay; off: lets an unconfirmed one pay and withdraw', async () => {
    const on = await scene(true);
    await on.world.store.users.markEmailVerified(on.buyer.id, on.buyer.email, on.world.deps.clock.now());
    expect((await payOrder(on.deps, on.buyer.id, on.order.id)).ok).toBe(true);

    const off = await scene(false);
    expect((await payOrder(off.deps, off.buyer.id, off.order.id)).ok).toBe(true);
    expect((await withdraw(off.deps, off.buyer, withdrawal(off.recipient))).ok).toBe(true);
  });
});
