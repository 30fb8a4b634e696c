import type { FastifyServerOptions } from 'fastify';
import pretty from 'pino-pretty';
import { redactLogObject } from './log-redaction.js';

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
  // Secrets are censored in each log call's object, not by pino's `redact` paths
  // (log-redaction.ts). A child logger's bindings are printed as given: bind ids, never objects.
  formatters: { log: redactLogObject },
  ...(stream ? { stream } : {}),
  ...(!stream && format === 'pretty'
    ? {
        stream: pretty({ sync: true, colorize: true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' }),
      }
    : {}),
});
