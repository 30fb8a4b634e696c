import { Counter, Gauge, Histogram, Registry } from 'prom-client';

/** What the gauges read when Prometheus scrapes: the store and this instance's event reader. */
export interface MetricSources {
  /** Transfers broadcast and not settled yet (counted up to a cap). */
  pendingTransfers(): Promise<number>;
  /** Solidified blocks the deposit scanner has yet to read; null when unknown. */
  scannerLagBlocks(): Promise<number | null>;
  /** Logged events this instance has not delivered to its sockets yet. */
  eventLogLag(): Promise<number>;
}

/**
 * The service's Prometheus metrics (docs/operations.md, "Metrics"): counters and histograms fed
 * where the work happens, gauges read at each scrape. One registry per service instance.
 */
export const createShopMetrics = () => {
  const registry = new Registry();
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
    watch,
  };
};

export type ShopMetrics = ReturnType<typeof createShopMetrics>;
