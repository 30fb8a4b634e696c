import { sunToTrx, type Sun } from '../../money/sun.js';
import type { TransferRequest } from '../../ports/chain.port.js';
import type { PaymentDeps } from './payment-deps.js';
import { type OutgoingTransfer, outgoingReservationKey } from './reservation-keys.js';
import { spendableSun, transferCost } from './transfer-cost.js';

export interface OutgoingReservationCheck {
  readonly reserved: boolean;
  /** Confirmed balance minus what the wallet had already reserved for other transfers. */
  readonly availableSun: Sun;
  /** amount + estimated chain fee. */
  readonly requiredSun: Sun;
  readonly feeSun: Sun;
}

/**
 * The spendable-balance check and the claim of the amount as one guarded step per wallet: the
 * confirmed balance on chain must cover this transfer's amount and fee on top of every
 * reservation the wallet already holds, or nothing is reserved. Losers learn it before anything
 * is signed, so no doomed transfer reaches the chain.
 */
export const reserveOutgoing = async (
  deps: Pick<PaymentDeps, 'store' | 'chain' | 'clock'>,
  transfer: OutgoingTransfer,
  request: TransferRequest,
): Promise<OutgoingReservationCheck> => {
  const [balanceSun, cost] = await Promise.all([
    deps.chain.getConfirmedBalance(request.fromAddress),
    transferCost(deps.chain, request),
  ]);
  const { requiredSun, feeSun } = cost;
  const reserved = await deps.store.walletReservations.reserve(
    {
      address: request.fromAddress,
      key: outgoingReservationKey(transfer),
      amountSun: requiredSun,
      reservedAt: deps.clock.now(),
    },
    balanceSun,
  );
  const heldElsewhere = reserved ? 0 : await deps.store.walletReservations.reservedSun(request.fromAddress);
  return { reserved, availableSun: spendableSun(balanceSun, heldElsewhere), requiredSun, feeSun };
};

export const balanceErrorData = (check: OutgoingReservationCheck): Record<string, number> => ({
  requiredAmount: sunToTrx(check.requiredSun),
  estimatedFee: sunToTrx(check.feeSun),
});

/** Whether the transfer a reservation stands for is still in flight (claimed, not settled). */
export const outgoingStillNeeded = async (
  deps: Pick<PaymentDeps, 'store'>,
  transfer: OutgoingTransfer,
): Promise<boolean> => {
  if (transfer.kind === 'withdrawal') {
    const record = await deps.store.transactions.findById(transfer.withdrawalId);
    return record?.status === 'pending';
  }
  const order = await deps.store.orders.findById(transfer.orderId);
  if (transfer.kind === 'payment') return order?.payment?.state === 'pending';
  const refunds = order?.refunds ?? [];
  return transfer.refundId === undefined
    ? refunds.some((refund) => refund.state === 'pending')
    : refunds.some((refund) => refund.id === transfer.refundId && refund.state === 'pending');
};

/** Releases the transfer's reservation once it has settled (idempotent). */
export const releaseOutgoingIfDone = async (
  deps: Pick<PaymentDeps, 'store'>,
  address: string,
  transfer: OutgoingTransfer,
): Promise<void> => {
  if (await outgoingStillNeeded(deps, transfer)) return;
  await deps.store.walletReservations.release(address, outgoingReservationKey(transfer));
};
