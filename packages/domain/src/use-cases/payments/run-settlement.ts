import type { TransactionRecord } from '../../transactions/transaction.js';
import { applyTransferEffect } from './apply-transfer-effect.js';
import type { PaymentDeps } from './payment-deps.js';
import { recoverUnrecordedClaims } from './recover-unrecorded-claims.js';
import { type ReleasedReservations, releaseStrandedReservations } from './release-stranded-reservations.js';
import { type SettleOutcome, settleTransaction } from './settle-transaction.js';

export interface SettlementReport {
  readonly recoveredClaims: number;
  readonly outcomes: Readonly<Record<SettleOutcome, number>>;
  readonly effectsResumed: number;
  readonly releasedReservations: ReleasedReservations;
}

const BATCH = 1_000;

/** Runs `task` over `items` with at most `limit` at a time; one failure never stops the rest. */
const eachWithLimit = async <T>(items: readonly T[], limit: number, task: (item: T) => Promise<void>) => {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await task(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
};

/**
 * One listener run: finish claims a crash left unrecorded, settle every pending transaction,
 * resume effects a crash interrupted after the status was settled, and free reservations whose
 * transfer never came or has settled.
 */
export const runSettlement = async (
  deps: Pick<PaymentDeps, 'store' | 'chain' | 'clock' | 'ids' | 'logger'>,
  concurrency = 16,
): Promise<SettlementReport> => {
  const recoveredClaims = await recoverUnrecordedClaims(deps);
  const outcomes: Record<SettleOutcome, number> = {
    confirmed: 0,
    failed: 0,
    pending: 0,
    rebroadcast: 0,
    'lookup-error': 0,
  };
  const pending = await deps.store.transactions.listPending(BATCH);
  await eachWithLimit(pending, concurrency, async (tx) => {
    outcomes[await settleTransaction(deps, tx)] += 1;
  });
  const interrupted: readonly TransactionRecord[] = await deps.store.transactions.listAwaitingEffect(BATCH);
  await eachWithLimit(interrupted, concurrency, async (tx) => {
    try {
      await applyTransferEffect(deps, tx);
    } catch (error) {
      deps.logger.error(
        { txHash: tx.transactionHash, err: String(error) },
        'applying a transfer effect failed',
      );
    }
  });
  const releasedReservations = await releaseStrandedReservations(deps);
  return { recoveredClaims, outcomes, effectsResumed: interrupted.length, releasedReservations };
};
