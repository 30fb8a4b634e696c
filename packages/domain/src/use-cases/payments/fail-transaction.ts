import type { TransactionRecord } from '../../transactions/transaction.js';
import { applyTransferEffect } from './apply-transfer-effect.js';
import type { PaymentDeps } from './payment-deps.js';

/**
 * pending -> failed, once: only the guarded write that wins logs the failure (its event reaches
 * the user's room from the log); the effect (order failed, claim released) is applied either way,
 * since applying it is idempotent.
 */
export const failTransaction = async (
  deps: Pick<PaymentDeps, 'store' | 'clock' | 'ids'>,
  tx: TransactionRecord,
  reason: string,
): Promise<void> => {
  const now = deps.clock.now();
  await deps.store.transactions.markFailed(tx.id, reason, now);
  const current = await deps.store.transactions.findById(tx.id);
  if (current && current.status === 'failed') await applyTransferEffect(deps, current);
};
