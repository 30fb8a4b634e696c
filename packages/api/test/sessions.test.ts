import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROME_ON_LINUX, expectError, FIREFOX_ON_WINDOWS, json, login, register } from './support/http.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let h: TestApp;
beforeAll(async () => {
  h = await createTestApp();
});
afterAll(() => h.close());

interface SessionView {
  _id: string;
  device: string;
  userAgent: string;
  ipAddress: string;
  createdAt: string;
  lastActive: string;
  isActive: boolean;
  current: boolean;
}

const listSessions = async (headers: Record<string, string>) => {
  const response = await h.app.inject({ url: '/api/sessions', headers });
  expect(response.statusCode, response.body).toBe(200);
  return json(response) as { success: boolean; sessions: SessionView[] };
};

describe('GET /api/sessions', () => {
  it('lists the caller’s sessions, most recent activity first, marking the current one', async () => {
    const user = await register(h.app, {}, CHROME_ON_LINUX);
    const registeredAt = h.clock.now();
    const loggedInAt = h.clock.advance(2 * 60_000);
    const phone = await login(h.app, user, FIREFOX_ON_WINDOWS);

    const answer = await listSessions(phone.jar.header());
    expect(answer.success).toBe(true);
    const stored = await h.store.sessions.listByUser(user.userId);
    const idOfDevice = (device: string) => stored.find((session) => session.device === device)?.id;
    expect(answer.sessions).toEqual([
      {
        _id: idOfDevice('Firefox on Windows'),
        device: 'Firefox on Windows',
        userAgent: FIREFOX_ON_WINDOWS,
        ipAddress: '127.0.0.1',
        createdAt: loggedInAt.toISOString(),
        lastActive: loggedInAt.toISOString(),
        isActive: true,
        current: true,
      },
      {
        _id: idOfDevice('Chrome on Linux'),
        device: 'Chrome on Linux',
        userAgent: CHROME_ON_LINUX,
        ipAddress: '127.0.0.1',
        createdAt: registeredAt.toISOString(),
        lastActive: registeredAt.toISOString(),
        isActive: true,
        current: false,
      },
    ]);
  });

  it('moves a session to the top once it is used again later', async () => {
    const user = await register(h.app, {}, CHROME_ON_LINUX);
    h.clock.advance(2 * 60_000);
    await login(h.app, user, FIREFOX_ON_WINDOWS);
    const usedAt = h.clock.advance(2 * 60_000);

    const answer = await listSessions(user.jar.header());
    expect(
      answer.sessions.map(({ device, current, lastActive }) => ({ device, current, lastActive })),
    ).toEqual([
      { device: 'Chrome on Linux', current: true, lastActive: usedAt.toISOString() },
      { device: 'Firefox on Windows', current: false, lastActive: expect.any(String) },
    ]);
  });

  it('shows no other user’s sessions', async () => {
    const user = await register(h.app);
    await register(h.app);
    const answer = await listSessions(user.jar.header());
    const own = (await h.store.sessions.listByUser(user.userId)).map((session) => session.id);
    expect(answer.sessions.map((session) => session._id)).toEqual(own);
  });

  it('answers 401 UNAUTHENTICATED without a token', async () => {
    expectError(await h.app.inject({ url: '/api/sessions' }), 401, 'UNAUTHENTICATED');
  });
});

describe('DELETE /api/sessions/:id', () => {
  it('revokes another session of the caller: its token is refused on its next request', async () => {
    const user = await register(h.app);
    const other = await login(h.app, user);
    const otherId = (await listSessions(other.jar.header())).sessions.find((session) => session.current)?._id;

    const response = await h.app.inject({
      method: 'DELETE',
      url: `/api/sessions/${otherId}`,
      headers: user.jar.header(),
    });
    expect(response.statusCode).toBe(200);
    expect(json(response)).toEqual({ success: true, message: expect.any(String) });

    expect((await h.store.sessions.findById(otherId ?? ''))?.isActive).toBe(false);
    expectError(
      await h.app.inject({ url: '/api/sessions', headers: other.jar.header() }),
      401,
      'UNAUTHENTICATED',
    );
    expectError(
      await h.app.inject({ method: 'POST', url: '/api/auth/refresh', headers: other.jar.header() }),
      401,
      'UNAUTHENTICATED',
    );
    const remaining = await listSessions(user.jar.header());
    expect(remaining.sessions.map((session) => session.current)).toEqual([true]);
  });

  it('revokes the current session too, which logs the caller out', async () => {
    const user = await register(h.app);
    const [session] = await h.store.sessions.listByUser(user.userId);
    const response = await h.app.inject({
      method: 'DELETE',
      url: `/api/sessions/${session?.id}`,
      headers: user.jar.header(),
    });
    expect(response.statusCode).toBe(200);
    expectError(
      await h.app.inject({ url: '/api/sessions', headers: user.jar.header() }),
      401,
      'UNAUTHENTICATED',
    );
  });

  it('answers 404 SESSION_NOT_FOUND for another user’s session and leaves it active', async () => {
    const user = await register(h.app);
    const victim = await register(h.app);
    const [victimSession] = await h.store.sessions.listByUser(victim.userId);

    expectError(
      await h.app.inject({
        method: 'DELETE',
        url: `/api/sessions/${victimSession?.id}`,
        headers: user.jar.header(),
      }),
      404,
      'SESSION_NOT_FOUND',
    );
    expect((await h.store.sessions.findById(victimSession?.id ?? ''))?.isActive).toBe(true);
    expect((await h.app.inject({ url: '/api/sessions', headers: victim.jar.header() })).statusCode).toBe(200);
  });

  it('answers 404 SESSION_NOT_FOUND for a well-formed unknown id', async () => {
    const user = await register(h.app);
    expectError(
      await h.app.inject({
        method: 'DELETE',
        url: '/api/sessions/0123456789abcdef01234567',
        headers: user.jar.header(),
      }),
      404,
      'SESSION_NOT_FOUND',
    );
  });

  it.each(['not-an-id', '0123456789abcdef0123456', '0123456789abcdef012345678', '0123456789ABCDEF01234567'])(
    'answers 400 INVALID_ID for the malformed id %s',
    async (id) => {
      const user = await register(h.app);
      expectError(
        await h.app.inject({ method: 'DELETE', url: `/api/sessions/${id}`, headers: user.jar.header() }),
        400,
        'INVALID_ID',
      );
    },
  );

  it('answers 401 UNAUTHENTICATED without a token', async () => {
    expectError(
      await h.app.inject({ method: 'DELETE', url: '/api/sessions/0123456789abcdef01234567' }),
      401,
      'UNAUTHENTICATED',
    );
  });
});
