import websocket from '@fastify/websocket';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppDeps, AppSettings } from './app-deps.js';
import { answerClientError } from './http/client-errors.js';
import { loggerOptions } from './http/logger-options.js';
import { parseQueryString } from './http/query-string.js';
import { REQUEST_ID_HEADER, requestIdOf } from './http/request-id.js';
import { sharedSerializerFactory } from './http/shared-serializers.js';
import { validatorCompiler } from './http/validation.js';
import { authPlugin } from './plugins/auth.js';
import { corsPlugin } from './plugins/cors.js';
import { crossSiteRequestsPlugin } from './plugins/cross-site-requests.js';
import { answerFrameworkError, errorHandlerPlugin } from './plugins/error-handler.js';
import { jsonBodiesPlugin } from './plugins/json-bodies.js';
import { metricsPlugin } from './plugins/metrics.js';
import { openApiPlugin } from './plugins/openapi.js';
import { rateLimitPlugin } from './plugins/rate-limit.js';
import { OneLineRequestLog } from './plugins/request-log.js';
import { securityHeadersPlugin } from './plugins/security-headers.js';
import { strictBodiesPlugin } from './plugins/strict-bodies.js';
import { webAppsPlugin } from './plugins/web-apps.js';
import {
  DEFAULT_EVENT_HOLE_GRACE_MS,
  DEFAULT_EVENT_POLL_INTERVAL_MS,
  eventDeliveryPlugin,
} from './realtime/event-delivery.js';
import { closeSocketsGoingAway } from './realtime/going-away.js';
import { answerSocketError, MAX_FRAME_BYTES } from './realtime/frame-limits.js';
import { adminApiKeyRoutes } from './routes/admin-api-keys.routes.js';
import { adminAuditRoutes } from './routes/admin-audit.routes.js';
import { adminCustomerRoutes } from './routes/admin-customers.routes.js';
import { adminReconciliationRoutes } from './routes/admin-reconciliation.routes.js';
import { adminLedgerRoutes } from './routes/admin-ledger.routes.js';
import { adminMailRoutes } from './routes/admin-mail.routes.js';
import { adminOrderRoutes } from './routes/admin-orders.routes.js';
import { adminProductRoutes } from './routes/admin-products.routes.js';
import { adminStatsRoutes } from './routes/admin-stats.routes.js';
import { adminWebhookRoutes } from './routes/admin-webhooks.routes.js';
import { authRoutes } from './routes/auth.routes.js';
import { healthRoutes } from './routes/health.routes.js';
import { orderRoutes } from './routes/orders.routes.js';
import { passwordResetRoutes } from './routes/password-reset.routes.js';
import { emailVerificationRoutes } from './routes/email-verification.routes.js';
import { productRoutes } from './routes/products.routes.js';
import { DEFAULT_PING_INTERVAL_MS, realtimeRoutes } from './routes/realtime.routes.js';
import { mailPreferenceRoutes } from './routes/mail-preferences.routes.js';
import { securityRoutes } from './routes/security.routes.js';
import { sessionRoutes } from './routes/sessions.routes.js';
import { shopRoutes } from './routes/shop.routes.js';
import { transactionRoutes } from './routes/transactions.routes.js';
import { userRoutes } from './routes/users.routes.js';
import { walletRoutes } from './routes/wallets.routes.js';

export const BODY_LIMIT_BYTES = 100 * 1024;

/**
 * Proxies as an array of addresses/CIDRs; hops as a function trusting that many addresses from
 * the socket's peer on (Fastify turns a bare number into "trust nothing").
 */
const trustProxyOption = (
  trust: AppSettings['trustProxy'],
): false | string[] | ((address: string, hop: number) => boolean) => {
  if (trust === undefined || trust === false) return false;
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return [...trust];
};

/** Everything the shop registers on a server: its dependencies and settings. */
export interface ShopAppOptions {
  readonly deps: AppDeps;
  readonly settings: AppSettings;
}

/**
 * The Fastify instance with the service's server options: logger, body limit, proxy trust,
 * parsers, framework errors and one response-serializer setup, the same for the server and the
 * tests.
 */
export const createHttpServer = (settings: AppSettings): FastifyInstance =>
  Fastify({
    logger: loggerOptions(settings.logLevel, settings.logFormat ?? 'json', settings.logStream),
    logController: new OneLineRequestLog(),
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: trustProxyOption(settings.trustProxy),
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
    routerOptions: {
      querystringParser: parseQueryString,
      ignoreTrailingSlash: true,
      // A mail's id (source, template, recipient address) is the longest path parameter (400, its
      // schema's limit); a longer one is refused INVALID_ID by the router before any handler.
      maxParamLength: 400,
    },
    schemaController: { compilersFactory: { buildSerializer: sharedSerializerFactory() } },
    // requestIdOf reads the header itself, refusing ids that are not plausible.
    requestIdHeader: false,
    genReqId: requestIdOf,
  });

/**
 * TRX Shop as a Fastify plugin: every hook, plugin and route, registered at the server's root
 * (not encapsulated), so a server or a test creates the instance, adds what it needs, and
 * registers this.
 */
export const shopApp = fp(
  async (server: FastifyInstance, { deps, settings }: ShopAppOptions) => {
    const app = server.withTypeProvider<TypeBoxTypeProvider>();
    app.setValidatorCompiler(validatorCompiler);

    // Once shutdown starts, answers close their connection: a keep-alive client would otherwise
    // hold the server open until its idle timeout, long after the last request finished.
    let closing = false;
    app.addHook('preClose', async () => {
      closing = true;
    });
    app.addHook('onSend', async (request, reply) => {
      if (closing) reply.header('connection', 'close');
      reply.header(REQUEST_ID_HEADER, request.id);
    });

    await app.register(securityHeadersPlugin, { production: settings.production });
    await app.register(corsPlugin, { origins: settings.corsOrigins });
    await app.register(crossSiteRequestsPlugin, { corsOrigins: settings.corsOrigins });
    await app.register(rateLimitPlugin, {
      globalMax: settings.rateLimitMax,
      authMax: settings.authRateLimitMax,
      counters: deps.store.windowCounters,
    });
    await app.register(errorHandlerPlugin);
    await app.register(jsonBodiesPlugin);
    await app.register(authPlugin, {
      deps,
      accessSecret: settings.jwtAccessSecret,
      refreshSecret: settings.jwtRefreshSecret,
    });
    await app.register(openApiPlugin);
    await app.register(strictBodiesPlugin);
    closeSocketsGoingAway(app);
    await app.register(websocket, {
      options: { maxPayload: MAX_FRAME_BYTES },
      errorHandler: answerSocketError,
    });

    const routeOptions = { deps, settings };
    await app.register(healthRoutes, routeOptions);
    await app.register(authRoutes, routeOptions);
    await app.register(passwordResetRoutes, routeOptions);
    await app.register(emailVerificationRoutes, routeOptions);
    await app.register(userRoutes, routeOptions);
    await app.register(mailPreferenceRoutes, routeOptions);
    await app.register(sessionRoutes, routeOptions);
    await app.register(securityRoutes, routeOptions);
    await app.register(shopRoutes, routeOptions);
    await app.register(productRoutes, routeOptions);
    await app.register(adminProductRoutes, routeOptions);
    await app.register(orderRoutes, routeOptions);
    await app.register(transactionRoutes, routeOptions);
    await app.register(walletRoutes, routeOptions);
    await app.register(adminOrderRoutes, routeOptions);
    await app.register(adminCustomerRoutes, routeOptions);
    await app.register(adminStatsRoutes, routeOptions);
    await app.register(adminLedgerRoutes, routeOptions);
    await app.register(adminReconciliationRoutes, routeOptions);
    await app.register(adminWebhookRoutes, routeOptions);
    await app.register(adminAuditRoutes, routeOptions);
    await app.register(adminApiKeyRoutes, routeOptions);
    await app.register(adminMailRoutes, routeOptions);
    await app.register(eventDeliveryPlugin, {
      deps,
      pollIntervalMs: settings.eventPollIntervalMs ?? DEFAULT_EVENT_POLL_INTERVAL_MS,
      holeGraceMs: settings.eventHoleGraceMs ?? DEFAULT_EVENT_HOLE_GRACE_MS,
      ...(settings.eventReadDeadlineMs === undefined ? {} : { readDeadlineMs: settings.eventReadDeadlineMs }),
    });
    if (deps.metrics) {
      await app.register(metricsPlugin, {
        deps,
        metrics: deps.metrics,
        token: settings.metricsToken ?? null,
        holeGraceMs: settings.eventHoleGraceMs ?? DEFAULT_EVENT_HOLE_GRACE_MS,
      });
    }
    await app.register(realtimeRoutes, {
      ...routeOptions,
      pingIntervalMs: settings.wsPingIntervalMs ?? DEFAULT_PING_INTERVAL_MS,
      ...(settings.eventRetentionMs === undefined ? {} : { eventRetentionMs: settings.eventRetentionMs }),
    });
    // After the WebSocket plugin, which then closes an upgrade to a path no socket route serves.
    await app.register(webAppsPlugin, { root: settings.webRoot ?? null });
  },
  { name: 'trx-shop' },
);

/** The server with the shop registered, not yet listening: tests inject, start-service listens. */
export const buildApp = async (options: ShopAppOptions): Promise<FastifyInstance> => {
  const app = createHttpServer(options.settings);
  await app.register(shopApp, options);
  return app;
};
