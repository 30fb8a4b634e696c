import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export const REQUEST_ID_HEADER = 'x-request-id';

/** What a caller's id may look like: a UUID, a ULID, a load balancer's trace id. Nothing else reaches a log. */
const ACCEPTED_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * The request's id: the caller's `x-request-id` when it is a plausible id (so a proxy's or a
 * client's id ties their logs to ours), else a fresh UUID. It is every log line's `reqId` and is
 * echoed in the answer's `x-request-id`.
 */
export const requestIdOf = (request: IncomingMessage): string => {
  const given = request.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && ACCEPTED_ID.test(given) ? given : randomUUID();
};
