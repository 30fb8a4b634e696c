import { codesOf, type DomainError, domainError } from '../../errors/domain-error.js';
import type { Sun } from '../../money/sun.js';
import type { UsdtUnits } from '../../money/usdt.js';
import { err, ok, type Result } from '../../shared/result.js';
import type { TransactionRecord } from '../../transactions/transaction.js';
import type { User } from '../../users/user.js';
import { resolveMerchantWallet } from './merchant-wallet.js';
import type { PaymentDeps } from './payment-deps.js';

export interface TrxWalletBalance {
  readonly currency: 'TRX';
  /** On the solidified chain. */
  readonly balance: Sun;
  /** What the service has sent from the wallet and not yet settled. */
  readonly pendingOutgoing: Sun;
}

export interface UsdtWalletBalance {
  readonly currency: 'USDT';
  readonly balance: UsdtUnits;
  readonly pendingOutgoing: UsdtUnits;
}

/** One currency the chain serves, in its own base units (SUN for TRX, 10^-6 USDT for USDT). */
export type WalletCurrencyBalance = TrxWalletBalance | UsdtWalletBalance;

export interface WalletBalances {
  readonly address: string;
  /** TRX, then USDT when the chain serves it. */
  readonly balances: readonly [TrxWalletBalance] | readonly [TrxWalletBalance, UsdtWalletBalance];
  /**
   * The TRX one USDT transfer from this wallet to the merchant wallet would burn; null when USDT
   * is off, no merchant wallet exists, or this wallet is the merchant's.
   */
  readonly usdtTransferFeeSun: Sun | null;
}

export type WalletBalancesError = DomainError<'NO_WALLET'>;
export const WALLET_BALANCES_ERRORS = codesOf<WalletBalancesError>()(['NO_WALLET']);

/**
 * The service sends no USDT yet (a transaction's currency is TRX only), so none is in flight;
 * this stops compiling once transactions may be USDT, and must then read the store.
 */
const USDT_IN_FLIGHT: [Extract<TransactionRecord['currency'], 'USDT'>] extends [never] ? 0 : never = 0;

/** The fee does not depend on the amount (energy and bandwidth do not), so one base unit stands for any. */
const ANY_USDT_AMOUNT: UsdtUnits = 1;

const usdtTransferFee = async (
  deps: Pick<PaymentDeps, 'store' | 'chain' | 'configuredMerchantAddress'>,
  fromAddress: string,
): Promise<Sun | null> => {
  const usdt = deps.chain.usdt;
  if (usdt === null) return null;
  const merchant = await resolveMerchantWallet(deps.store.users, deps.configuredMerchantAddress);
  if (!merchant.ok || merchant.value.address === fromAddress) return null;
  const estimate = await usdt.estimateTransferFee({
    fromAddress,
    toAddress: merchant.value.address,
    amount: ANY_USDT_AMOUNT,
  });
  return estimate.feeSun;
};

/**
 * What the user's custodial wallet holds on the solidified chain in each currency the chain
 * serves, what the service has in flight from it, and what a USDT payment's fee would burn; reads
 * only. A node that cannot be reached throws CHAIN_UNAVAILABLE, for USDT as for TRX.
 */
export const walletBalances = async (
  deps: Pick<PaymentDeps, 'store' | 'chain' | 'configuredMerchantAddress'>,
  user: User,
): Promise<Result<WalletBalances, WalletBalancesError>> => {
  const address = user.wallet.address;
  if (!address) return err(domainError('NO_WALLET', 'User has no wallet'));
  const usdt = deps.chain.usdt;
  const [trxBalance, trxInFlight, usdtBalance, feeSun] = await Promise.all([
    deps.chain.getConfirmedBalance(address),
    deps.store.transactions.pendingOutgoingSun(address),
    usdt === null ? null : usdt.getConfirmedBalance(address),
    usdtTransferFee(deps, address),
  ]);
  const trx: TrxWalletBalance = { currency: 'TRX', balance: trxBalance, pendingOutgoing: trxInFlight };
  return ok({
    address,
    balances:
      usdtBalance === null
        ? [trx]
        : [trx, { currency: 'USDT', balance: usdtBalance, pendingOutgoing: USDT_IN_FLIGHT }],
    usdtTransferFeeSun: feeSun,
  });
};
