import type { TransferClaim } from '../../orders/order.js';
import type { TransactionType } from '../../transactions/transaction-status.js';
import type { TransactionRecord } from '../../transactions/transaction.js';
import type { PaymentDeps } from './payment-deps.js';

/** The transaction record a claim stands for (step 3 of an exactly-once transfer). */
export const recordOfClaim = (
  claim: TransferClaim,
  owner: {
    readonly id: string;
    readonly userId: string;
    readonly orderId: string | null;
    readonly type: TransactionType;
  },
  at: Date,
): TransactionRecord => ({
  id: owner.id,
  userId: owner.userId,
  orderId: owner.orderId,
  type: owner.type,
  amountSun: claim.amountSun,
  currency: 'TRX',
  network: 'TRC-20',
  transactionHash: claim.txId,
  fromAddress: claim.fromAddress,
  toAddress: claim.toAddress,
  status: 'pending',
  confirmations: 0,
  blockNumber: null,
  feeSun: null,
  failureReason: null,
  signedTransaction: claim.signedTransaction,
  expiresAt: claim.expiresAt,
  effectApplied: false,
  createdAt: at,
  updatedAt: at,
});

const BATCH = 100;

/**
 * A crash between claiming a transfer and recording it leaves a claim without a transaction:
 * record it now (idempotently), so the settlement re-broadcasts or expires it like any other.
 */
export const recoverUnrecordedClaims = async (
  deps: Pick<PaymentDeps, 'store' | 'clock' | 'ids'>,
): Promise<number> => {
  const { orders, transactions, withdrawals } = deps.store;
  let recovered = 0;
  for (const order of await orders.listUnrecordedClaims(BATCH)) {
    const unrecorded = [
      ...(order.payment && !order.payment.recorded
        ? [{ slot: 'payment' as const, claim: order.payment, id: deps.ids.newId() }]
        : []),
      // A refund's record carries the refund's id: its wallet reservation is named after it.
      ...order.refunds
        .filter((refund) => !refund.recorded)
        .map((refund) => ({ slot: 'refund' as const, claim: refund, id: refund.id })),
    ];
    for (const { slot, claim, id } of unrecorded) {
      const type = slot === 'payment' ? 'purchase' : 'refund';
      await transactions.insert(
        recordOfClaim(claim, { id, userId: order.userId, orderId: order.id, type }, deps.clock.now()),
      );
      await orders.markClaimRecorded(order.id, slot, claim.txId);
      recovered += 1;
    }
  }
  for (const withdrawal of await withdrawals.listUnrecorded(BATCH)) {
    await transactions.insert(
      recordOfClaim(
        withdrawal.claim,
        { id: withdrawal.id, userId: withdrawal.userId, orderId: null, type: 'withdrawal' },
        deps.clock.now(),
      ),
    );
    await withdrawals.markRecorded(withdrawal.id);
    recovered += 1;
  }
  return recovered;
};
