import { sunToTrx, type Sun } from '../../money/sun.js';
import type { ChainPort, TransferRequest } from '../../ports/chain.port.js';
import type { TransactionStore } from '../../ports/transaction-store.port.js';

export interface BalanceCheck {
  readonly sufficient: boolean;
  /** Confirmed balance minus what the wallet already has in flight. */
  readonly availableSun: Sun;
  /** amount + estimated chain fee. */
  readonly requiredSun: Sun;
  readonly feeSun: Sun;
}

/**
 * The wallet must cover the amount, the chain fee and every transfer it already has in flight;
 * otherwise two quick payments could both pass a check that only one balance can honour.
 */
export const checkSpendableBalance = async (
  deps: { readonly chain: ChainPort; readonly transactions: TransactionStore },
  transfer: TransferRequest,
): Promise<BalanceCheck> => {
  const [balance, inFlight, fee] = await Promise.all([
    deps.chain.getConfirmedBalance(transfer.fromAddress),
    deps.transactions.pendingOutgoingSun(transfer.fromAddress),
    deps.chain.estimateTransferFee(transfer),
  ]);
  const availableSun = balance - inFlight;
  const requiredSun = transfer.amountSun + fee.feeSun;
  return { sufficient: availableSun >= requiredSun, availableSun, requiredSun, feeSun: fee.feeSun };
};

export const balanceErrorData = (check: BalanceCheck): Record<string, number> => ({
  requiredAmount: sunToTrx(check.requiredSun),
  estimatedFee: sunToTrx(check.feeSun),
});
