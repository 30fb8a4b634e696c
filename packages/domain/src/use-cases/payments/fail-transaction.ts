import type { PaymentFailureReason } from '../../transactions/payment-failure.js';
import type { TransactionRecord } from '../../transactions/transaction.js';
import { applyTransferEffect } from './apply-transfer-effect.js';
import type { PaymentDeps } from './payment-deps.js';

/**
 * pending -> failed (a guarded write: once), then the effect (order failed, claim released),
 * applied either way since it is idempotent; the effect's guarded writes log the failure event
 * once, and the user's room hears of it from the log.
 */
export const failTransaction = async (
  deps: Pick<PaymentDeps, 'store' | 'clock' | 'ids'>,
  tx: TransactionRecord,
  reason: PaymentFailureReason,
): Promise<void> => {
  await deps.store.transactions.markFailed(tx.id, reason, deps.clock.now());
  const current = await deps.store.transactions.findById(tx.id);
  if (current && current.status === 'failed') await applyTransferEffect(deps, current);
};
