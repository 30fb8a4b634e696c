import type { IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import WsClient, { type WebSocket, WebSocketServer } from 'ws';
import {
  backoffDelay,
  connectRealtime,
  type RealtimeClose,
  type RealtimeConnection,
  type RealtimeEvent,
  type RealtimeOptions,
  realtimeUrl,
} from '../src/index.js';

/*
 * The real-time helper against a small `ws` server that plays the service's part (docs/api.md,
 * "Real-time events"): it answers join-user with joined, and each test makes it send frames,
 * drop connections or refuse them. The helper's behaviour against the real service is in
 * checkout.test.ts.
 */

interface Connection {
  readonly socket: WebSocket;
  readonly url: URL;
  readonly headers: IncomingHttpHeaders;
  readonly received: unknown[];
}

interface FakeServer {
  readonly baseUrl: string;
  readonly connections: Connection[];
  /** What a new connection gets: joined answers (default), or a close right away. */
  onConnect: (connection: Connection) => void;
  nextConnection(count: number): Promise<Connection>;
  stop(): Promise<void>;
}

const servers: FakeServer[] = [];
const helpers: RealtimeConnection[] = [];
afterEach(async () => {
  await Promise.all(helpers.splice(0).map((helper) => helper.close()));
  await Promise.all(servers.splice(0).map((server) => server.stop()));
});

const startServer = async (): Promise<FakeServer> => {
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0, path: '/api/ws' });
  await new Promise<void>((resolve) => wss.once('listening', () => resolve()));
  const waiters = new Set<() => void>();
  const server: FakeServer = {
    baseUrl: `http://127.0.0.1:${(wss.address() as AddressInfo).port}`,
    connections: [],
    onConnect: () => {},
    nextConnection: (count) =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no connection #${count} within 5 s`)), 5_000);
        const check = () => {
          const found = server.connections[count - 1];
          if (!found) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(found);
        };
        waiters.add(check);
        check();
      }),
    stop: async () => {
      for (const client of wss.clients) client.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
  wss.on('connection', (socket, request) => {
    const connection: Connection = {
      socket,
      url: new URL(request.url ?? '/', server.baseUrl),
      headers: request.headers,
      received: [],
    };
    socket.on('message', (raw) => {
      const frame = JSON.parse(String(raw)) as { event: string; data: string };
      connection.received.push(frame);
      if (frame.event === 'join-user') {
        const answer =
          frame.data === 'someone-else'
            ? { event: 'error', data: { code: 'FORBIDDEN' } }
            : { event: 'joined', data: { room: `user:${frame.data}` } };
        socket.send(JSON.stringify(answer));
      }
    });
    server.connections.push(connection);
    server.onConnect(connection);
    for (const wake of waiters) wake();
  });
  servers.push(server);
  return server;
};

const confirmed = (id: string, orderId = 'o1') => ({
  event: 'transaction:confirmed',
  data: { orderId, txHash: `tx-${id}`, message: 'Payment confirmed', timestamp: '2025-01-01T00:00:00.000Z' },
  id,
});

/** A helper whose frames and closes are recorded; `waitFor` resolves once a predicate holds. */
const connect = (server: FakeServer, options: Partial<RealtimeOptions> = {}) => {
  const events: RealtimeEvent[] = [];
  const closes: RealtimeClose[] = [];
  const helper = connectRealtime({
    baseUrl: server.baseUrl,
    accessToken: 'jwt-1',
    rooms: ['u1'],
    backoff: { initialMs: 20, maxMs: 80 },
    ...options,
    onEvent: (event) => events.push(event),
    onClose: (close) => closes.push(close),
  });
  helpers.push(helper);
  const waitFor = async (what: string, predicate: () => boolean) => {
    const deadline = Date.now() + 5_000;
    while (!predicate()) {
      if (Date.now() > deadline) throw new Error(`${what}: events ${JSON.stringify(events)}`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  };
  return { helper, events, closes, waitFor };
};

const ids = (events: readonly RealtimeEvent[]) =>
  events.flatMap((event) => ('id' in event ? [event.id] : []));

const MARKER_TOKEN = 'jwt-marker';
const isMarker = (connection: Connection) => connection.headers.authorization === `Bearer ${MARKER_TOKEN}`;

/**
 * A later marker: a second helper joins, is dropped, and comes back `delayMs` after its drop. Timers
 * fire in the order they fall due, so a reconnect of the helper under test, scheduled earlier with
 * a delay no longer than `delayMs`, would have reached the server first. Resolves once the marker
 * has joined again.
 */
const markerReturns = async (server: FakeServer, delayMs: number): Promise<void> => {
  const marker = connect(server, {
    accessToken: MARKER_TOKEN,
    backoff: { initialMs: delayMs, maxMs: delayMs },
  });
  await marker.helper.whenJoined();
  server.connections.find(isMarker)?.socket.terminate();
  await marker.waitFor(
    'the marker back',
    () => marker.helper.connections === 2 && marker.helper.state === 'joined',
  );
};

describe('connectRealtime', () => {
  it('authenticates with the bearer header, joins every room, and hands over typed frames', async () => {
    const server = await startServer();
    const { helper, events, waitFor } = connect(server, { rooms: ['u1', 'u2', 'u1'] });
    await helper.whenJoined();
    expect(helper.state).toBe('joined');
    const [connection] = server.connections;
    expect(connection?.headers.authorization).toBe('Bearer jwt-1');
    expect(connection?.url.search).toBe('');
    expect(connection?.received).toEqual([
      { event: 'join-user', data: 'u1' },
      { event: 'join-user', data: 'u2' },
    ]);

    const deposit = {
      event: 'wallet:deposit',
      data: { transactionId: 't1', txHash: 'h1', amount: 1.5, from: 'TFrom', blockNumber: 7 },
      id: 'e2',
    };
    for (const frame of [confirmed('e1'), 'not json', { event: 'unknown', data: {} }, deposit]) {
      connection?.socket.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
    }
    await waitFor('the deposit', () => ids(events).includes('e2'));
    expect(events).toEqual([
      { event: 'joined', data: { room: 'user:u1' } },
      { event: 'joined', data: { room: 'user:u2' } },
      confirmed('e1'),
      deposit,
    ]);
    expect(helper.lastEventId).toBe('e2');
    // The union narrows on `event`.
    const last = events.at(-1);
    if (last?.event === 'wallet:deposit') expect(last.data.amount).toBe(1.5);
  });

  it('counts a refused room as answered, and hands over the error frame', async () => {
    const server = await startServer();
    const { helper, events } = connect(server, { rooms: ['u1', 'someone-else'] });
    await helper.whenJoined();
    expect(events).toEqual([
      { event: 'joined', data: { room: 'user:u1' } },
      { event: 'error', data: { code: 'FORBIDDEN' } },
    ]);
  });

  it('reconnects after a drop with ?lastEventId= of the last frame and joins again', async () => {
    const server = await startServer();
    const { helper, events, closes, waitFor } = connect(server);
    await helper.whenJoined();
    const first = await server.nextConnection(1);
    first.socket.send(JSON.stringify(confirmed('e1')));
    first.socket.send(JSON.stringify(confirmed('e2')));
    await waitFor('e2', () => helper.lastEventId === 'e2');

    first.socket.terminate();
    const second = await server.nextConnection(2);
    expect(second.url.searchParams.get('lastEventId')).toBe('e2');
    expect(second.headers.authorization).toBe('Bearer jwt-1');
    await helper.whenJoined();
    expect(second.received).toEqual([{ event: 'join-user', data: 'u1' }]);
    expect(closes).toEqual([{ code: 1006, reason: '', reconnectInMs: 20 }]);
    expect(helper.connections).toBe(2);

    // The server replays from e2 (and, being at fault, e2 itself once more): each arrives once.
    second.socket.send(JSON.stringify(confirmed('e2')));
    second.socket.send(JSON.stringify(confirmed('e3')));
    await waitFor('e3', () => helper.lastEventId === 'e3');
    expect(ids(events)).toEqual(['e1', 'e2', 'e3']);
  });

  it('backs off exponentially while the server refuses, up to the maximum, and resets once joined', async () => {
    const server = await startServer();
    const { helper, closes, waitFor } = connect(server);
    await helper.whenJoined();
    server.onConnect = (connection) => {
      if (server.connections.length <= 5) connection.socket.close(1011, 'try later');
    };
    (await server.nextConnection(1)).socket.terminate();
    await server.nextConnection(6);
    await helper.whenJoined();
    expect(closes.map((close) => close.reconnectInMs)).toEqual([20, 40, 80, 80, 80]);
    expect(closes.slice(1).map((close) => [close.code, close.reason])).toEqual(
      Array.from({ length: 4 }, () => [1011, 'try later']),
    );

    (await server.nextConnection(6)).socket.terminate();
    await waitFor('the next close', () => closes.length === 6);
    expect(closes[5]?.reconnectInMs).toBe(20);
  });

  it('retries when the server cannot be reached at all', async () => {
    const server = await startServer();
    const baseUrl = server.baseUrl;
    await server.stop();
    servers.splice(0);
    const { helper, closes, waitFor } = connect({ ...server, baseUrl });
    await waitFor('three failed attempts', () => closes.length >= 3);
    expect(closes.slice(0, 3).map((close) => close.reconnectInMs)).toEqual([20, 40, 80]);
    expect(['connecting', 'waiting']).toContain(helper.state);
    await helper.close();
    expect(helper.state).toBe('closed');
  });

  it('stops for good on 4401 (no or ended session)', async () => {
    const server = await startServer();
    server.onConnect = (connection) => {
      if (!isMarker(connection)) connection.socket.close(4401, 'Unauthenticated');
    };
    const { helper, closes, waitFor } = connect(server);
    await expect(helper.whenJoined()).rejects.toThrow(/unauthenticated \(4401\)/);
    await waitFor('the close', () => closes.length === 1);
    // Its first reconnect would come 20 ms after the close.
    await markerReturns(server, 20);
    expect(closes).toEqual([{ code: 4401, reason: 'Unauthenticated', reconnectInMs: null }]);
    expect(server.connections.filter((connection) => !isMarker(connection))).toHaveLength(1);
    expect(helper.state).toBe('closed');
    await expect(helper.whenJoined()).rejects.toThrow(/closed/);
  });

  it('close() closes the socket and never reconnects, also while waiting for the next attempt', async () => {
    const server = await startServer();
    const { helper, closes } = connect(server);
    await helper.whenJoined();
    const connection = await server.nextConnection(1);
    const closedOnServer = new Promise<number>((resolve) => connection.socket.once('close', resolve));
    await helper.close();
    expect(helper.state).toBe('closed');
    expect(await closedOnServer).toBe(1000);
    expect(closes).toEqual([{ code: 1000, reason: 'closed by the client', reconnectInMs: null }]);

    const waiting = connect(server, { accessToken: 'jwt-waiting', backoff: { initialMs: 200, maxMs: 200 } });
    await waiting.helper.whenJoined();
    (await server.nextConnection(2)).socket.terminate();
    await waiting.waitFor('the drop', () => waiting.helper.state === 'waiting');
    await waiting.helper.close();
    // The reconnect it was waiting for was due 200 ms after the drop.
    await markerReturns(server, 200);
    expect(server.connections.map((connection) => connection.headers.authorization)).toEqual([
      'Bearer jwt-1',
      'Bearer jwt-waiting',
      `Bearer ${MARKER_TOKEN}`,
      `Bearer ${MARKER_TOKEN}`,
    ]);
    expect(waiting.helper.state).toBe('closed');
  });

  it('close() before the socket exists, or while it is still connecting, gives up at once', async () => {
    const server = await startServer();
    const before = connect(server);
    await before.helper.close();
    expect(before.helper.state).toBe('closed');

    const created: WebSocket[] = [];
    class Recorded extends WsClient {
      constructor(url: string, protocols?: string | string[], options?: WsClient.ClientOptions) {
        super(url, protocols, options);
        created.push(this);
      }
    }
    const connecting = connect(server, { WebSocket: Recorded });
    await connecting.waitFor('the socket', () => created.length === 1);
    expect(created[0]?.readyState).toBe(WsClient.CONNECTING);
    await connecting.helper.close();
    expect(connecting.helper.state).toBe('closed');
    expect(connecting.closes).toEqual([{ code: 1006, reason: '', reconnectInMs: null }]);

    // A connection that got through would have sent its join, and a reconnect would come in 20 ms.
    await markerReturns(server, 20);
    const others = server.connections.filter((connection) => !isMarker(connection));
    expect(others.every((connection) => connection.received.length === 0)).toBe(true);
    expect([before.helper.connections, connecting.helper.connections]).toEqual([0, 1]);
  });

  it('resumes from a given lastEventId, and forgets an expired one', async () => {
    const server = await startServer();
    const { helper, events, waitFor } = connect(server, { lastEventId: 'old' });
    await helper.whenJoined();
    const first = await server.nextConnection(1);
    expect(first.url.searchParams.get('lastEventId')).toBe('old');
    first.socket.send(
      JSON.stringify({ event: 'resume:expired', data: { lastEventId: 'old', message: 'reload' } }),
    );
    await waitFor('resume:expired', () => events.some((event) => event.event === 'resume:expired'));
    expect(helper.lastEventId).toBeUndefined();
    first.socket.terminate();
    const second = await server.nextConnection(2);
    expect(second.url.searchParams.has('lastEventId')).toBe(false);
  });

  it('asks a token function again for each connection, and can put the token in the query', async () => {
    const server = await startServer();
    let issued = 0;
    const { helper } = connect(server, {
      tokenIn: 'query',
      accessToken: async () => {
        issued += 1;
        return `jwt-${issued}`;
      },
    });
    await helper.whenJoined();
    (await server.nextConnection(1)).socket.terminate();
    await server.nextConnection(2);
    await helper.whenJoined();
    expect(server.connections.map((connection) => connection.url.searchParams.get('token'))).toEqual([
      'jwt-1',
      'jwt-2',
    ]);
    expect(server.connections.map((connection) => connection.headers.authorization)).toEqual([
      undefined,
      undefined,
    ]);
  });

  it('sends cookies as the Cookie header', async () => {
    const server = await startServer();
    const { helper } = connect(server, { accessToken: undefined, cookies: 'accessToken=jwt-c' });
    await helper.whenJoined();
    expect(server.connections[0]?.headers.cookie).toBe('accessToken=jwt-c');
    expect(server.connections[0]?.headers.authorization).toBeUndefined();
  });
});

describe('the helpers beside it', () => {
  it('backoffDelay doubles from the initial delay up to the maximum', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 100].map((attempt) => backoffDelay(attempt, 250, 10_000))).toEqual([
      250, 500, 1_000, 2_000, 4_000, 8_000, 10_000, 10_000,
    ]);
  });

  it('realtimeUrl derives ws(s) from http(s) and adds the query', () => {
    expect(realtimeUrl('http://shop.test:3000/api/')).toBe('ws://shop.test:3000/api/ws');
    expect(realtimeUrl('https://shop.test', { token: 'a b', lastEventId: 'e1' })).toBe(
      'wss://shop.test/api/ws?token=a+b&lastEventId=e1',
    );
  });
});
