import { performance } from 'node:perf_hooks';
import {
  compactEventLog,
  type PaymentDeps,
  runSettlement,
  type SettlementReport,
  type ScanDepositsOptions,
  type ScheduledTask,
  type Scheduler,
} from '@trx-shop/domain';
import { depositScanWithBackoff } from './deposit-scan-backoff.js';

export const LISTENER_LEASE = 'settlement-listener';

export interface ListenerOptions {
  readonly deps: PaymentDeps;
  /** The deposit scanner's settings; it runs after settlement in the same leased run. */
  readonly scan: ScanDepositsOptions;
  readonly scheduler: Scheduler;
  readonly intervalMs: number;
  /** LISTENER_LEASE_MS: another instance takes over this long after the leader stopped renewing. */
  readonly leaseMs: number;
  /** This instance's name in the lease. */
  readonly instanceId: string;
  /** EVENT_RETENTION_DAYS in ms: log entries that concern no order are compacted after it. */
  readonly eventRetentionMs: number;
  /** Told of each run this instance made as the leader (metrics). */
  readonly onRun?: (report: SettlementReport, durationMs: number) => void;
}

/** Compaction deletes at most this many log entries per run, so a run stays short. */
const COMPACTION = { batchSize: 500, maxBatches: 4 } as const;

/**
 * The background listener: once at start-up, then every interval. Only the holder of the lease
 * runs it, so several instances never settle the same transfer at once; if the holder dies, its
 * lease expires and another instance takes over.
 */
export const startSettlementListener = ({
  deps,
  scan,
  scheduler,
  intervalMs,
  leaseMs,
  instanceId,
  eventRetentionMs,
  onRun,
}: ListenerOptions): ScheduledTask => {
  const scanForDeposits = depositScanWithBackoff(deps, scan, intervalMs);
  const task = scheduler.every(intervalMs, async () => {
    const leader = await deps.store.leases.tryAcquire(LISTENER_LEASE, instanceId, deps.clock.now(), leaseMs);
    if (!leader) return;
    const startedAt = performance.now();
    const report = await runSettlement(deps);
    const durationMs = Math.round(performance.now() - startedAt);
    onRun?.(report, durationMs);
    const { outcomes } = report;
    if (report.recoveredClaims + outcomes.confirmed + outcomes.failed + report.effectsResumed > 0) {
      deps.logger.info(
        { ...outcomes, recoveredClaims: report.recoveredClaims, durationMs },
        'listener run settled transfers',
      );
    }
    await scanForDeposits();
    await compactEventLog(deps, { retentionMs: eventRetentionMs, ...COMPACTION });
    // Ended throttling windows; a flood of made-up accounts leaves at most one row per attempt.
    await deps.store.windowCounters.sweep(deps.clock.now(), COMPACTION.batchSize * COMPACTION.maxBatches);
  });
  return {
    // A graceful stop hands the lease back, so a restarted (or another) instance runs at once
    // instead of waiting for the lease to expire.
    stop: async () => {
      await task.stop();
      await deps.store.leases.release(LISTENER_LEASE, instanceId);
    },
  };
};
