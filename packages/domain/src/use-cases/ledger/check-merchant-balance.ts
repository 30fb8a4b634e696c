import { type DomainError, isDomainError } from '../../errors/domain-error.js';
import { type BalanceObservation, merchantBalanceEvents } from '../../events/merchant-balance-events.js';
import type { Sun } from '../../money/sun.js';
import type { ChainPort } from '../../ports/chain.port.js';
import type { Clock, IdGenerator } from '../../ports/runtime.port.js';
import type { ShopStore } from '../../ports/shop-store.port.js';
import { err, ok, type Result } from '../../shared/result.js';
import { resolveMerchantWallet } from '../payments/merchant-wallet.js';

export interface MerchantBalanceCheckDeps {
  readonly store: Pick<ShopStore, 'users' | 'balanceAlerts'>;
  readonly chain: Pick<ChainPort, 'getConfirmedBalance'>;
  readonly clock: Clock;
  readonly ids: IdGenerator;
  /** MERCHANT_WALLET_ADDRESS: the merchant wallet while no admin holds one. */
  readonly configuredMerchantAddress: string | null;
}

/** What one look at the merchant wallet saw, and whether it recorded a crossing. */
export interface MerchantBalanceCheck extends BalanceObservation {
  /** The balance is below the threshold. */
  readonly low: boolean;
  /** This look recorded a crossing, down to low or back up, with its event. */
  readonly crossed: boolean;
}

export type MerchantBalanceCheckError = DomainError<'MERCHANT_NOT_CONFIGURED' | 'CHAIN_UNAVAILABLE'>;

/** The solidified balance, or the node's unavailability as a value: the next look tries again. */
const confirmedBalance = async (
  chain: MerchantBalanceCheckDeps['chain'],
  address: string,
): Promise<Result<Sun, DomainError<'CHAIN_UNAVAILABLE'>>> => {
  try {
    return ok(await chain.getConfirmedBalance(address));
  } catch (error) {
    if (isDomainError(error) && error.code === 'CHAIN_UNAVAILABLE') {
      return err(error as DomainError<'CHAIN_UNAVAILABLE'>);
    }
    throw error;
  }
};

/**
 * Looks at the merchant wallet's solidified balance (the one refunds are reserved against) and
 * records when it crosses `thresholdSun` (docs/operations.md, "Email"): below it after not being
 * below (or never looked at), `merchant.balance_low`; at or above it again after being below,
 * `merchant.balance_recovered`, so the next drop alerts again. A look that changes nothing writes
 * nothing. The store's guarded write makes one crossing one event, however many instances look
 * at once. A node that does not answer is answered as `CHAIN_UNAVAILABLE`, with nothing recorded.
 */
export const checkMerchantBalance = async (
  deps: MerchantBalanceCheckDeps,
  thresholdSun: Sun,
): Promise<Result<MerchantBalanceCheck, MerchantBalanceCheckError>> => {
  const merchant = await resolveMerchantWallet(deps.store.users, deps.configuredMerchantAddress);
  if (!merchant.ok) return err(merchant.error);
  const { address } = merchant.value;
  const balance = await confirmedBalance(deps.chain, address);
  if (!balance.ok) return err(balance.error);
  const observation: BalanceObservation = { address, balanceSun: balance.value, thresholdSun };
  const low = balance.value < thresholdSun;
  if ((await deps.store.balanceAlerts.isLow(address)) === low)
    return ok({ ...observation, low, crossed: false });
  const at = deps.clock.now();
  const events = merchantBalanceEvents(deps.ids, at, observation);
  const crossed = await deps.store.balanceAlerts.recordLow(address, low, at, [
    low ? events.low() : events.recovered(),
  ]);
  return ok({ ...observation, low, crossed });
};
