import type { ShopEvent } from './shop-event.js';

/**
 * Whether each watched wallet (the merchant's) was last seen below MERCHANT_LOW_BALANCE_TRX, in
 * the store so every instance shares it: an alert is sent when the balance crosses the line, not
 * on every look, whichever instance looked.
 */
export interface BalanceAlertStore {
  /** Whether `address` was last recorded below the threshold; false when it never was. */
  isLow(address: string): Promise<boolean>;
  /**
   * Records whether `address` is below the threshold now. Only a change writes: to low from not
   * low (or never recorded), or back from low. `events` are written with that change in the same
   * write, and never without it. Answers whether this call made the change: of calls racing to
   * record the same change, on any instance, exactly one does.
   */
  recordLow(address: string, low: boolean, at: Date, events: readonly ShopEvent[]): Promise<boolean>;
}
