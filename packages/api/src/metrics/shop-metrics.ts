import type { ReconciliationReport } from '@trx-shop/domain';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { createBusinessMetrics } from './business-metrics.js';

/** What a scrape reads: the store and this instance's event reader. */
export interface MetricSources {
  /** Transfers broadcast and not settled yet (counted up to a cap). */
  pendingTransfers(): Promise<number>;
  /** Solidified blocks the deposit scanner has yet to read; null when unknown. */
  scannerLagBlocks(): Promise<number | null>;
  /** Logged events this instance has not delivered to its sockets yet. */
  eventLogLag(): Promise<number>;
  /** The latest reconciliation report; null before the first run. */
  latestReconciliation(): Promise<Pick<ReconciliationReport, 'finishedAt' | 'counts'> | null>;
  /** Counts the business events logged since any instance last counted (event-tally.ts). */
  tallyEvents(): Promise<void>;
}

const MISNAMED_DEFAULTS = [
  'nodejs_active_handles_total',
  'nodejs_active_requests_total',
  'nodejs_active_resources_total',
] as const;

/**
 * The service's Prometheus metrics (docs/operations.md, "Metrics"): the standard process and
 * Node.js series, counters and histograms fed where the work happens, business counters and
 * gauges read at each scrape. One registry per service instance.
 */
export const createShopMetrics = () => {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  // Gauges named `_total` break the Prometheus naming rules (promtool refuses them); the
  // `nodejs_active_*{type}` series beside them hold the same counts by type.
  for (const name of MISNAMED_DEFAULTS) registry.removeSingleMetric(name);
  const business = createBusinessMetrics(registry);
  const httpDuration = new Histogram({
    name: 'trx_shop_http_request_duration_seconds',
    help: 'HTTP request duration by route, method and status code',
    labelNames: ['method', 'route', 'status_code'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const listenerRuns = new Counter({
    name: 'trx_shop_listener_runs_total',
    help: 'Settlement listener runs this instance made (as the lease holder)',
    registers: [registry],
  });
  const listenerDuration = new Histogram({
    name: 'trx_shop_listener_run_duration_seconds',
    help: 'Settlement listener run duration',
    buckets: [0.01, 0.05, 0.1, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  });
  const listenerOutcomes = new Counter({
    name: 'trx_shop_listener_transfers_total',
    help: 'Transfers the listener settled, by outcome',
    labelNames: ['outcome'],
    registers: [registry],
  });
  const chainCalls = new Histogram({
    name: 'trx_shop_chain_call_duration_seconds',
    help: 'Calls to the TRON node by chain port method',
    labelNames: ['method'],
    buckets: [0.005, 0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const chainErrors = new Counter({
    name: 'trx_shop_chain_call_errors_total',
    help: 'Failed calls to the TRON node by chain port method',
    labelNames: ['method'],
    registers: [registry],
  });
  const webhookAttempts = new Counter({
    name: 'trx_shop_webhook_attempts_total',
    help: 'Webhook delivery attempts by outcome (succeeded: a 2xx in time)',
    labelNames: ['outcome'],
    registers: [registry],
  });

  const memoizedAnswers = new Counter({
    name: 'trx_shop_memoized_answers_total',
    help: 'Answers served through a version-keyed memo (kind: catalogue, order_page, customer_search) by how they were made: memo (rendered earlier at the same version; for customer_search, the matches kept at the same search version), rendered, not_modified (304)',
    labelNames: ['kind', 'outcome'],
    registers: [registry],
  });

  /** What a scrape does before it renders: nothing until `watch` is given the sources. */
  let beforeScrape = async (): Promise<void> => {};

  /** Gauges read their source at scrape time; a source that fails leaves the gauge unset. */
  const watch = (sources: MetricSources) => {
    const gauge = (name: string, help: string, read: () => Promise<number | null>) =>
      new Gauge({
        name,
        help,
        registers: [registry],
        async collect() {
          const value = await read().catch(() => null);
          if (value === null) this.reset();
          else this.set(value);
        },
      });
    gauge('trx_shop_pending_transfers', 'Transfers broadcast and not settled yet', sources.pendingTransfers);
    gauge(
      'trx_shop_scanner_lag_blocks',
      'Solidified blocks the deposit scanner has yet to read',
      sources.scannerLagBlocks,
    );
    gauge('trx_shop_event_log_lag', 'Logged events this instance has not delivered yet', sources.eventLogLag);
    // A failed tally moves no cursor: the next scrape counts those events, here or elsewhere.
    beforeScrape = async () => {
      await Promise.all([
        sources.tallyEvents().catch(() => {}),
        sources
          .latestReconciliation()
          .then(business.showReconciliation, () => business.showReconciliation(null)),
      ]);
    };
  };

  /** The Prometheus text of a scrape, once the business counters have caught up with the log. */
  const scrape = async (): Promise<string> => {
    await beforeScrape();
    return registry.metrics();
  };

  return {
    registry,
    httpDuration,
    listenerRuns,
    listenerDuration,
    listenerOutcomes,
    chainCalls,
    chainErrors,
    webhookAttempts,
    memoizedAnswers,
    business,
    watch,
    scrape,
  };
};

export type ShopMetrics = ReturnType<typeof createShopMetrics>;
