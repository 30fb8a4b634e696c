import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CookieJar } from '../support/cookies.js';
import { expectError, type LoggedIn, login, register } from '../support/http.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { insertAdmin, loginAdmin } from '../admin/admin-fixtures.js';
import { connectSocket, type SocketClose, type TestSocket } from './realtime-fixtures.js';

/*
 * Issue 15, item 3: sessions end everywhere at once. Logout, session revoke, password change,
 * refresh-token reuse and blocking close that session's (or user's) sockets with 4401 within one
 * second; blocking revokes every session, so an old token never works again after unblocking.
 */

const WITHIN_MS = 1_000;

let h: TestApp;
let url: string;
let admin: LoggedIn;

beforeAll(async () => {
  h = await createTestApp();
  url = await h.app.listen({ port: 0, host: '127.0.0.1' });
  admin = await loginAdmin(h, (await insertAdmin(h)).user);
});
afterAll(async () => {
  await h.close();
});

/** An open socket of `user`'s session that has joined its own room. */
const joinedSocket = async (user: LoggedIn): Promise<TestSocket> => {
  const socket = await connectSocket(url, { token: user.accessToken });
  expect((await socket.join(user.userId)).event).toBe('joined');
  return socket;
};

/** Resolves with the close, or fails when the server has not closed the socket within `WITHIN_MS`. */
const closedWithin = async (
  socket: TestSocket,
  since: number,
): Promise<SocketClose & { afterMs: number }> => {
  const deadline = new Promise<never>((_, reject) =>
    setTimeout(
      () => reject(new Error(`socket still open ${WITHIN_MS} ms after the session ended`)),
      WITHIN_MS + 50,
    ),
  );
  const close = await Promise.race([socket.closed, deadline]);
  return { ...close, afterMs: Date.now() - since };
};

/** A socket that must stay open: once a later socket of the same test has been closed, it still answers. */
const expectStillOpen = async (socket: TestSocket, userId: string) => {
  expect((await socket.join(userId)).event).toBe('joined');
};

describe('a WebSocket ends with its session', () => {
  it('closes the socket of a session that logs out with 4401; another session of the user keeps its socket', async () => {
    const user = await register(h.app);
    const otherDevice = await login(h.app, user);
    const [leaving, staying] = [await joinedSocket(user), await joinedSocket(otherDevice)];

    const started = Date.now();
    const logout = await h.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: user.jar.header(),
    });
    expect(logout.statusCode).toBe(200);

    const close = await closedWithin(leaving, started);
    expect(close.code).toBe(4401);
    expect(close.afterMs).toBeLessThanOrEqual(WITHIN_MS);
    await expectStillOpen(staying, user.userId);
    await staying.close();
  });

  it('closes the socket of a session revoked from another device', async () => {
    const user = await register(h.app);
    const otherDevice = await login(h.app, user);
    const socket = await joinedSocket(otherDevice);
    const listed = await h.app.inject({ url: '/api/sessions', headers: otherDevice.jar.header() });
    const revoked = (listed.json().sessions as { _id: string; current: boolean }[]).find(
      (session) => session.current,
    );
    expect(revoked).toBeDefined();

    const started = Date.now();
    const response = await h.app.inject({
      method: 'DELETE',
      url: `/api/sessions/${revoked?._id}`,
      headers: user.jar.header(),
    });
    expect(response.statusCode, response.body).toBe(200);

    expect((await closedWithin(socket, started)).code).toBe(4401);
  });

  it('closes the sockets of every other session on a password change and keeps the current one', async () => {
    const user = await register(h.app);
    const otherDevice = await login(h.app, user);
    const [current, other] = [await joinedSocket(user), await joinedSocket(otherDevice)];

    const started = Date.now();
    const changed = await h.app.inject({
      method: 'PUT',
      url: '/api/users/password',
      headers: user.jar.header(),
      payload: { currentPassword: user.password, newPassword: 'a brand new password' },
    });
    expect(changed.statusCode, changed.body).toBe(200);

    expect((await closedWithin(other, started)).code).toBe(4401);
    await expectStillOpen(current, user.userId);
    await current.close();
  });

  it('closes the socket when a reused refresh token revokes its session', async () => {
    const user = await register(h.app);
    const socket = await joinedSocket(user);
    const stolen = new CookieJar().set('refreshToken', user.refreshToken);
    const rotated = await h.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      headers: user.jar.header(),
    });
    expect(rotated.statusCode, rotated.body).toBe(200);

    const started = Date.now();
    expectError(
      await h.app.inject({ method: 'POST', url: '/api/auth/refresh', headers: stolen.header() }),
      401,
      'UNAUTHENTICATED',
    );

    expect((await closedWithin(socket, started)).code).toBe(4401);
  });

  it('closes every socket of a blocked user, and unblocking does not revive the old tokens', async () => {
    const user = await register(h.app);
    const otherDevice = await login(h.app, user);
    const sockets = [await joinedSocket(user), await joinedSocket(otherDevice)];

    const started = Date.now();
    const blocked = await h.app.inject({
      method: 'PATCH',
      url: `/api/admin/customers/${user.userId}/block`,
      headers: admin.jar.header(),
      payload: { isActive: false },
    });
    expect(blocked.statusCode, blocked.body).toBe(200);

    for (const socket of sockets) expect((await closedWithin(socket, started)).code).toBe(4401);
    const unblocked = await h.app.inject({
      method: 'PATCH',
      url: `/api/admin/customers/${user.userId}/block`,
      headers: admin.jar.header(),
      payload: { isActive: true },
    });
    expect(unblocked.statusCode).toBe(200);
    expectError(
      await h.app.inject({ url: '/api/auth/profile', headers: user.jar.header() }),
      401,
      'UNAUTHENTICATED',
    );
    expectError(
      await h.app.inject({ method: 'POST', url: '/api/auth/refresh', headers: otherDevice.jar.header() }),
      401,
      'UNAUTHENTICATED',
    );
    // Logging in again works.
    expect((await login(h.app, user)).userId).toBe(user.userId);
  });
});
