import type { RunningDevnet } from '@trx-shop/tron-devnet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { register } from '../support/http.js';
import { createTestApp, startTestDevnet, type TestApp } from '../support/test-app.js';

const PING_MS = 150;

let devnetNode: RunningDevnet;
let h: TestApp;
let url: string;

beforeAll(async () => {
  devnetNode = await startTestDevnet();
  h = await createTestApp({ devnet: devnetNode, wsPingIntervalMs: PING_MS });
  url = (await h.app.listen({ port: 0, host: '127.0.0.1' })).replace(/^http/, 'ws');
});
afterAll(async () => {
  await h.close();
  await devnetNode.stop();
});

/** A client that answers the server's pings (ws does by default) or, like a dead peer, does not. */
const open = async (token: string, answersPings: boolean) => {
  const socket = new WebSocket(`${url}/api/ws?token=${token}`, { autoPong: answersPings });
  let pings = 0;
  socket.on('ping', () => {
    pings += 1;
  });
  const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  return { socket, closed, pings: () => pings };
};

describe('WebSocket keep-alive', () => {
  it('drops a connection that stops answering pings, and keeps one that answers them', async () => {
    const user = await register(h.app);
    const dead = await open(user.accessToken, false);
    const live = await open(user.accessToken, true);

    // The silent peer is terminated (1006: no close frame) after one unanswered ping.
    expect(await dead.closed).toBe(1006);
    expect(dead.pings()).toBeGreaterThanOrEqual(1);

    // By then the answering peer has been pinged as often, and is still open and usable.
    expect(live.pings()).toBeGreaterThanOrEqual(1);
    expect(live.socket.readyState).toBe(WebSocket.OPEN);
    const joined = new Promise<string>((resolve) =>
      live.socket.once('message', (raw) => resolve(String(raw))),
    );
    live.socket.send(JSON.stringify({ event: 'join-user', data: user.userId }));
    expect(JSON.parse(await joined)).toEqual({ event: 'joined', data: { room: `user:${user.userId}` } });
    live.socket.close();
  });
});
