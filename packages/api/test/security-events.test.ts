import { fanOutMail, type LoggedEvent, openLetter } from '@trx-shop/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROME_ON_LINUX, FIREFOX_ON_WINDOWS, json, type LoggedIn, register } from './support/http.js';
import { createTestApp, type TestApp } from './support/test-app.js';
import { TOTP_STEP_MS, totpCodeAt } from './support/totp.js';

/*
 * Security events (docs/api.md, "Events"): turning 2FA on or off, changing the password and
 * signing in from a new device are logged as administration events with the change, carrying no
 * secret; the mail fan-out turns them into security notices. Behind one proxy hop, the address
 * is the one X-Forwarded-For names (TRUST_PROXY).
 */

let h: TestApp;
beforeAll(async () => {
  h = await createTestApp({ trustProxy: 1 });
});
afterAll(() => h.close());

const post = (url: string, user: LoggedIn | null, payload: Record<string, unknown>, headers = {}) =>
  h.app.inject({ method: 'POST', url, headers: { ...(user?.jar.header() ?? {}), ...headers }, payload });

/** The events of these types the log holds for the user, oldest first. */
const eventsOf = async (userId: string, ...types: string[]): Promise<LoggedEvent[]> =>
  (await h.store.eventLog.readAfter(0, 100_000)).filter(
    (event) => event.subjects.userId === userId && types.includes(event.type),
  );

/** A sign-in a minute after the last step: the service's clock stands still unless moved. */
const signIn = (user: LoggedIn, userAgent: string, address: string) => {
  h.clock.advance(60_000);
  return post(
    '/api/auth/login',
    null,
    { email: user.email, password: user.password },
    {
      'user-agent': userAgent,
      'x-forwarded-for': address,
    },
  );
};

const enableTwoFactor = async (user: LoggedIn): Promise<string> => {
  const setup = await post('/api/security/2fa/enable', user, { password: user.password });
  expect(setup.statusCode, setup.body).toBe(200);
  const secret = (json(setup) as { secret: string }).secret;
  const verified = await post('/api/security/2fa/verify', user, { code: totpCodeAt(secret, h.clock) });
  expect(verified.statusCode, verified.body).toBe(200);
  return secret;
};

const mailDeps = () => ({ store: h.store, vault: h.vault, clock: h.clock });

describe('security events', () => {
  it('logs user.two_factor_enabled when 2FA goes on over HTTP, without the secret, and it queues the notice', async () => {
    const fanOut = () => fanOutMail(mailDeps(), { holeGraceMs: 0 });
    await fanOut();
    const user = await register(h.app);
    const secret = await enableTwoFactor(user);

    const [enabled, ...more] = await eventsOf(user.userId, 'user.two_factor_enabled');
    expect(more).toEqual([]);
    expect(enabled?.payload).toEqual({});
    expect(enabled?.actor).toBeNull();
    expect(JSON.stringify(enabled)).not.toContain(secret);

    expect(await fanOut()).toBeGreaterThanOrEqual(1);
    const message = await h.store.mail.findMessage(`${enabled?.id}:two-factor-enabled:${user.userId}`);
    expect(message?.to).toBe(user.email);
    const letter = await openLetter(h.vault, message?.id ?? '', message?.sealed ?? '');
    expect(letter.content).toEqual({ template: 'two-factor-enabled', at: enabled?.occurredAt });
  });

  it('logs user.two_factor_disabled when 2FA goes off, and nothing when the code is wrong', async () => {
    const user = await register(h.app);
    const secret = await enableTwoFactor(user);
    h.clock.advance(TOTP_STEP_MS);

    const refused = await post('/api/security/2fa/disable', user, {
      code: '000000',
      password: user.password,
    });
    expect(refused.statusCode).toBe(400);
    const disabled = await post('/api/security/2fa/disable', user, {
      code: totpCodeAt(secret, h.clock),
      password: user.password,
    });
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect((await eventsOf(user.userId, 'user.two_factor_disabled')).map((e) => e.payload)).toEqual([{}]);
  });

  it('logs user.password_changed once per change, and none for a wrong current password', async () => {
    const user = await register(h.app);
    const change = (currentPassword: string) =>
      h.app.inject({
        method: 'PUT',
        url: '/api/users/password',
        headers: user.jar.header(),
        payload: { currentPassword, newPassword: 'a brand new passphrase' },
      });
    expect((await change('not the password')).statusCode).toBe(400);
    expect((await change(user.password)).statusCode).toBe(200);
    const events = await eventsOf(user.userId, 'user.password_changed');
    expect(events.map((event) => [event.payload, event.actor])).toEqual([[{}, null]]);
    expect(JSON.stringify(events)).not.toContain('a brand new passphrase');
  });

  it('logs user.signed_in_new_device for a sign-in from a new address, and not for the same device and address again', async () => {
    const user = await register(h.app, {}, CHROME_ON_LINUX);
    // The first sign-in after registering is never new, whatever its device.
    expect((await signIn(user, FIREFOX_ON_WINDOWS, '198.51.100.20')).statusCode).toBe(200);
    expect(await eventsOf(user.userId, 'user.signed_in_new_device')).toEqual([]);
    // The device and address of that sign-in are known now.
    expect((await signIn(user, FIREFOX_ON_WINDOWS, '198.51.100.20')).statusCode).toBe(200);
    expect(await eventsOf(user.userId, 'user.signed_in_new_device')).toEqual([]);

    const fromNewAddress = await signIn(user, FIREFOX_ON_WINDOWS, '203.0.113.77');
    expect(fromNewAddress.statusCode).toBe(200);
    const [event, ...more] = await eventsOf(user.userId, 'user.signed_in_new_device');
    expect(more).toEqual([]);
    const sessions = await h.store.sessions.listByUser(user.userId);
    const opened = sessions.find((session) => session.ipAddress === '203.0.113.77');
    expect(event?.payload).toEqual({
      sessionId: opened?.id,
      device: 'Firefox on Windows',
      userAgent: FIREFOX_ON_WINDOWS,
      address: '203.0.113.77',
    });
    expect(event?.actor).toBeNull();

    // Again from there: a known device and address now, so no second event.
    expect((await signIn(user, FIREFOX_ON_WINDOWS, '203.0.113.77')).statusCode).toBe(200);
    expect(await eventsOf(user.userId, 'user.signed_in_new_device')).toHaveLength(1);
  });

  it('does not log a sign-in that fails', async () => {
    const user = await register(h.app);
    expect((await signIn(user, FIREFOX_ON_WINDOWS, '198.51.100.21')).statusCode).toBe(200);
    const wrong = await post(
      '/api/auth/login',
      null,
      { email: user.email, password: 'not the password' },
      { 'user-agent': CHROME_ON_LINUX, 'x-forwarded-for': '192.0.2.99' },
    );
    expect(wrong.statusCode).toBe(401);
    expect(await eventsOf(user.userId, 'user.signed_in_new_device')).toEqual([]);
  });
});
