import type { Sun } from '../../money/sun.js';
import type { ChainPort, TransferRequest } from '../../ports/chain.port.js';

/**
 * Why a transfer costs what it costs: the sender's bandwidth covers it (nothing burned), its
 * bandwidth falls short (every byte of the transaction burned), or it activates the recipient's
 * account (the creation fees burned, whatever the bandwidth).
 */
export const TRANSFER_FEE_BASES = ['bandwidth-covered', 'bandwidth-burned', 'account-activation'] as const;
export type TransferFeeBasis = (typeof TRANSFER_FEE_BASES)[number];

export interface TransferCost {
  /** The TRX the chain will burn from the sender for this transfer. */
  readonly feeSun: Sun;
  readonly basis: TransferFeeBasis;
  /** amount + fee: what the sending wallet must hold. */
  readonly requiredSun: Sun;
}

/**
 * The one estimate of what a transfer costs its sender: the balance check before anything is
 * signed (`reserveOutgoing`) and the fee-estimate route both read it, so a fee shown beforehand
 * is the fee the check applies.
 */
export const transferCost = async (
  chain: Pick<ChainPort, 'estimateTransferFee'>,
  request: TransferRequest,
): Promise<TransferCost> => {
  const fee = await chain.estimateTransferFee(request);
  const basis: TransferFeeBasis = fee.createsAccount
    ? 'account-activation'
    : fee.feeSun === 0
      ? 'bandwidth-covered'
      : 'bandwidth-burned';
  return { feeSun: fee.feeSun, basis, requiredSun: request.amountSun + fee.feeSun };
};

/** What a wallet can still send: its confirmed balance minus what it has promised to transfers in flight. */
export const spendableSun = (confirmedBalanceSun: Sun, reservedSun: Sun): Sun =>
  Math.max(0, confirmedBalanceSun - reservedSun);
