import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CookieJar } from '../support/cookies.js';
import { expectError, type LoggedIn, login, register } from '../support/http.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { insertAdmin, loginAdmin } from '../admin/admin-fixtures.js';
import { connectSocket, type SocketClose, type TestSocket } from './realtime-fixtures.js';

/*
 * Issue 15, item 3: sessions end everywhere at once. Logout, session revoke, password change,
 * refresh-token reuse and blocking close that session's (or user's) sockets with 4401 within one
 * second; blocking revokes every session, so an old token never works again after unblocking.
 * The app's intervals (the session check among them) run on a fake clock that only the tests
 * move: "within one second" is one second of that clock, whatever the machine's load.
 */

const WITHIN_MS = 1_000;

let h: TestApp;
let url: string;
let admin: LoggedIn;

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  h = await createTestApp();
  url = await h.app.listen({ port: 0, host: '127.0.0.1' });
  admin = await loginAdmin(h, (await insertAdmin(h)).user);
});
afterAll(async () => {
  await h.close();
  vi.useRealTimers();
});

/** An open socket of `user`'s session that has joined its own room. */
const joinedSocket = async (user: LoggedIn): Promise<TestSocket> => {
  const socket = await connectSocket(url, { token: user.accessToken });
  expect((await socket.join(user.userId)).event).toBe('joined');
  return socket;
};

/** Moves the app's intervals one second on, as much time as a socket may outlive its session. */
const oneSecondLater = () => vi.advanceTimersByTimeAsync(WITHIN_MS);

/**
 * Resolves with the server's close of `socket`, or fails if a later marker comes first: a join
 * sent now is answered only by a socket the server has not closed, and a close precedes it.
 */
const closedBeforeLaterAnswer = (socket: TestSocket, userId: string): Promise<SocketClose> => {
  const framesBefore = socket.frames.length;
  socket.send('join-user', userId);
  const laterAnswer = socket
    .frame((frame) => socket.frames.indexOf(frame) >= framesBefore, 'answer to the later join')
    .then(
      (frame) => {
        throw new Error(
          `socket still open ${WITHIN_MS} ms after its session ended: ${JSON.stringify(frame)}`,
        );
      },
      // No answer at all: the close settles the race.
      () => new Promise<never>(() => {}),
    );
  return Promise.race([socket.closed, laterAnswer]);
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

    const logout = await h.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: user.jar.header(),
    });
    expect(logout.statusCode).toBe(200);

    await oneSecondLater();
    expect((await closedBeforeLaterAnswer(leaving, user.userId)).code).toBe(4401);
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

    const response = await h.app.inject({
      method: 'DELETE',
      url: `/api/sessions/${revoked?._id}`,
      headers: user.jar.header(),
    });
    expect(response.statusCode, response.body).toBe(200);

    await oneSecondLater();
    expect((await closedBeforeLaterAnswer(socket, user.userId)).code).toBe(4401);
  });

  it('closes the sockets of every other session on a password change and keeps the current one', async () => {
    const user = await register(h.app);
    const otherDevice = await login(h.app, user);
    const [current, other] = [await joinedSocket(user), await joinedSocket(otherDevice)];

    const changed = await h.app.inject({
      method: 'PUT',
      url: '/api/users/password',
      headers: user.jar.header(),
      payload: { currentPassword: user.password, newPassword: 'a brand new password' },
    });
    expect(changed.statusCode, changed.body).toBe(200);

    await oneSecondLater();
    expect((await closedBeforeLaterAnswer(other, user.userId)).code).toBe(4401);
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

    expectError(
      await h.app.inject({ method: 'POST', url: '/api/auth/refresh', headers: stolen.header() }),
      401,
      'UNAUTHENTICATED',
    );

    await oneSecondLater();
    expect((await closedBeforeLaterAnswer(socket, user.userId)).code).toBe(4401);
  });

  it('closes every socket of a blocked user, and unblocking does not revive the old tokens', async () => {
    const user = await register(h.app);
    const otherDevice = await login(h.app, user);
    const sockets = [await joinedSocket(user), await joinedSocket(otherDevice)];

    const blocked = await h.app.inject({
      method: 'PATCH',
      url: `/api/admin/customers/${user.userId}/block`,
      headers: admin.jar.header(),
      payload: { isActive: false },
    });
    expect(blocked.statusCode, blocked.body).toBe(200);

    await oneSecondLater();
    for (const socket of sockets)
      expect((await closedBeforeLaterAnswer(socket, user.userId)).code).toBe(4401);
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
