import type { FastifyInstance } from 'fastify';

/** RFC 6455 "going away": the server is shutting down; the client reconnects (to another instance) and resumes. */
export const GOING_AWAY_CLOSE_CODE = 1001;

/**
 * Closes every open WebSocket with 1001 when the app closes (SIGTERM). Added before
 * @fastify/websocket registers its own pre-close hook, which then finds the sockets closing and
 * only closes its server; without this a client sees 1005 (no status) and cannot tell a shutdown
 * from a fault.
 */
export const closeSocketsGoingAway = (app: FastifyInstance): void => {
  app.addHook('preClose', async () => {
    for (const socket of app.websocketServer?.clients ?? []) {
      socket.close(GOING_AWAY_CLOSE_CODE, 'Server shutting down');
    }
  });
};
