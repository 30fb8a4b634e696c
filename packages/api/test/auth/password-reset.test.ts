import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type MailMessage, openLetter } from '@trx-shop/domain';
import { SqliteDatabase as Database } from '@trx-shop/store-sqlite';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer } from '../support/cookies.js';
import { expectError, type LoggedIn, register } from '../support/http.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { connectSocket } from '../realtime/realtime-fixtures.js';

/*
 * Issue 49, flow 1: a forgotten password is reset with a mailed, single-use, 30-minute token; the
 * ask answers alike for every address; the reset ends every session. The service sends nothing
 * itself yet: the tests read the mail the request queued, and open its sealed letter.
 */

const NEW_PASSWORD = 'a brand new password';
const MINUTE = 60_000;

let h: TestApp;
let url: string;

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  h = await createTestApp();
  url = await h.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await h.close();
  vi.useRealTimers();
});

const post = (app: TestApp['app'], path: string, payload: unknown, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: path, payload: payload as object, headers });
const forgot = (email: string, app = h.app) => post(app, '/api/auth/password/forgot', { email });
const reset = (token: string, password = NEW_PASSWORD, app = h.app) =>
  post(app, '/api/auth/password/reset', { token, password, passwordConfirm: password });

const queuedFor = async (app: TestApp, userId: string, template: string): Promise<MailMessage[]> =>
  (await app.store.mail.listMessages({}, { page: 1, limit: 100 })).items.filter(
    (message) => message.userId === userId && message.template === template,
  );

/** The token of the newest reset mail queued for the user, read from its sealed letter. */
const mailedToken = async (userId: string, app = h): Promise<string> => {
  const [newest] = await queuedFor(app, userId, 'password-reset');
  if (!newest) throw new Error('no reset mail queued');
  const letter = await openLetter(app.vault, newest.id, newest.sealed);
  if (letter.content.template !== 'password-reset') throw new Error('not a reset mail');
  return letter.content.token;
};

const askedToken = async (user: LoggedIn): Promise<string> => {
  expect((await forgot(user.email)).statusCode).toBe(200);
  return mailedToken(user.userId);
};

describe('POST /api/auth/password/forgot and /api/auth/password/reset', () => {
  it('resets the password with the mailed token and ends every cookie session, Bearer token and WebSocket of the account', async () => {
    const user = await register(h.app);
    const tokens = (
      await post(h.app, '/api/auth/tokens', { email: user.email, password: user.password })
    ).json();
    const socket = await connectSocket(url, { token: user.accessToken });
    expect((await socket.join(user.userId)).event).toBe('joined');

    const asked = await forgot(user.email);
    expect({ status: asked.statusCode, body: asked.json() }).toEqual({
      status: 200,
      body: { message: 'If an account uses this address, a link to reset its password is on its way' },
    });
    const [queued] = await queuedFor(h, user.userId, 'password-reset');
    // Queued, never attempted inside the request.
    expect(queued).toMatchObject({ status: 'pending', attempts: [], to: user.email });
    const token = await mailedToken(user.userId);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43,}$/);

    const done = await reset(token);
    expect({ status: done.statusCode, body: done.json() }).toEqual({
      status: 200,
      body: { message: 'Password reset; sign in with the new password' },
    });

    expectError(
      await h.app.inject({ url: '/api/auth/profile', headers: user.jar.header() }),
      401,
      'UNAUTHENTICATED',
    );
    expectError(
      await h.app.inject({ url: '/api/auth/profile', headers: bearer(tokens.accessToken) }),
      401,
      'UNAUTHENTICATED',
    );
    expectError(
      await post(h.app, '/api/auth/tokens/refresh', { refreshToken: tokens.refreshToken }),
      401,
      'UNAUTHENTICATED',
    );
    await vi.advanceTimersByTimeAsync(1_000);
    expect((await socket.closed).code).toBe(4401);

    expectError(
      await post(h.app, '/api/auth/login', { email: user.email, password: user.password }),
      401,
      'INVALID_CREDENTIALS',
    );
    expect(
      (await post(h.app, '/api/auth/login', { email: user.email, password: NEW_PASSWORD })).statusCode,
    ).toBe(200);

    const [notice] = await queuedFor(h, user.userId, 'password-changed');
    expect(notice).toMatchObject({ status: 'pending', to: user.email });
    const events = await h.store.eventLog.readAfter(0, 10_000);
    const logged = events.filter(
      (event) => event.type === 'user.password_reset' && event.subjects.userId === user.userId,
    );
    expect(logged).toHaveLength(1);
    expect(logged[0]?.payload).toEqual({ email: user.email, address: '127.0.0.1' });
    expect(JSON.stringify(logged)).not.toContain(token);
  });

  it('accepts a token once: the second reset answers 400 INVALID_RESET_TOKEN', async () => {
    const user = await register(h.app);
    const token = await askedToken(user);
    expect((await reset(token)).statusCode).toBe(200);
    expectError(await reset(token, 'another long password'), 400, 'INVALID_RESET_TOKEN');
  });

  it('lets exactly one of two simultaneous resets with one token win', async () => {
    const user = await register(h.app);
    const token = await askedToken(user);
    const answers = await Promise.all([
      reset(token, 'first long password'),
      reset(token, 'second long password'),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
  });

  it('refuses a token once 30 minutes have passed on the clock', async () => {
    const user = await register(h.app);
    const token = await askedToken(user);
    h.clock.advance(30 * MINUTE);
    expectError(await reset(token), 400, 'INVALID_RESET_TOKEN');
  });

  it('refuses an older token once a newer one was asked for, and takes the newer', async () => {
    const user = await register(h.app);
    const older = await askedToken(user);
    const newer = await askedToken(user);
    expect(newer).not.toBe(older);
    expectError(await reset(older), 400, 'INVALID_RESET_TOKEN');
    expect((await reset(newer)).statusCode).toBe(200);
  });

  it('keeps the token working after a reset refused for its password', async () => {
    const user = await register(h.app);
    const token = await askedToken(user);
    expectError(await reset(token, 'short'), 400, 'VALIDATION_ERROR');
    const mismatch = await post(h.app, '/api/auth/password/reset', {
      token,
      password: NEW_PASSWORD,
      passwordConfirm: `${NEW_PASSWORD}!`,
    });
    expect(expectError(mismatch, 400, 'VALIDATION_ERROR').details).toEqual([
      { field: 'passwordConfirm', message: 'Passwords do not match' },
    ]);
    expect((await reset(token)).statusCode).toBe(200);
  });

  it('answers bad input with 400 and a code', async () => {
    expectError(await forgot('not-an-address'), 400, 'VALIDATION_ERROR');
    expectError(await post(h.app, '/api/auth/password/forgot', {}), 400, 'VALIDATION_ERROR');
    expectError(
      await post(h.app, '/api/auth/password/forgot', { email: 'a@b.co', role: 'admin' }),
      400,
      'VALIDATION_ERROR',
    );
    expectError(await post(h.app, '/api/auth/password/forgot', { email: 42 }), 400, 'VALIDATION_ERROR');
    expectError(
      await post(h.app, '/api/auth/password/reset', {
        password: NEW_PASSWORD,
        passwordConfirm: NEW_PASSWORD,
      }),
      400,
      'VALIDATION_ERROR',
    );
    expectError(await reset(''), 400, 'VALIDATION_ERROR');
    expectError(await reset('x'.repeat(257)), 400, 'VALIDATION_ERROR');
    expectError(await reset('never-mailed-token'), 400, 'INVALID_RESET_TOKEN');
  });

  it('limits asks for one address to 3 an hour, known or not, with 429 RATE_LIMITED', async () => {
    const user = await register(h.app);
    for (const email of [user.email, `nobody-${user.userId}@example.com`]) {
      for (let ask = 0; ask < 3; ask += 1) expect((await forgot(email)).statusCode).toBe(200);
      expectError(await forgot(email.toUpperCase()), 429, 'RATE_LIMITED');
    }
    expect(await queuedFor(h, user.userId, 'password-reset')).toHaveLength(3);
    h.clock.advance(60 * MINUTE);
    expect((await forgot(user.email)).statusCode).toBe(200);
  });
});

describe('the strict per-address limit', () => {
  it('answers 429 RATE_LIMITED once one client address asked too often, whatever the email', async () => {
    const limited = await createTestApp({ devnet: h.devnet, authRateLimitMax: 1 });
    try {
      const statuses: number[] = [];
      for (let ask = 0; ask < 11; ask += 1)
        statuses.push((await forgot(`ask${ask}@example.com`, limited.app)).statusCode);
      expect(statuses.slice(0, 10)).toEqual(Array(10).fill(200));
      expectError(await forgot('one-more@example.com', limited.app), 429, 'RATE_LIMITED');
    } finally {
      await limited.close();
    }
  });
});

/** Every row of every table, as text, keyed by table: what a request wrote is the difference. */
const snapshot = (file: string): Map<string, Set<string>> => {
  const db = new Database(file, { readonly: true });
  try {
    const tables = db
      .prepare<[], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
      .all();
    return new Map(
      tables.map(({ name }) => [
        name,
        new Set(
          db
            .prepare(`SELECT * FROM "${name}"`)
            .all()
            .map((row) => JSON.stringify(row)),
        ),
      ]),
    );
  } finally {
    db.close();
  }
};

/** How many rows each table gained and lost between two snapshots (tables that did not change left out). */
const writesBetween = (before: Map<string, Set<string>>, after: Map<string, Set<string>>) =>
  Object.fromEntries(
    [...after]
      .map(([table, rows]) => {
        const old = before.get(table) ?? new Set<string>();
        return [
          table,
          {
            added: [...rows].filter((row) => !old.has(row)).length,
            removed: [...old].filter((row) => !rows.has(row)).length,
          },
        ] as const;
      })
      .filter(([, change]) => change.added + change.removed > 0),
  );

describe('no account enumeration', () => {
  it('answers an active, an unknown and a blocked address alike, and writes the same for unknown and blocked', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'trx-shop-reset-'));
    const file = join(directory, 'shop.db');
    const shop = await createTestApp({ devnet: h.devnet, sqliteFile: file });
    try {
      const active = await register(shop.app);
      const blocked = await register(shop.app);
      await shop.store.users.setActive(blocked.userId, false, shop.clock.now());
      // The client address's own counter exists from here on, for every ask alike.
      expect((await forgot('warm-up@example.com', shop.app)).statusCode).toBe(200);

      const ask = async (email: string) => {
        const before = snapshot(file);
        const answer = await forgot(email, shop.app);
        return {
          answer: { status: answer.statusCode, body: answer.json() },
          writes: writesBetween(before, snapshot(file)),
        };
      };
      const unknown = await ask('nobody-at-all@example.com');
      const ofBlocked = await ask(blocked.email);
      const ofActive = await ask(active.email);

      expect(ofBlocked.answer).toEqual(unknown.answer);
      expect(ofActive.answer).toEqual(unknown.answer);
      expect(ofBlocked.writes).toEqual(unknown.writes);
      expect(Object.keys(unknown.writes)).toEqual(['window_counters']);
      // The measure sees what an active account's ask adds: its token and its mail.
      expect(ofActive.writes).toMatchObject({
        account_tokens: { added: 1, removed: 0 },
        mail_messages: { added: 1, removed: 0 },
      });
      expect(await queuedFor(shop, blocked.userId, 'password-reset')).toEqual([]);
    } finally {
      await shop.close();
      rmSync(directory, { recursive: true, force: true });
    }
  });
});
