import { randomBytes } from 'node:crypto';
import { NO_SUBJECTS, type ShopEvent, type ShopStore } from '@trx-shop/domain';
import WebSocket from 'ws';

/**
 * A frame as the service sends it: JSON `{event, data}` (docs/decisions.md section 9), with `id`
 * the logged event's id on frames that come from the event log.
 */
export interface Frame {
  readonly event: string;
  readonly data: unknown;
  readonly id?: string;
}

export interface SocketClose {
  readonly code: number;
  readonly reason: string;
}

/**
 * A real `ws` client that records every frame from the moment it connects, so a test can wait
 * for a frame that may already have arrived, and later assert the complete list it received.
 */
export interface TestSocket {
  readonly frames: readonly Frame[];
  /** Resolves once the server closed (or refused) the connection. */
  readonly closed: Promise<SocketClose>;
  /** Resolves with the first frame (already received or still to come) matching `predicate`. */
  frame(predicate: (frame: Frame) => boolean, description: string): Promise<Frame>;
  send(event: string, data: unknown): void;
  /** Sends `join-user` for `userId` and resolves with the answer (`joined` or `error`). */
  join(userId: string): Promise<Frame>;
  close(): Promise<void>;
}

export interface SocketAuth {
  readonly headers?: Readonly<Record<string, string>>;
  readonly token?: string;
  /** Resume from this event id (the `lastEventId` query parameter). */
  readonly lastEventId?: string;
}

// Under the 5 s test timeout, so a missing frame fails with the frames that did arrive.
const FRAME_WAIT_MS = 4_000;

export const wsUrl = (httpUrl: string, token?: string, lastEventId?: string): string => {
  const url = new URL('/api/ws', httpUrl.replace(/^http/, 'ws'));
  if (token !== undefined) url.searchParams.set('token', token);
  if (lastEventId !== undefined) url.searchParams.set('lastEventId', lastEventId);
  return url.toString();
};

/** Connects to `/api/ws` of the service listening at `httpUrl`; resolves once the socket is open. */
export const connectSocket = async (httpUrl: string, auth: SocketAuth = {}): Promise<TestSocket> => {
  const socket = new WebSocket(wsUrl(httpUrl, auth.token, auth.lastEventId), {
    headers: { ...auth.headers },
  });
  const frames: Frame[] = [];
  const waiters = new Set<() => void>();
  socket.on('message', (raw) => {
    frames.push(JSON.parse(String(raw)) as Frame);
    for (const wake of waiters) wake();
  });
  const closed = new Promise<SocketClose>((resolve) => {
    socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() }));
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });

  const frame = (predicate: (frame: Frame) => boolean, description: string) =>
    new Promise<Frame>((resolve, reject) => {
      const check = () => {
        const found = frames.find(predicate);
        if (!found) return;
        cleanup();
        resolve(found);
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(
          new Error(`no ${description} frame within ${FRAME_WAIT_MS} ms; got ${JSON.stringify(frames)}`),
        );
      }, FRAME_WAIT_MS);
      const cleanup = () => {
        clearTimeout(timer);
        waiters.delete(check);
      };
      waiters.add(check);
      check();
    });

  const send = (event: string, data: unknown) => socket.send(JSON.stringify({ event, data }));
  return {
    frames,
    closed,
    frame,
    send,
    join: async (userId) => {
      const answered = frames.filter(isJoinAnswer).length;
      send('join-user', userId);
      // Each join gets exactly one answer, in order: the first one after those already seen is ours.
      await frame(() => frames.filter(isJoinAnswer).length > answered, `answer to join-user ${userId}`);
      return frames.filter(isJoinAnswer)[answered] as Frame;
    },
    close: async () => {
      if (socket.readyState !== WebSocket.CLOSED) socket.close();
      await closed;
    },
  };
};

const isJoinAnswer = (frame: Frame): boolean => frame.event === 'joined' || frame.event === 'error';

/** Resolves with the close the server gave a connection it refused right after the upgrade. */
export const closeOfRefusedSocket = async (httpUrl: string, auth: SocketAuth = {}): Promise<SocketClose> => {
  const socket = await connectSocket(httpUrl, auth);
  return socket.closed;
};

export const framesNamed = (socket: TestSocket, event: string): Frame[] =>
  socket.frames.filter((frame) => frame.event === event);

const hex24 = () => randomBytes(12).toString('hex');

/**
 * Logs an `order.completed` event of a made-up order of `userId` straight into the store's event
 * log, as a relay on any instance would; answers it and the frame docs/api.md says a client of
 * the user's room receives for it.
 */
export const logCompletion = async (store: Pick<ShopStore, 'eventLog'>, userId: string) => {
  const occurredAt = new Date();
  const event: ShopEvent = {
    id: hex24(),
    type: 'order.completed',
    occurredAt,
    subjects: { ...NO_SUBJECTS, userId, orderId: hex24() },
    payload: { txHash: hex24() + hex24() + hex24().slice(0, 16), paid: '5' },
    actor: null,
  };
  const logged = await store.eventLog.insert(event, await store.eventLog.takeSequence(), occurredAt);
  const frame = {
    event: 'transaction:confirmed',
    data: {
      orderId: event.subjects.orderId,
      txHash: event.payload.txHash as string,
      message: 'Payment confirmed; your order is completed',
      timestamp: occurredAt.toISOString(),
    },
    id: event.id,
  };
  return { event: logged, frame };
};
