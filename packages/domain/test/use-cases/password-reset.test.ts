import { type MailMessage, openLetter, requestPasswordReset, resetPassword } from '@trx-shop/domain';
import { describe, expect, it } from 'vitest';
import { createAccountMailWorld } from '../support/account-mail-world.js';

const CLIENT = { userAgent: 'test', ipAddress: '198.51.100.4' };
const PASSWORD = 'a new long password';
const MINUTE = 60_000;

const queued = async (world: ReturnType<typeof createAccountMailWorld>): Promise<MailMessage[]> => [
  ...(await world.store.mail.listMessages({}, { page: 1, limit: 100 })).items,
];

/** The token a queued reset mail carries, read from its sealed letter as the dispatcher would. */
const tokenMailed = async (world: ReturnType<typeof createAccountMailWorld>, message: MailMessage) => {
  const letter = await openLetter(world.deps.vault, message.id, message.sealed);
  if (letter.content.template !== 'password-reset')
    throw new Error(`not a reset mail: ${letter.content.template}`);
  return letter.content;
};

const resetWith = (world: ReturnType<typeof createAccountMailWorld>, token: string, password = PASSWORD) =>
  resetPassword(world.deps, { token, password, passwordConfirm: password }, CLIENT);

describe('requesting a password reset', () => {
  it('queues one reset mail to an active account, its token stored only as a hash, valid 30 minutes', async () => {
    const world = createAccountMailWorld();
    const user = await world.account();
    const asked = await requestPasswordReset(world.deps, user.email.toUpperCase());
    expect(asked.ok).toBe(true);

    const [message, ...more] = await queued(world);
    expect(more).toEqual([]);
    expect(message).toMatchObject({ template: 'password-reset', userId: user.id, to: user.email });
    const content = await tokenMailed(world, message as MailMessage);
    const now = world.deps.clock.now();
    expect(content.expiresAt).toEqual(new Date(now.getTime() + 30 * MINUTE));
    const stored = await world.store.accountTokens.findByUser(user.id, 'password-reset');
    expect(stored?.tokenHash).toBe(world.deps.tokens.hash(content.token));
    expect(stored?.tokenHash).not.toBe(content.token);
    expect(message?.sourceId).toBe(stored?.id);
  });

  it('answers an unknown and a blocked address the same, storing no token and queuing no mail', async () => {
    const world = createAccountMailWorld();
    const blocked = await world.account({ isActive: false });
    expect(await requestPasswordReset(world.deps, 'nobody@example.com')).toEqual({
      ok: true,
      value: undefined,
    });
    expect(await requestPasswordReset(world.deps, blocked.email)).toEqual({ ok: true, value: undefined });
    expect(await queued(world)).toEqual([]);
    expect(await world.store.accountTokens.findByUser(blocked.id, 'password-reset')).toBeNull();
  });

  it('refuses a fourth request for one address within the hour, known or not, then allows it again', async () => {
    const world = createAccountMailWorld();
    const user = await world.account();
    for (const email of [user.email, 'nobody@example.com']) {
      for (let index = 0; index < 3; index += 1) {
        expect((await requestPasswordReset(world.deps, email)).ok).toBe(true);
      }
      const refused = await requestPasswordReset(world.deps, email.toUpperCase());
      expect(refused.ok ? null : refused.error.code).toBe('RATE_LIMITED');
    }
    expect(await queued(world)).toHaveLength(3);
    world.advance(60 * MINUTE);
    expect((await requestPasswordReset(world.deps, user.email)).ok).toBe(true);
  });

  it('refuses a malformed address with VALIDATION_ERROR', async () => {
    const world = createAccountMailWorld();
    const refused = await requestPasswordReset(world.deps, 'not-an-address');
    expect(refused.ok ? null : refused.error.code).toBe('VALIDATION_ERROR');
  });
});

describe('resetting the password with a mailed token', () => {
  const requested = async () => {
    const world = createAccountMailWorld();
    const user = await world.account();
    const sessions = [await world.sessionOf(user.id), await world.sessionOf(user.id)];
    await requestPasswordReset(world.deps, user.email);
    const [message] = await queued(world);
    const { token } = await tokenMailed(world, message as MailMessage);
    return { world, user, sessions, token };
  };

  it('sets the password, ends every session, queues the notice and logs user.password_reset without the token', async () => {
    const { world, user, sessions, token } = await requested();
    const other = await world.account();
    const othersSession = await world.sessionOf(other.id);
    expect(await resetWith(world, token)).toEqual({ ok: true, value: undefined });

    expect((await world.store.users.findById(user.id))?.passwordHash).toBe(`hashed:${PASSWORD}`);
    expect(
      await world.store.sessions.inactiveAmong([...sessions.map((session) => session.id), othersSession.id]),
    ).toEqual(sessions.map((session) => session.id));
    const notice = (await queued(world)).find((message) => message.template === 'password-changed');
    expect(notice).toMatchObject({ userId: user.id, to: user.email });
    const letter = await openLetter(world.deps.vault, notice?.id ?? '', notice?.sealed ?? '');
    expect(letter.content).toEqual({ template: 'password-changed', at: world.deps.clock.now() });

    const [event, ...others] = await world.store.eventLog.readAfter(0, 10);
    expect(others).toEqual([]);
    expect(event).toMatchObject({
      type: 'user.password_reset',
      subjects: { userId: user.id },
      payload: { email: user.email, address: CLIENT.ipAddress },
    });
    expect(JSON.stringify(event)).not.toContain(token);
  });

  it('accepts a token once: the second use answers INVALID_RESET_TOKEN and leaves the password', async () => {
    const { world, user, token } = await requested();
    expect((await resetWith(world, token)).ok).toBe(true);
    const again = await resetWith(world, token, 'yet another password');
    expect(again.ok ? null : again.error.code).toBe('INVALID_RESET_TOKEN');
    expect((await world.store.users.findById(user.id))?.passwordHash).toBe(`hashed:${PASSWORD}`);
  });

  it('accepts a token until 30 minutes have passed, and not from then on', async () => {
    const late = await requested();
    late.world.advance(30 * MINUTE);
    const refused = await resetWith(late.world, late.token);
    expect(refused.ok ? null : refused.error.code).toBe('INVALID_RESET_TOKEN');

    const inTime = await requested();
    inTime.world.advance(30 * MINUTE - 1);
    expect((await resetWith(inTime.world, inTime.token)).ok).toBe(true);
  });

  it('voids an older token once a newer one is asked for', async () => {
    const { world, user, token: older } = await requested();
    await requestPasswordReset(world.deps, user.email);
    const mailed = await Promise.all((await queued(world)).map((message) => tokenMailed(world, message)));
    const newer = mailed.map((content) => content.token).find((token) => token !== older) ?? '';
    const refused = await resetWith(world, older);
    expect(refused.ok ? null : refused.error.code).toBe('INVALID_RESET_TOKEN');
    expect((await resetWith(world, newer)).ok).toBe(true);
  });

  it('keeps the token working when the new password breaks the registration rules', async () => {
    const { world, token } = await requested();
    const short = await resetWith(world, token, 'short');
    expect(short.ok ? null : short.error.code).toBe('VALIDATION_ERROR');
    const mismatch = await resetPassword(
      world.deps,
      { token, password: PASSWORD, passwordConfirm: `${PASSWORD}!` },
      CLIENT,
    );
    expect(mismatch.ok ? null : mismatch.error).toMatchObject({
      code: 'VALIDATION_ERROR',
      data: { details: [{ field: 'passwordConfirm' }] },
    });
    expect((await resetWith(world, token)).ok).toBe(true);
  });

  it('refuses a token of an account blocked after it was mailed', async () => {
    const { world, user, token } = await requested();
    await world.store.users.setActive(user.id, false, world.deps.clock.now());
    const refused = await resetWith(world, token);
    expect(refused.ok ? null : refused.error.code).toBe('INVALID_RESET_TOKEN');
    expect((await world.store.users.findById(user.id))?.passwordHash).toBe(user.passwordHash);
  });

  it('refuses a token nobody was mailed', async () => {
    const { world } = await requested();
    const refused = await resetWith(world, 'made-up-token');
    expect(refused.ok ? null : refused.error.code).toBe('INVALID_RESET_TOKEN');
  });
});
