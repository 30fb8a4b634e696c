import { normalizeBaseUrl } from './client.js';

/*
 * The WebSocket at /api/ws (docs/api.md, "Real-time events"; docs/asyncapi.yaml): join rooms,
 * receive typed frames, reconnect with backoff after a drop and resume from the last event id,
 * so no frame is missed and none is delivered twice.
 */

/** `transaction:confirmed`, `transaction:failed`, `order:refunded`. */
export interface OrderEventData {
  /** The order's `_id`; null for a withdrawal's confirmation or failure. */
  readonly orderId: string | null;
  readonly txHash: string;
  readonly message: string;
  /** ISO 8601. */
  readonly timestamp: string;
}

/** `wallet:deposit`. */
export interface DepositEventData {
  /** The deposit's transaction `_id`. */
  readonly transactionId: string;
  readonly txHash: string;
  /** TRX, at most 6 decimals. */
  readonly amount: number;
  /** The sending address (base58). */
  readonly from: string;
  readonly blockNumber: number;
}

/** A frame that comes from the event log: it has the logged event's `id`, to resume from. */
interface LoggedFrame<E extends string, D> {
  readonly event: E;
  readonly data: D;
  readonly id: string;
}

export type TransactionConfirmedEvent = LoggedFrame<'transaction:confirmed', OrderEventData>;
export type TransactionFailedEvent = LoggedFrame<'transaction:failed', OrderEventData>;
export type OrderRefundedEvent = LoggedFrame<'order:refunded', OrderEventData>;
export type WalletDepositEvent = LoggedFrame<'wallet:deposit', DepositEventData>;

/** The logged event types the admin room carries, each a frame named by its type. */
export const ADMIN_EVENT_TYPES = [
  'order.created',
  'order.cancelled',
  'order.status_overridden',
  'payment.sent',
  'payment.confirmed',
  'payment.failed',
  'order.completed',
  'refund.sent',
  'refund.confirmed',
  'refund.failed',
  'order.refunded',
  'deposit.received',
  'withdrawal.sent',
  'withdrawal.confirmed',
  'withdrawal.failed',
  'webhook.disabled',
] as const;
export type AdminEventType = (typeof ADMIN_EVENT_TYPES)[number];

/**
 * An admin frame's `data`, as the event's webhook body carries it: the ids it concerns (`userId`,
 * `orderId`, `transactionId`, ...) and its payload, money as exact TRX text (docs/api.md, "Events").
 */
export type AdminEventData = Readonly<Record<string, unknown>>;

/** `webhook.disabled`: the service disabled an endpoint whose every attempt failed for too long. */
export interface WebhookDisabledData {
  readonly webhookId: string;
  readonly url: string;
  /** Also the endpoint's `disabledReason`. */
  readonly reason: string;
}

/** A frame of the admin room (`join-admin`, admins only). */
export type AdminEvent =
  | LoggedFrame<Exclude<AdminEventType, 'webhook.disabled'>, AdminEventData>
  | LoggedFrame<'webhook.disabled', WebhookDisabledData>;

const ADMIN_EVENTS: ReadonlySet<string> = new Set(ADMIN_EVENT_TYPES);

/** Whether a frame is one of the admin room's (named by a logged event type). */
export const isAdminEvent = (event: RealtimeEvent): event is AdminEvent => ADMIN_EVENTS.has(event.event);

/** Frames of the event log, each with `id`. */
export type LoggedEvent =
  | TransactionConfirmedEvent
  | TransactionFailedEvent
  | OrderRefundedEvent
  | WalletDepositEvent
  | AdminEvent;

/** The answer to `join-user` and `join-admin`. */
export interface JoinedEvent {
  readonly event: 'joined';
  readonly data: { readonly room: string };
}

/**
 * A refused frame: `FORBIDDEN` for another user's room or, for a non-admin, the admin room;
 * `VALIDATION_ERROR` for a bad frame.
 */
export interface RealtimeErrorEvent {
  readonly event: 'error';
  readonly data: { readonly code: string; readonly message?: string };
}

/**
 * The id to resume from is no longer in the log (older than the retention, or unknown): reload
 * the state (orders, balance) over HTTP; live frames follow.
 */
export interface ResumeExpiredEvent {
  readonly event: 'resume:expired';
  readonly data: { readonly lastEventId: string; readonly message: string };
}

/** Every frame the server sends. */
export type RealtimeEvent = LoggedEvent | JoinedEvent | RealtimeErrorEvent | ResumeExpiredEvent;
export type RealtimeEventName = RealtimeEvent['event'];

/**
 * The fields of each frame's `data`, as the types above declare them (a test compares them with
 * docs/asyncapi.yaml); the admin frames of business events list none, their fields being each
 * event's ids and payload. Frames with another name are not the server's and are dropped.
 */
export const REALTIME_EVENT_FIELDS: {
  readonly [E in RealtimeEvent as E['event']]: readonly (keyof E['data'])[];
} = {
  'transaction:confirmed': ['orderId', 'txHash', 'message', 'timestamp'],
  'transaction:failed': ['orderId', 'txHash', 'message', 'timestamp'],
  'order:refunded': ['orderId', 'txHash', 'message', 'timestamp'],
  'wallet:deposit': ['transactionId', 'txHash', 'amount', 'from', 'blockNumber'],
  joined: ['room'],
  error: ['code', 'message'],
  'resume:expired': ['lastEventId', 'message'],
  'order.created': [],
  'order.cancelled': [],
  'order.status_overridden': [],
  'payment.sent': [],
  'payment.confirmed': [],
  'payment.failed': [],
  'order.completed': [],
  'refund.sent': [],
  'refund.confirmed': [],
  'refund.failed': [],
  'order.refunded': [],
  'deposit.received': [],
  'withdrawal.sent': [],
  'withdrawal.confirmed': [],
  'withdrawal.failed': [],
  'webhook.disabled': ['webhookId', 'url', 'reason'],
};

/** The server closes a socket whose session is missing or ended with this code: never retried. */
export const UNAUTHENTICATED_CLOSE_CODE = 4401;

/** The part of the WebSocket API the helper uses: the browser's and `ws`'s alike. */
export interface WebSocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  addEventListener(type: 'open', listener: () => void): void;
  addEventListener(type: 'message', listener: (event: { readonly data: unknown }) => void): void;
  addEventListener(
    type: 'close',
    listener: (event: { readonly code: number; readonly reason: string }) => void,
  ): void;
  addEventListener(type: 'error', listener: (event: unknown) => void): void;
}

/**
 * A WebSocket constructor: `ws`'s (which takes `{headers}` as its third argument) or a browser's
 * (which ignores it: use `tokenIn: 'query'`, or the cookie the browser sends itself).
 */
export type WebSocketConstructor = new (
  url: string,
  protocols?: string | string[],
  options?: { headers?: Record<string, string> },
) => WebSocketLike;

export interface RealtimeClose {
  readonly code: number;
  readonly reason: string;
  /** In how many ms the next attempt starts; null when the helper stops (4401, or `close()`). */
  readonly reconnectInMs: number | null;
}

export interface RealtimeOptions {
  /** Where the service listens (http(s); the ws(s) URL is derived from it). */
  readonly baseUrl: string;
  /**
   * The access token; a function is asked again before each connection, so a long-lived
   * connection can reconnect with a refreshed token (an expired one is closed with 4401).
   */
  readonly accessToken?: string | (() => string | Promise<string>);
  /** A `Cookie` header value (Node only; a browser sends its cookies itself). */
  readonly cookies?: string;
  /** The user ids whose rooms to join (your own; an admin may join any); none by default. */
  readonly rooms?: readonly string[];
  /** Join the admin room too (`join-admin`; admins only, anyone else is answered `FORBIDDEN`). */
  readonly admin?: boolean;
  /** Resume from this event id on the first connection (the last one a previous run saw). */
  readonly lastEventId?: string;
  /** Every frame, typed; logged frames (with `id`) at most once each. */
  readonly onEvent: (event: RealtimeEvent) => void;
  /** Every close, whether it is followed by a reconnect or not. */
  readonly onClose?: (close: RealtimeClose) => void;
  /** The WebSocket constructor; `ws` by default (loaded on first use). */
  readonly WebSocket?: WebSocketConstructor;
  /** `header` (default): `Authorization: Bearer`; `query`: `?token=` (browsers). */
  readonly tokenIn?: 'header' | 'query';
  /** Delay before the first reconnect (250 ms), doubled on each failed attempt up to `maxMs` (10 s). */
  readonly backoff?: { readonly initialMs?: number; readonly maxMs?: number };
}

export type RealtimeState = 'connecting' | 'open' | 'joined' | 'waiting' | 'closed';

export interface RealtimeConnection {
  /**
   * `connecting`, `open` (joining the rooms), `joined` (every room answered), `waiting` (for the
   * next attempt) or `closed` (for good).
   */
  readonly state: RealtimeState;
  /** The id of the last logged frame received: a reconnect resumes from it. */
  readonly lastEventId: string | undefined;
  /** How many connections were opened so far (1 until the first reconnect). */
  readonly connections: number;
  /** Resolves once every room is joined on the current connection; rejects if the helper stops first. */
  whenJoined(): Promise<void>;
  /** Closes the socket and stops reconnecting; resolves once the socket is closed. */
  close(): Promise<void>;
}

const DEFAULT_INITIAL_BACKOFF_MS = 250;
const DEFAULT_MAX_BACKOFF_MS = 10_000;
/** How many logged ids are remembered to drop a frame delivered twice. */
const SEEN_IDS = 1_000;
const CONNECTING = 0;
const OPEN = 1;
const CLOSED = 3;

/** The delay before reconnect attempt `attempt` (0-based): initial × 2^attempt, at most max. */
export const backoffDelay = (attempt: number, initialMs: number, maxMs: number): number =>
  Math.min(maxMs, initialMs * 2 ** Math.min(attempt, 30));

export const realtimeUrl = (
  baseUrl: string,
  query: { readonly token?: string | undefined; readonly lastEventId?: string | undefined } = {},
): string => {
  const url = new URL('/api/ws', normalizeBaseUrl(baseUrl));
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  if (query.token !== undefined) url.searchParams.set('token', query.token);
  if (query.lastEventId !== undefined) url.searchParams.set('lastEventId', query.lastEventId);
  return url.toString();
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A frame the server sent, or null for anything that is not one of its frames. */
export const parseFrame = (raw: unknown): RealtimeEvent | null => {
  let frame: unknown;
  try {
    frame = JSON.parse(typeof raw === 'string' ? raw : String(raw));
  } catch {
    return null;
  }
  if (!isRecord(frame) || typeof frame.event !== 'string' || !isRecord(frame.data)) return null;
  if (!Object.hasOwn(REALTIME_EVENT_FIELDS, frame.event)) return null;
  const logged = frame.event !== 'joined' && frame.event !== 'error' && frame.event !== 'resume:expired';
  if (logged && typeof frame.id !== 'string') return null;
  return frame as unknown as RealtimeEvent;
};

/**
 * Gives up a socket still connecting: `ws`'s `terminate()` (its `close()` would wait for the
 * handshake); a browser's `close()` fails the connection. Either way a close event follows.
 */
const abort = (socket: WebSocketLike): void => {
  const terminate = (socket as { terminate?: unknown }).terminate;
  if (typeof terminate === 'function') terminate.call(socket);
  else socket.close();
};

const loadWs = async (): Promise<WebSocketConstructor> => {
  const { default: WebSocket } = await import('ws');
  return WebSocket as unknown as WebSocketConstructor;
};

/**
 * Opens the shop's WebSocket, joins `rooms` (and the admin room with `admin: true`) and hands
 * every frame to `onEvent`. After an
 * unexpected close it reconnects (250 ms, doubling to 10 s; reset once the rooms are joined
 * again) with `?lastEventId=` of the last logged frame, so the server replays what was missed
 * before live frames; a frame seen already is dropped. It stops on 4401 (no or ended session) and
 * on `close()`.
 */
export const connectRealtime = (options: RealtimeOptions): RealtimeConnection => {
  const initialMs = options.backoff?.initialMs ?? DEFAULT_INITIAL_BACKOFF_MS;
  const maxMs = options.backoff?.maxMs ?? DEFAULT_MAX_BACKOFF_MS;
  const tokenIn = options.tokenIn ?? 'header';
  const rooms = [...new Set(options.rooms ?? [])];
  const joins = [
    ...rooms.map((room) => JSON.stringify({ event: 'join-user', data: room })),
    ...(options.admin ? [JSON.stringify({ event: 'join-admin' })] : []),
  ];

  let state: RealtimeState = 'connecting';
  let lastEventId = options.lastEventId;
  let connections = 0;
  let attempt = 0;
  let socket: WebSocketLike | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let stopped = false;
  const seen = new Set<string>();
  const joinWaiters = new Set<{ resolve: () => void; reject: (error: Error) => void }>();
  const closeWaiters = new Set<() => void>();

  // By name and id: one event is a frame in its user's room and another in the admin room.
  const remember = (frame: LoggedEvent): boolean => {
    const id = `${frame.event} ${frame.id}`;
    if (seen.has(id)) return false;
    seen.add(id);
    if (seen.size > SEEN_IDS) {
      const oldest = seen.values().next().value;
      if (oldest !== undefined) seen.delete(oldest);
    }
    return true;
  };

  const settleJoinWaiters = (error?: Error) => {
    for (const waiter of joinWaiters) {
      if (error) waiter.reject(error);
      else waiter.resolve();
    }
    joinWaiters.clear();
  };

  const finish = (reason: string) => {
    state = 'closed';
    if (timer) clearTimeout(timer);
    timer = null;
    settleJoinWaiters(new Error(`the real-time connection stopped: ${reason}`));
  };

  const connect = async () => {
    state = 'connecting';
    let WebSocketClass: WebSocketConstructor;
    let token: string | undefined;
    try {
      WebSocketClass = options.WebSocket ?? (await loadWs());
      token = typeof options.accessToken === 'function' ? await options.accessToken() : options.accessToken;
    } catch (error) {
      if (!stopped) scheduleReconnect({ code: 1006, reason: String(error) });
      return;
    }
    if (stopped) return;
    const headers: Record<string, string> = {};
    if (token !== undefined && tokenIn === 'header') headers.authorization = `Bearer ${token}`;
    if (options.cookies !== undefined) headers.cookie = options.cookies;
    const url = realtimeUrl(options.baseUrl, {
      token: tokenIn === 'query' ? token : undefined,
      lastEventId,
    });
    let current: WebSocketLike;
    try {
      current = new WebSocketClass(url, undefined, { headers });
    } catch (error) {
      scheduleReconnect({ code: 1006, reason: String(error) });
      return;
    }
    socket = current;
    connections += 1;
    let answered = 0;

    current.addEventListener('open', () => {
      if (socket !== current) return;
      state = 'open';
      if (stopped) {
        current.close(1000, 'closed by the client');
        return;
      }
      for (const join of joins) current.send(join);
      if (joins.length === 0) onJoined();
    });
    current.addEventListener('message', (message) => {
      if (socket !== current || stopped) return;
      const frame = parseFrame(message.data);
      if (!frame) return;
      if ('id' in frame) {
        if (!remember(frame)) return;
        lastEventId = frame.id;
      }
      if (frame.event === 'resume:expired') lastEventId = undefined;
      try {
        options.onEvent(frame);
      } finally {
        // Each join gets exactly one answer, `joined` or `error`, in order.
        if ((frame.event === 'joined' || frame.event === 'error') && answered < joins.length) {
          answered += 1;
          if (answered === joins.length) onJoined();
        }
      }
    });
    current.addEventListener('error', () => {
      // A close event follows every error; the reconnect is decided there.
    });
    current.addEventListener('close', (event) => {
      if (socket !== current) return;
      socket = null;
      for (const wake of closeWaiters) wake();
      closeWaiters.clear();
      if (stopped) {
        finish('closed by the client');
        options.onClose?.({ code: event.code, reason: event.reason, reconnectInMs: null });
        return;
      }
      if (event.code === UNAUTHENTICATED_CLOSE_CODE) {
        stopped = true;
        finish(`unauthenticated (${event.code})`);
        options.onClose?.({ code: event.code, reason: event.reason, reconnectInMs: null });
        return;
      }
      scheduleReconnect(event);
    });
  };

  const onJoined = () => {
    state = 'joined';
    attempt = 0;
    settleJoinWaiters();
  };

  const scheduleReconnect = (event: { readonly code: number; readonly reason: string }) => {
    const delay = backoffDelay(attempt, initialMs, maxMs);
    attempt += 1;
    state = 'waiting';
    timer = setTimeout(() => {
      timer = null;
      void connect();
    }, delay);
    options.onClose?.({ code: event.code, reason: event.reason, reconnectInMs: delay });
  };

  void connect();

  return {
    get state() {
      return state;
    },
    get lastEventId() {
      return lastEventId;
    },
    get connections() {
      return connections;
    },
    whenJoined: () =>
      state === 'joined'
        ? Promise.resolve()
        : state === 'closed'
          ? Promise.reject(new Error('the real-time connection is closed'))
          : new Promise<void>((resolve, reject) => {
              joinWaiters.add({ resolve, reject });
            }),
    close: async () => {
      if (stopped && state === 'closed') return;
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      const open = socket;
      if (!open || open.readyState === CLOSED) {
        finish('closed by the client');
        return;
      }
      const closed = new Promise<void>((resolve) => closeWaiters.add(resolve));
      if (open.readyState === OPEN) open.close(1000, 'closed by the client');
      else if (open.readyState === CONNECTING) abort(open);
      await closed;
    },
  };
};
