import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { errorBody } from '../http/error-body.js';

export interface RateLimitOptions {
  /** Requests per minute per IP, all routes (RATE_LIMIT_MAX). */
  readonly globalMax: number;
  /** Requests per minute per IP and per account on login, register, refresh, 2FA and wallet send. */
  readonly authMax: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Route config for the strict limit: `config: { rateLimit: app.strictRateLimit }`. */
    strictRateLimit: { max: number; timeWindow: number; keyGenerator: (request: FastifyRequest) => string };
  }
}

// Injected requests (app.inject, injectWS) may have no socket address; they share one bucket.
const ipOf = (request: FastifyRequest): string => request.ip ?? 'unknown';

/** The account a strict-limited request is about: the email it names, else its bearer subject. */
const accountOf = (request: FastifyRequest): string => {
  const body = request.body as Record<string, unknown> | undefined;
  const email = typeof body?.email === 'string' ? body.email.toLowerCase() : null;
  return email ?? ipOf(request);
};

export const rateLimitPlugin = fp(
  async (app: FastifyInstance, options: RateLimitOptions) => {
    await app.register(rateLimit, {
      global: true,
      max: options.globalMax,
      timeWindow: 60_000,
      keyGenerator: ipOf,
      errorResponseBuilder: (request, context) =>
        Object.assign(
          new Error(`Too many requests; retry in ${Math.ceil(context.ttl / 1000)} s`),
          errorBody(
            request.url,
            'RATE_LIMITED',
            `Too many requests; retry in ${Math.ceil(context.ttl / 1000)} s`,
          ),
          { statusCode: 429 },
        ),
    });
    app.decorate('strictRateLimit', {
      max: options.authMax,
      timeWindow: 60_000,
      keyGenerator: (request: FastifyRequest) => `strict:${ipOf(request)}`,
    });
    // The per-account half of the strict limit: one counter per named account and minute.
    const perAccount = new Map<string, { count: number; resetAt: number }>();
    app.addHook('preHandler', async (request, reply) => {
      if (request.routeOptions.config.rateLimit !== app.strictRateLimit) return;
      const now = Date.now();
      const key = accountOf(request);
      const bucket = perAccount.get(key);
      if (!bucket || bucket.resetAt <= now) {
        if (perAccount.size > 100_000) perAccount.clear();
        perAccount.set(key, { count: 1, resetAt: now + 60_000 });
        return;
      }
      bucket.count += 1;
      if (bucket.count > options.authMax) {
        const retryAfter = Math.ceil((bucket.resetAt - now) / 1000);
        reply.header('retry-after', String(retryAfter));
        return reply
          .status(429)
          .send(
            errorBody(
              request.url,
              'RATE_LIMITED',
              `Too many attempts for this account; retry in ${retryAfter} s`,
            ),
          );
      }
    });
  },
  { name: 'rate-limit' },
);
