import type { TransactionRecord } from '../../transactions/transaction.js';
import { applyTransferEffect } from './apply-transfer-effect.js';
import type { PaymentDeps } from './payment-deps.js';
import { failedEvent } from './transfer-events.js';

/**
 * pending -> failed, once: whoever wins the guarded write tells the user; the effect (order
 * failed, claim released) is applied either way, since applying it is idempotent.
 */
export const failTransaction = async (
  deps: Pick<PaymentDeps, 'store' | 'notifier' | 'clock' | 'ids'>,
  tx: TransactionRecord,
  reason: string,
): Promise<void> => {
  const now = deps.clock.now();
  const won = await deps.store.transactions.markFailed(tx.id, reason, now);
  if (won) deps.notifier.notifyUser(tx.userId, failedEvent(tx, reason, now));
  const current = await deps.store.transactions.findById(tx.id);
  if (current && current.status === 'failed') await applyTransferEffect(deps, current);
};
