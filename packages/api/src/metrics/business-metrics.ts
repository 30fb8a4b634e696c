import { Counter, Gauge, type Registry } from 'prom-client';
import { DISCREPANCY_KINDS, type ReconciliationReport } from '@trx-shop/domain';

/** Outcomes of a settled refund or withdrawal. */
export const SETTLED_OUTCOMES = ['confirmed', 'failed'] as const;
/** What became of a webhook delivery after an attempt (a failure with retries left is `retrying`). */
export const DELIVERY_OUTCOMES = ['succeeded', 'retrying', 'failed'] as const;

/**
 * The shop's business series (docs/operations.md, "Metrics"): each fact counted once across every
 * instance, SUN as integers. Labelled series start at 0 for every outcome, so a rate over a
 * first occurrence is not lost.
 */
export const createBusinessMetrics = (registry: Registry) => {
  const counter = <L extends string>(name: string, help: string, labelNames: readonly L[] = []) =>
    new Counter<L>({ name, help, labelNames, registers: [registry] });
  const refunds = counter('trx_shop_refunds_total', 'Refunds settled, by outcome', ['outcome']);
  const withdrawals = counter('trx_shop_withdrawals_total', 'Withdrawals settled, by outcome', ['outcome']);
  for (const outcome of SETTLED_OUTCOMES) {
    refunds.inc({ outcome }, 0);
    withdrawals.inc({ outcome }, 0);
  }
  const webhookDeliveries = counter(
    'trx_shop_webhook_deliveries_total',
    'Webhook delivery attempts recorded, by what became of the delivery: succeeded, retrying (failed, retried later), failed (no retry left)',
    ['outcome'],
  );
  for (const outcome of DELIVERY_OUTCOMES) webhookDeliveries.inc({ outcome }, 0);
  const reconciliationDiscrepancies = new Gauge({
    name: 'trx_shop_reconciliation_discrepancies',
    help: 'Discrepancies the latest reconciliation found, by kind (no sample before the first run)',
    labelNames: ['kind'],
    registers: [registry],
  });
  const reconciliationFinished = new Gauge({
    name: 'trx_shop_reconciliation_finished_timestamp_seconds',
    help: 'When the latest reconciliation finished (0 before the first run)',
    registers: [registry],
  });
  return {
    ordersCreated: counter('trx_shop_orders_created_total', 'Orders placed'),
    ordersCompleted: counter('trx_shop_orders_completed_total', 'Orders whose payment was confirmed'),
    revenueSun: counter('trx_shop_revenue_sun_total', 'SUN paid for completed orders'),
    refunds,
    refundedSun: counter('trx_shop_refunded_sun_total', 'SUN given back by confirmed refunds'),
    deposits: counter('trx_shop_deposits_total', 'Deposits recorded into held wallets'),
    depositedSun: counter('trx_shop_deposited_sun_total', 'SUN of the deposits recorded'),
    withdrawals,
    withdrawnSun: counter('trx_shop_withdrawn_sun_total', 'SUN sent by confirmed withdrawals'),
    webhookDeliveries,
    /** Sets the reconciliation gauges from the latest report; null: none has run (or it cannot be read). */
    showReconciliation(report: Pick<ReconciliationReport, 'finishedAt' | 'counts'> | null) {
      reconciliationDiscrepancies.reset();
      reconciliationFinished.set(report === null ? 0 : report.finishedAt.getTime() / 1000);
      if (report === null) return;
      for (const kind of DISCREPANCY_KINDS) reconciliationDiscrepancies.set({ kind }, report.counts[kind]);
    },
  };
};

export type BusinessMetrics = ReturnType<typeof createBusinessMetrics>;
