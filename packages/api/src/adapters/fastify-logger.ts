import type { Logger } from '@trx-shop/domain';
import type { FastifyBaseLogger } from 'fastify';

/** The domain's Logger port over Fastify's (pino) logger, redaction included. */
export const domainLogger = (log: FastifyBaseLogger): Logger => ({
  debug: (context, message) => log.debug(context, message),
  info: (context, message) => log.info(context, message),
  warn: (context, message) => log.warn(context, message),
  error: (context, message) => log.error(context, message),
});
