import { type DomainError, domainError } from '../../errors/domain-error.js';
import type { TransferClaim } from '../../orders/order.js';
import type { TransferRequest } from '../../ports/chain.port.js';
import { err, ok, type Result } from '../../shared/result.js';
import { PAYMENT_FAILURE_TEXT, type PaymentFailureReason } from '../../transactions/payment-failure.js';
import type { TransactionRecord } from '../../transactions/transaction.js';
import { failTransaction } from './fail-transaction.js';
import type { PaymentDeps } from './payment-deps.js';

export interface ClaimedTransferPlan<LostClaim extends DomainError = DomainError> {
  readonly request: TransferRequest;
  readonly privateKey: string;
  /** Step 2: the one guarded write that makes this attempt the only one allowed to broadcast. */
  readonly claim: (claim: TransferClaim) => Promise<boolean>;
  /** The answer when the claim is lost (another attempt holds it, or the record changed). */
  readonly lostClaim: () => Promise<LostClaim>;
  /** Step 3: the pending transaction record for the claim. */
  readonly record: (claim: TransferClaim) => TransactionRecord;
  readonly markRecorded: (claim: TransferClaim) => Promise<void>;
}

export interface SentTransfer {
  readonly claim: TransferClaim;
  readonly transaction: TransactionRecord;
}

/**
 * The exactly-once transfer of docs/decisions.md section 7: sign (no side effect), claim, record,
 * broadcast. Only the claim's winner ever broadcasts; a rejection fails the transaction (502); an
 * unknown outcome leaves it pending for the listener, which re-broadcasts the stored copy. A crash
 * between any two steps leaves a claim or a record from which the listener finishes the job.
 */
export type PaymentFailedError = DomainError<'PAYMENT_FAILED'>;

/** A claimed transfer's failures: the lost claim's answer, or the node's rejection. */
export type SendTransferError<LostClaim extends DomainError> = LostClaim | PaymentFailedError;

export const sendClaimedTransfer = async <LostClaim extends DomainError>(
  deps: Pick<PaymentDeps, 'store' | 'chain' | 'clock' | 'ids' | 'logger'>,
  plan: ClaimedTransferPlan<LostClaim>,
): Promise<Result<SentTransfer, SendTransferError<LostClaim>>> => {
  const signed = await deps.chain.signTransfer(plan.request, plan.privateKey);
  const claim: TransferClaim = {
    txId: signed.txId,
    signedTransaction: signed.signedTransaction,
    fromAddress: plan.request.fromAddress,
    toAddress: plan.request.toAddress,
    amountSun: plan.request.amountSun,
    expiresAt: signed.expiresAt,
    claimedAt: deps.clock.now(),
    state: 'pending',
    recorded: false,
  };
  if (!(await plan.claim(claim))) return err(await plan.lostClaim());

  const transaction = plan.record(claim);
  await deps.store.transactions.insert(transaction);
  await plan.markRecorded(claim);

  const outcome = await deps.chain.broadcast(signed.signedTransaction);
  if (outcome.kind === 'rejected') {
    // The node's words are for the operator; the client gets the stable reason.
    deps.logger.warn(
      { txHash: claim.txId, code: outcome.code, reason: outcome.reason, failure: outcome.failure },
      'the node rejected a transfer',
    );
    await failTransaction(deps, transaction, outcome.failure);
    return err(paymentFailed(outcome.failure));
  }
  return ok({ claim, transaction });
};

/** 502 PAYMENT_FAILED with its stable reason (docs/api.md, "Errors"). */
export const paymentFailed = (reason: PaymentFailureReason): PaymentFailedError =>
  domainError('PAYMENT_FAILED', `Transaction failed: ${PAYMENT_FAILURE_TEXT[reason]}`, { reason });
