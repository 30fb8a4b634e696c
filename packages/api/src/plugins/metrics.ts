import { createHash, timingSafeEqual } from 'node:crypto';
import { routeTemplate } from '../http/route-template.js';
import { eventLogLag, scannerLagBlocks } from '@trx-shop/domain';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppDeps } from '../app-deps.js';
import { errorBody } from '../http/error-body.js';
import { createEventTally } from '../metrics/event-tally.js';
import type { ShopMetrics } from '../metrics/shop-metrics.js';

/** Compares in constant time (over digests, so lengths do not leak either). */
const sameSecret = (given: string, expected: string): boolean =>
  timingSafeEqual(
    createHash('sha256').update(given).digest(),
    createHash('sha256').update(expected).digest(),
  );

/** Transfers counted for the pending gauge at most: a scrape stays one bounded read. */
const PENDING_CAP = 10_000;

const METRICS_PATH = '/metrics';

interface MetricsOptions {
  readonly deps: Pick<AppDeps, 'store' | 'chain' | 'clock'>;
  readonly metrics: ShopMetrics;
  /** METRICS_TOKEN: `/metrics` on the API port answers only with it as a Bearer token; null: 404. */
  readonly token: string | null;
  /** EVENT_HOLE_GRACE_MS: the business counters wait for a late sequence as every reader of the log does. */
  readonly holeGraceMs: number;
}

/**
 * Request durations by route for every answer but the scrapes', what a scrape reads from the
 * store, and `GET /metrics` on the API port when METRICS_TOKEN is set (Prometheus text format).
 * METRICS_PORT serves the same registry on a port of its own instead (start-service.ts).
 */
export const metricsPlugin = fp(
  async (app: FastifyInstance, { deps, metrics, token, holeGraceMs }: MetricsOptions) => {
    app.addHook('onResponse', async (request, reply) => {
      // A scrape timing itself would change what it reports by being made.
      if (request.routeOptions.url === METRICS_PATH) return;
      metrics.httpDuration.observe(
        {
          method: request.method,
          // The route's pattern, never the raw URL: ids would make a series per order.
          route: request.routeOptions.url ? routeTemplate(request.routeOptions.url) : 'unmatched',
          status_code: String(reply.statusCode),
        },
        reply.elapsedTime / 1000,
      );
    });

    const tally = createEventTally(deps, metrics.business, { holeGraceMs });
    await tally.startAtHead();
    metrics.watch({
      pendingTransfers: async () => (await deps.store.transactions.listPending(PENDING_CAP)).length,
      scannerLagBlocks: () => scannerLagBlocks(deps),
      eventLogLag: () => eventLogLag(deps.store.eventLog, app.eventDelivery.position()),
      latestReconciliation: () => deps.store.reconciliation.latestReport(),
      tallyEvents: tally.catchUp,
    });

    if (token === null) return;
    // Not rate-limited: a scraper behind the same address as customers must not be refused.
    const config = { rateLimit: false as const };
    app.get(METRICS_PATH, { schema: { hide: true }, config }, async (request, reply) => {
      if (!sameSecret(request.headers.authorization ?? '', `Bearer ${token}`)) {
        return reply
          .status(401)
          .send(
            errorBody(request.url, 'UNAUTHENTICATED', 'Metrics need the METRICS_TOKEN as a Bearer token'),
          );
      }
      return reply.header('content-type', metrics.registry.contentType).send(await metrics.scrape());
    });
  },
  { name: 'trx-shop-metrics', dependencies: ['trx-shop-event-delivery'] },
);
