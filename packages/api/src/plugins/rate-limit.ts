import rateLimit from '@fastify/rate-limit';
import type {
  FastifyInstance,
  FastifyRequest,
  onSendAsyncHookHandler,
  preHandlerAsyncHookHandler,
} from 'fastify';
import fp from 'fastify-plugin';
import { errorBody } from '../http/error-body.js';
import { STATUS_OF } from '../http/error-status.js';
import { hooksOf } from '../http/route-hooks.js';
import { createLoginThrottle, DEFAULT_THROTTLE_TIMING } from './login-throttle.js';
import type { WindowCounterStore } from '@trx-shop/domain';

export interface RateLimitOptions {
  /** Requests per minute per IP, all routes (RATE_LIMIT_MAX). */
  readonly globalMax: number;
  /**
   * AUTH_RATE_LIMIT_MAX: failed attempts per minute per (account, address) on login, register,
   * refresh, 2FA and wallet send; those routes also take at most 10x as many requests per minute
   * from one address, and an account past 5x failures in 15 minutes is answered ever more slowly.
   */
  readonly authMax: number;
  /** Test seam: shorter windows and delays. */
  readonly throttleTiming?: Partial<typeof DEFAULT_THROTTLE_TIMING>;
  /** The store's counters: the login throttle and the strict per-address limit hold across instances. */
  readonly counters: WindowCounterStore;
}

const PER_ADDRESS_FACTOR = 10;
const ACCOUNT_CEILING_FACTOR = 5;

declare module 'fastify' {
  interface FastifyInstance {
    /** Route config for the strict limit: `config: { rateLimit: app.strictRateLimit }`. */
    strictRateLimit: { max: number; timeWindow: number; keyGenerator: (request: FastifyRequest) => string };
  }
}

// Injected requests (app.inject, injectWS) may have no socket address; they share one bucket.
const ipOf = (request: FastifyRequest): string => request.ip ?? 'unknown';

/** The account a strict-limited request is about: the email it names, else the signed-in user. */
const accountOf = (request: FastifyRequest): string => {
  const body = request.body as Record<string, unknown> | undefined;
  if (typeof body?.email === 'string') return `email:${body.email.trim().toLowerCase()}`;
  return request.identity ? `user:${request.identity.user.id}` : 'anonymous';
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
          { statusCode: STATUS_OF.RATE_LIMITED },
        ),
    });
    app.decorate('strictRateLimit', {
      // Every request from one address to the strict routes (a bound on credential stuffing
      // across many accounts); failures are limited per account and address below.
      max: options.authMax * PER_ADDRESS_FACTOR,
      timeWindow: 60_000,
      keyGenerator: (request: FastifyRequest) => `strict:${ipOf(request)}`,
    });
    // Failures per (account, address) refuse that pair only; an account failing from many
    // addresses is slowed, never locked (docs/operations.md, "Login throttling").
    const throttle = createLoginThrottle(options.counters, {
      pairMax: options.authMax,
      accountCeiling: options.authMax * ACCOUNT_CEILING_FACTOR,
      ...DEFAULT_THROTTLE_TIMING,
      ...options.throttleTiming,
    });
    const strictMax = options.authMax * PER_ADDRESS_FACTOR;
    /** Requests whose (account, address) pair has failures to clear if they succeed. */
    const withPairFailures = new WeakSet<FastifyRequest>();
    const limitStrictRequest: preHandlerAsyncHookHandler = async (request, reply) => {
      const now = new Date();
      // The plugin's own strict limit counts per instance; this one counts across all of them.
      const [fromAddress, verdict] = await Promise.all([
        options.counters.hit(`strict:${ipOf(request)}`, 60_000, now),
        throttle.verdict(accountOf(request), ipOf(request), now),
      ]);
      if (fromAddress.count > strictMax) {
        const retryAfterS = Math.max(1, Math.ceil((fromAddress.resetAt.getTime() - now.getTime()) / 1000));
        reply.header('retry-after', String(retryAfterS));
        return reply
          .status(STATUS_OF.RATE_LIMITED)
          .send(errorBody(request.url, 'RATE_LIMITED', `Too many requests; retry in ${retryAfterS} s`));
      }
      if (verdict.kind === 'refuse') {
        reply.header('retry-after', String(verdict.retryAfterS));
        return reply
          .status(STATUS_OF.RATE_LIMITED)
          .send(
            errorBody(
              request.url,
              'RATE_LIMITED',
              `Too many failed attempts from this address; retry in ${verdict.retryAfterS} s`,
            ),
          );
      }
      if (verdict.pairFailures > 0) withPairFailures.add(request);
      if (verdict.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, verdict.delayMs));
    };
    // Counted before the answer leaves (onSend, not onResponse): a client that retries the moment
    // it reads a 401, on this instance or another, already meets the failure it just made.
    const countStrictOutcome: onSendAsyncHookHandler = async (request, reply, payload) => {
      if (reply.statusCode === 401) {
        await throttle.recordFailure(accountOf(request), ipOf(request), new Date());
      } else if (reply.statusCode < 400 && withPairFailures.has(request)) {
        // Most successes have no failures to clear: no write for them.
        await throttle.recordSuccess(accountOf(request), ipOf(request));
      }
      return payload;
    };
    // Only the strict routes carry these hooks, decided once as each route is added: every other
    // request runs neither, nor reads its route's options to find out.
    app.addHook('onRoute', (route) => {
      if (route.config?.rateLimit !== app.strictRateLimit) return;
      route.preHandler = [limitStrictRequest, ...hooksOf(route.preHandler)];
      route.onSend = [...hooksOf(route.onSend), countStrictOutcome];
    });
  },
  { name: 'rate-limit' },
);
