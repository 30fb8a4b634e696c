import { performance } from 'node:perf_hooks';
import {
  type PaymentDeps,
  type ScanDepositsOptions,
  type ScanDepositsReport,
  scanDeposits,
} from '@trx-shop/domain';

/** The longest wait between two attempts at a block the node keeps failing to serve. */
export const MAX_SCAN_BACKOFF_MS = 5 * 60_000;

export type ScanAttempt = ScanDepositsReport | 'failed' | 'backing-off';

/**
 * The listener's scan step. A failing read (a block the node cannot serve, the node down) leaves
 * the cursor where it is, so the block is retried, never skipped; retries back off exponentially
 * from one listener interval up to five minutes, so a struggling node is not hammered, and the
 * first success resets the wait. Each failure is logged with its next attempt.
 */
export const depositScanWithBackoff = (
  deps: PaymentDeps,
  options: ScanDepositsOptions,
  baseDelayMs: number,
): (() => Promise<ScanAttempt>) => {
  let failures = 0;
  let retryAt = 0;
  return async () => {
    const now = deps.clock.now().getTime();
    if (now < retryAt) return 'backing-off';
    try {
      const startedAt = performance.now();
      const report = await scanDeposits(deps, options);
      failures = 0;
      retryAt = 0;
      // The run's own duration tells an operator (and the benchmark) the scan rate.
      const durationMs = Math.round(performance.now() - startedAt);
      if (report.depositsRecorded > 0 || report.lagBlocks > 0)
        deps.logger.info({ ...report, durationMs }, 'deposit scan');
      return report;
    } catch (error) {
      failures += 1;
      const waitMs = Math.min(MAX_SCAN_BACKOFF_MS, baseDelayMs * 2 ** (failures - 1));
      retryAt = now + waitMs;
      deps.logger.error(
        { err: String(error), failures, retryInMs: waitMs },
        'deposit scan failed; the same block is tried again after the wait',
      );
      return 'failed';
    }
  };
};
