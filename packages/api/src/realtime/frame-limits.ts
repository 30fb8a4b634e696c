import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';

/**
 * The largest frame a client may send: the client's frames (`join-user` with a user id, `resume`
 * with an event id) are under 100 bytes. A larger one closes the socket with 1009 ("message too
 * big"), so no client can make the service buffer `ws`'s default of 100 MiB per frame.
 */
export const MAX_FRAME_BYTES = 4 * 1024;

/**
 * `ws` refuses a frame that breaks the protocol or the limit (`WS_ERR_*`: too big, not UTF-8, a
 * bad opcode) by sending the close code that says why (1009, 1007, 1002) before it reports the
 * error; terminating then could cut that close frame off, so such a socket is left to close.
 * Any other socket error ends the connection at once.
 */
export function answerSocketError(
  this: FastifyInstance,
  error: Error & { readonly code?: string },
  socket: WebSocket,
  request: FastifyRequest,
): void {
  if (error.code?.startsWith('WS_ERR_')) {
    request.log.info({ code: error.code }, 'websocket frame refused; closing');
    return;
  }
  request.log.error({ err: error }, 'websocket error');
  socket.terminate();
}
