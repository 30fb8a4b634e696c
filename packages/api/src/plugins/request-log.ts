import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

const pathOf = (url: string): string => {
  const queryAt = url.indexOf('?');
  return queryAt === -1 ? url : url.slice(0, queryAt);
};

/**
 * One info line per answered request; the arrival line is debug only (Fastify logs both at info,
 * twice the logging cost on every request). The query string is left out: a WebSocket client may
 * carry its access token there (`/api/ws?token=`), and search terms are customers' data.
 */
export class OneLineRequestLog extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    request.log.debug({ method: request.method, url: pathOf(request.url) }, 'incoming request');
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (error) {
      super.requestCompleted(error, request, reply);
      return;
    }
    reply.log.info(
      {
        res: reply,
        method: request.method,
        url: pathOf(request.url),
        responseTime: reply.elapsedTime,
      },
      'request completed',
    );
  }
}
