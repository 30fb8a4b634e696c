import { formatSunAsTrx, type Sun } from '../money/sun.js';
import type { IdGenerator } from '../ports/runtime.port.js';
import { newEvent } from './event-parts.js';

/** One look at the merchant wallet's solidified balance, against MERCHANT_LOW_BALANCE_TRX. */
export interface BalanceObservation {
  readonly address: string;
  readonly balanceSun: Sun;
  readonly thresholdSun: Sun;
}

/**
 * The merchant wallet's balance crossed MERCHANT_LOW_BALANCE_TRX, one way or the other: the
 * service saw it and no one acted, so the events have no actor. Money is exact TRX text, as in
 * every event.
 */
export const merchantBalanceEvents = (ids: IdGenerator, at: Date, observation: BalanceObservation) => {
  const payload = {
    address: observation.address,
    balance: formatSunAsTrx(observation.balanceSun),
    threshold: formatSunAsTrx(observation.thresholdSun),
  };
  return {
    low: () => newEvent(ids, 'merchant.balance_low', at, {}, payload),
    recovered: () => newEvent(ids, 'merchant.balance_recovered', at, {}, payload),
  };
};
