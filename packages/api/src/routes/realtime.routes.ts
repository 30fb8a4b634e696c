import {
  adminFramesBetween,
  findEndedSessions,
  mayJoinAdminRoom,
  mayJoinUserRoom,
  type RequestIdentity,
  userFramesBetween,
} from '@trx-shop/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { errorBody } from '../http/error-body.js';
import { ErrorResponse } from '../http/schemas.js';
import { accessTokenOf } from '../plugins/auth.js';
import { adminRoom, type RoomFrame, userRoom } from '../realtime/room-hub.js';
import type { RouteOptions } from './route-options.js';

export const UNAUTHENTICATED_CLOSE_CODE = 4401;
/** The server could not finish a replay: reconnect and resume (RFC 6455 "try again later"). */
export const RETRY_CLOSE_CODE = 1013;
export const DEFAULT_PING_INTERVAL_MS = 30_000;
/** Twice a second, so a socket outlives its session by at most about half a second. */
export const DEFAULT_SESSION_CHECK_INTERVAL_MS = 500;
export const DEFAULT_EVENT_RETENTION_MS = 30 * 86_400_000;

interface RealtimeOptions extends RouteOptions {
  /** How often idle sockets are pinged; one missed pong drops the socket at the next ping. */
  readonly pingIntervalMs: number;
  /** How often the sessions of open sockets are re-checked in the store (one batched read). */
  readonly sessionCheckIntervalMs?: number;
  /** EVENT_RETENTION_DAYS in ms: a resume from an older event is told it may have missed some. */
  readonly eventRetentionMs?: number;
}

const frame = (event: string, data: unknown): string => JSON.stringify({ event, data });

/** Event ids are short; anything longer is no id of ours (and is not looked up). */
const MAX_EVENT_ID_LENGTH = 64;

const eventIdOf = (value: unknown): string | null =>
  typeof value === 'string' && value.length > 0 && value.length <= MAX_EVENT_ID_LENGTH ? value : null;

/**
 * WebSocket at /api/ws: authenticate, then `join-user` for one's own room (admins: any), and
 * `join-admin` for the admin room (admins only).
 */
export const realtimeRoutes = async (
  app: FastifyInstance,
  {
    deps,
    pingIntervalMs,
    sessionCheckIntervalMs = DEFAULT_SESSION_CHECK_INTERVAL_MS,
    eventRetentionMs = DEFAULT_EVENT_RETENTION_MS,
  }: RealtimeOptions,
): Promise<void> => {
  const hub = deps.rooms;
  const identify = (request: FastifyRequest): Promise<RequestIdentity> => {
    const query = request.query as Record<string, unknown>;
    return app.identifyAccessToken(
      accessTokenOf(request) ?? (typeof query.token === 'string' ? query.token : null),
    );
  };

  /** No silent gap: the client reconnects and resumes from the same id. */
  const closeForRetry = (socket: WebSocket, error: unknown) => {
    app.log.warn({ err: String(error) }, 'websocket replay failed');
    hub.leaveAll(socket);
    socket.close(RETRY_CLOSE_CODE, 'Replay failed; reconnect to resume');
  };

  // Where each socket resumes: the last event id its client saw (query or a `resume` frame).
  const resumeFrom = new WeakMap<WebSocket, string>();

  /** Where a resume starts: the id's place in the log, null when it is not there or past the retention. */
  const resumePoint = async (lastEventId: string) => {
    const from = await deps.store.eventLog.findById(lastEventId);
    // Older than the retention, events of that time that concern no order may be gone already:
    // resuming from it could skip them silently.
    const oldestComplete = deps.clock.now().getTime() - eventRetentionMs;
    return from !== null && from.loggedAt.getTime() >= oldestComplete ? from : null;
  };

  /** The room's frames after one sequence up to another: what a resuming member missed. */
  type Missed = (after: number, upTo: number) => Promise<readonly RoomFrame[]>;

  /**
   * Joins the room; with a resume point, first sends what the client missed since it. The end of
   * the replay is this instance's delivery position, taken at the moment of joining: everything up
   * to it comes from the log, everything after it live, so there is no gap and no twin.
   */
  const joinRoom = async (socket: WebSocket, room: string, missedBetween: Missed) => {
    const lastEventId = resumeFrom.get(socket);
    let from: Awaited<ReturnType<typeof resumePoint>> = null;
    try {
      from = lastEventId === undefined ? null : await resumePoint(lastEventId);
    } catch (error) {
      closeForRetry(socket, error);
      return;
    }
    // Closed while the id was looked up: its close already left every room, so joining now
    // would keep a dead socket in the room.
    if (socket.readyState !== socket.OPEN) return;
    if (from === null) {
      hub.join(room, socket);
      socket.send(frame('joined', { room }));
      if (lastEventId !== undefined) {
        socket.send(
          frame('resume:expired', {
            lastEventId,
            message:
              'That event is not in the log (older than the retention, or unknown): reload the state; live events follow',
          }),
        );
      }
      return;
    }
    const upTo = app.eventDelivery.position();
    hub.join(room, socket, { replaying: true });
    socket.send(frame('joined', { room }));
    try {
      const missed = await missedBetween(from.sequence, upTo);
      hub.endReplay(room, socket, missed, from.sequence);
    } catch (error) {
      closeForRetry(socket, error);
    }
  };

  const handleFrame = async (socket: WebSocket, identity: RequestIdentity, raw: string) => {
    let message: { event?: unknown; data?: unknown };
    try {
      message = JSON.parse(raw) as { event?: unknown; data?: unknown };
    } catch {
      socket.send(frame('error', { code: 'VALIDATION_ERROR', message: 'Frames are JSON {event, data}' }));
      return;
    }
    if (message.event === 'resume') {
      const lastEventId = eventIdOf(message.data);
      if (lastEventId === null) {
        socket.send(frame('error', { code: 'VALIDATION_ERROR', message: 'resume takes the last event id' }));
        return;
      }
      resumeFrom.set(socket, lastEventId);
      return;
    }
    if (message.event === 'join-admin') {
      if (!mayJoinAdminRoom(identity.user)) {
        socket.send(frame('error', { code: 'FORBIDDEN' }));
        return;
      }
      await joinRoom(socket, adminRoom, (after, upTo) =>
        adminFramesBetween(deps.store.eventLog, after, upTo),
      );
      return;
    }
    if (message.event !== 'join-user' || typeof message.data !== 'string') {
      socket.send(frame('error', { code: 'VALIDATION_ERROR', message: 'Unknown event' }));
      return;
    }
    if (!mayJoinUserRoom(identity.user, message.data)) {
      socket.send(frame('error', { code: 'FORBIDDEN' }));
      return;
    }
    const userId = message.data;
    await joinRoom(socket, userRoom(userId), (after, upTo) =>
      userFramesBetween(deps.store.eventLog, userId, after, upTo),
    );
  };

  const alive = new WeakMap<WebSocket, boolean>();
  const sockets = new Set<WebSocket>();
  // Dead peers never answer a ping; they are dropped on the next round.
  const pinger = setInterval(() => {
    for (const socket of sockets) {
      if (alive.get(socket) === false) {
        socket.terminate();
        continue;
      }
      alive.set(socket, false);
      socket.ping();
    }
  }, pingIntervalMs);
  pinger.unref();

  // A socket lives only as long as its session: logout, revocation, a password change, refresh
  // reuse and blocking end sessions in the store, and every instance closes its sockets of them.
  const sessionOf = new Map<WebSocket, string>();
  let checking = false;
  const sessionChecker = setInterval(() => {
    if (checking || sessionOf.size === 0) return;
    checking = true;
    findEndedSessions({ sessions: deps.store.sessions }, [...sessionOf.values()])
      .then((ended) => {
        for (const [socket, sessionId] of sessionOf) {
          if (!ended.has(sessionId)) continue;
          sessionOf.delete(socket);
          socket.close(UNAUTHENTICATED_CLOSE_CODE, 'Session ended');
        }
      })
      .catch((error: unknown) => app.log.warn({ err: String(error) }, 'websocket session check failed'))
      .finally(() => {
        checking = false;
      });
  }, sessionCheckIntervalMs);
  sessionChecker.unref();
  app.addHook('onClose', async () => {
    clearInterval(pinger);
    clearInterval(sessionChecker);
  });

  // @fastify/websocket hides its routes from OpenAPI; this one is part of the API, so document it.
  app.addHook('onRoute', (route) => {
    if (route.url === '/api/ws' && route.schema) route.schema.hide = false;
  });

  app.route({
    method: 'GET',
    url: '/api/ws',
    schema: {
      tags: ['realtime'],
      operationId: 'openWebSocket',
      summary:
        'WebSocket. Send {"event":"join-user","data":"<userId>"} (transaction:confirmed, transaction:failed, order:refunded, wallet:deposit) or, for admins, {"event":"join-admin"} (order, payment, refund, deposit, withdrawal events and webhook.disabled)',
      description:
        'For a signed-in user (the access token may also come as ?token=): opens a WebSocket that delivers the real-time events of the rooms it joins (admins may join any user’s room); it changes nothing. ' +
        'Admins may also join the admin room with {"event":"join-admin"}: one frame per logged order.*, payment.*, refund.*, deposit.*, withdrawal.* and webhook.disabled event, named by its type, with the data its webhook body carries; anyone else is answered {"event":"error","data":{"code":"FORBIDDEN"}}. ' +
        'Frames are {event, data, id}; `id` is the logged event id. To resume after a reconnect, connect with ?lastEventId=<id> (or send {"event":"resume","data":"<id>"} before join-user or join-admin): the rooms joined first receive what was missed, then live frames (docs/api.md, "Real-time events").',
      security: [{ bearerAuth: [] }, { cookieAuth: [] }],
      response: {
        // `type: 'null'`: a 101 carries no body, so the document lists no content for it.
        101: {
          type: 'null',
          description: 'Switching Protocols: the WebSocket is open (closed with 4401 when unauthenticated)',
        },
        426: ErrorResponse,
      },
    },
    // A plain HTTP request (no Upgrade header) is told what the route needs.
    handler: async (request, reply) => {
      reply.header('upgrade', 'websocket');
      return reply
        .status(426)
        .send(
          errorBody(
            request.url,
            'UPGRADE_REQUIRED',
            'This route only speaks WebSocket (send Upgrade: websocket)',
          ),
        );
    },
    wsHandler: async (socket, request) => {
      // Listen at once: a client may send join-user before authentication has finished, and
      // frames that arrive with no listener attached are lost.
      const identified = identify(request).then(
        (identity) => identity,
        () => null,
      );
      const query = request.query as Record<string, unknown>;
      const lastEventId = eventIdOf(query.lastEventId);
      if (lastEventId !== null) resumeFrom.set(socket, lastEventId);
      // One frame after another: a `resume` applies to the joins after it, and a join's replay
      // finishes before the next frame is handled.
      let handled: Promise<unknown> = identified;
      socket.on('message', (raw) => {
        handled = handled
          .then(async () => {
            const identity = await identified;
            if (identity) await handleFrame(socket, identity, String(raw));
          })
          .catch((error: unknown) => app.log.warn({ err: String(error) }, 'websocket frame failed'));
      });
      // Before any wait: a socket that closes while it is authenticated is forgotten too.
      socket.on('close', () => {
        sockets.delete(socket);
        sessionOf.delete(socket);
        hub.leaveAll(socket);
      });
      const identity = await identified;
      if (!identity) {
        socket.close(UNAUTHENTICATED_CLOSE_CODE, 'Unauthenticated');
        return;
      }
      if (socket.readyState !== socket.OPEN) return;
      sockets.add(socket);
      sessionOf.set(socket, identity.session.id);
      alive.set(socket, true);
      socket.on('pong', () => alive.set(socket, true));
    },
  });
};
