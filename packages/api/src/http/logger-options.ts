import type { FastifyServerOptions } from 'fastify';
import pretty from 'pino-pretty';

/** Fields the logger never prints, wherever they appear in a logged object. */
const REDACTED_LOG_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.password',
  '*.passwordHash',
  '*.currentPassword',
  '*.newPassword',
  '*.privateKey',
  '*.encryptedPrivateKey',
  '*.secret',
  '*.encryptedSecret',
  '*.code',
];

/**
 * JSON lines for machines by default; in a terminal, pino-pretty. The pretty stream writes
 * synchronously, so a line is complete on the terminal before the next write (the banner) starts.
 */
export const loggerOptions = (
  level: string,
  format: 'pretty' | 'json',
  stream?: { write(line: string): void },
): FastifyServerOptions['logger'] => ({
  level,
  redact: { paths: REDACTED_LOG_PATHS, censor: '[redacted]' },
  ...(stream ? { stream } : {}),
  ...(!stream && format === 'pretty'
    ? {
        stream: pretty({ sync: true, colorize: true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' }),
      }
    : {}),
});
