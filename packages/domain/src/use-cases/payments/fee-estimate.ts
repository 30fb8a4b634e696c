import { codesOf, type DomainError, domainError, type ValidationError } from '../../errors/domain-error.js';
import { MAX_WITHDRAWAL_SUN } from '../../money/limits.js';
import type { Sun } from '../../money/sun.js';
import { parseTrxAmount } from '../../money/trx-amount.js';
import { err, ok, type Result } from '../../shared/result.js';
import type { User } from '../../users/user.js';
import { type MerchantWalletError, resolveMerchantWallet } from './merchant-wallet.js';
import type { PaymentDeps } from './payment-deps.js';
import { spendableSun, type TransferFeeBasis, transferCost } from './transfer-cost.js';
import {
  checkWithdrawalRecipient,
  sendingWalletOf,
  type WithdrawalRecipientError,
} from './withdrawal-recipient.js';

export interface FeeEstimateInput {
  /** A withdrawal's recipient; null for a payment to the merchant wallet. */
  readonly toAddress: string | null;
  readonly amount: unknown;
}

export interface TransferFeeEstimate {
  readonly purpose: 'payment' | 'withdrawal';
  readonly fromAddress: string;
  readonly toAddress: string;
  readonly amountSun: Sun;
  readonly feeSun: Sun;
  readonly basis: TransferFeeBasis;
  readonly requiredSun: Sun;
  /** Confirmed (solidified) balance of the sending wallet. */
  readonly balanceSun: Sun;
  /** The balance minus what transfers in flight already hold: what the balance check counts. */
  readonly spendableSun: Sun;
  /** What the wallet still lacks for this transfer; 0 when it can pay. */
  readonly shortfallSun: Sun;
}

export type FeeEstimateError =
  | ValidationError
  | WithdrawalRecipientError
  | MerchantWalletError
  | DomainError<'FORBIDDEN'>;
export const FEE_ESTIMATE_ERRORS = codesOf<FeeEstimateError>()([
  'VALIDATION_ERROR',
  'INVALID_ADDRESS',
  'NO_WALLET',
  'MERCHANT_NOT_CONFIGURED',
  'FORBIDDEN',
]);

const recipientOf = async (
  deps: Pick<PaymentDeps, 'store' | 'chain' | 'configuredMerchantAddress'>,
  user: User,
  toAddress: string | null,
): Promise<Result<{ readonly from: string; readonly to: string }, FeeEstimateError>> => {
  if (toAddress !== null) {
    const wallet = checkWithdrawalRecipient(deps.chain, user, toAddress);
    return wallet.ok ? ok({ from: wallet.value.address, to: toAddress }) : wallet;
  }
  // Admins pay no orders (payOrder refuses them), and the merchant wallet may be their own.
  if (user.role === 'admin')
    return err(domainError('FORBIDDEN', 'Admins pay no orders: a payment estimate is for customers'));
  const wallet = sendingWalletOf(user);
  if (!wallet.ok) return wallet;
  // The address a new order records as its merchant address (createOrder), so the estimate is the pay check's.
  const merchant = await resolveMerchantWallet(deps.store.users, deps.configuredMerchantAddress);
  return merchant.ok ? ok({ from: wallet.value.address, to: merchant.value.address }) : merchant;
};

/**
 * What a transfer of `amount` TRX from the user's custodial wallet would cost and whether the
 * wallet covers it, by the same estimate and the same spendable balance the pay and withdrawal
 * checks use; reads only, reserves nothing.
 */
export const estimateFee = async (
  deps: Pick<PaymentDeps, 'store' | 'chain' | 'configuredMerchantAddress'>,
  user: User,
  input: FeeEstimateInput,
): Promise<Result<TransferFeeEstimate, FeeEstimateError>> => {
  const amount = parseTrxAmount(input.amount, { field: 'amount', maxSun: MAX_WITHDRAWAL_SUN });
  if (!amount.ok) return amount;
  const route = await recipientOf(deps, user, input.toAddress);
  if (!route.ok) return route;
  const { from, to } = route.value;
  const [cost, balanceSun, reservedSun] = await Promise.all([
    transferCost(deps.chain, { fromAddress: from, toAddress: to, amountSun: amount.value }),
    deps.chain.getConfirmedBalance(from),
    deps.store.walletReservations.reservedSun(from),
  ]);
  const spendable = spendableSun(balanceSun, reservedSun);
  return ok({
    purpose: input.toAddress === null ? 'payment' : 'withdrawal',
    fromAddress: from,
    toAddress: to,
    amountSun: amount.value,
    feeSun: cost.feeSun,
    basis: cost.basis,
    requiredSun: cost.requiredSun,
    balanceSun,
    spendableSun: spendable,
    shortfallSun: Math.max(0, cost.requiredSun - spendable),
  });
};
