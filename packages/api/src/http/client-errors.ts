import type { Socket } from 'node:net';
import { STATUS_CODES } from 'node:http';
import type { ConnectionError } from 'fastify';
import { errorBody } from './error-body.js';
import { STATUS_OF } from './error-status.js';
import { ALLOW_ANY_PATH } from './route-methods.js';

/** Timeouts and oversized headers have no code of ours: Node's own bare answer, no body. */
const BARE_STATUS: Readonly<Record<string, number>> = {
  ERR_HTTP_REQUEST_TIMEOUT: 408,
  HPE_HEADER_OVERFLOW: 431,
};

const answer = (socket: Socket, status: number, headers: Readonly<Record<string, string>>, body = '') => {
  const lines = Object.entries({
    ...headers,
    'content-length': String(Buffer.byteLength(body)),
    connection: 'close',
  })
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${lines}\r\n${body}`);
};

/**
 * Requests Node's HTTP parser refuses before Fastify sees them: a method it does not know (`FOO`)
 * is answered 405 METHOD_NOT_ALLOWED like any method no route serves, other malformed requests
 * 400 VALIDATION_ERROR, both with our error body; the connection is then closed.
 */
export const answerClientError = (error: ConnectionError, socket: Socket): void => {
  if (socket.destroyed || !socket.writable) return;
  const bare = BARE_STATUS[error.code];
  if (bare !== undefined) {
    answer(socket, bare, {});
  } else {
    const unknownMethod = error.code === 'HPE_INVALID_METHOD';
    const body = unknownMethod
      ? errorBody('', 'METHOD_NOT_ALLOWED', 'This method is not supported')
      : errorBody('', 'VALIDATION_ERROR', 'The request is not valid HTTP');
    answer(
      socket,
      STATUS_OF[body.code],
      {
        'content-type': 'application/json; charset=utf-8',
        ...(unknownMethod ? { allow: ALLOW_ANY_PATH } : {}),
      },
      JSON.stringify(body),
    );
  }
  socket.destroy(error);
};
