import { CONFIRMATIONS_ON_CONFIRM } from '../../transactions/transaction-status.js';
import type { TransactionRecord } from '../../transactions/transaction.js';
import { applyTransferEffect } from './apply-transfer-effect.js';
import { failTransaction } from './fail-transaction.js';
import type { PaymentDeps } from './payment-deps.js';

export type SettleOutcome = 'confirmed' | 'failed' | 'pending' | 'rebroadcast' | 'lookup-error';

type SettleDeps = Pick<PaymentDeps, 'store' | 'chain' | 'clock' | 'ids' | 'logger'>;

/**
 * Settles one pending transaction (docs/decisions.md section 8): included on the solidified chain ->
 * confirmed with its effect; absent once the solidified head is past its expiration -> failed
 * (any block holding it would carry an earlier timestamp and be solid already); otherwise it is
 * re-broadcast from the stored signed copy, which a node that has it answers as a duplicate.
 * Only chain time judges expiry, never the service clock.
 */
export const settleTransaction = async (deps: SettleDeps, tx: TransactionRecord): Promise<SettleOutcome> => {
  try {
    const lookup = await deps.chain.lookupTransfer(tx.transactionHash);
    if (lookup.kind === 'confirmed') {
      if (!lookup.succeeded) {
        await failTransaction(deps, tx, 'FAILED_ON_CHAIN');
        return 'failed';
      }
      await deps.store.transactions.markConfirmed(tx.id, {
        blockNumber: lookup.blockNumber,
        feeSun: lookup.feeSun,
        confirmations: CONFIRMATIONS_ON_CONFIRM,
        at: deps.clock.now(),
      });
      const confirmed = await deps.store.transactions.findById(tx.id);
      if (confirmed && !confirmed.effectApplied) await applyTransferEffect(deps, confirmed);
      return 'confirmed';
    }
    const solidHead = await deps.chain.solidifiedHeadTime();
    if (solidHead.getTime() > tx.expiresAt.getTime()) {
      await failTransaction(deps, tx, 'EXPIRED');
      return 'failed';
    }
    const outcome = await deps.chain.broadcast(tx.signedTransaction);
    if (outcome.kind === 'rejected') {
      // Not proof it can never land (another node may hold it); expiry decides.
      deps.logger.warn(
        { txHash: tx.transactionHash, code: outcome.code, reason: outcome.reason },
        're-broadcast refused',
      );
    }
    return 'rebroadcast';
  } catch (error) {
    deps.logger.warn(
      { txHash: tx.transactionHash, err: String(error) },
      'transaction lookup failed; stays pending',
    );
    return 'lookup-error';
  }
};
