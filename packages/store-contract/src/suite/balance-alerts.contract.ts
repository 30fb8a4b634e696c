import { NO_SUBJECTS, type ShopEvent } from '@trx-shop/domain';
import { describe, expect, it } from 'vitest';
import { buildShopEvent } from '../builders/event.builder.js';
import { BUILDER_NOW, minutesAfter } from '../builders/fixed-time.js';
import type { ContractHarness } from '../harness.js';
import { handedOn } from './handed-on.js';
import { useFreshStore } from './use-store.js';

const RACE_TIMEOUT_MS = 120_000;
const MERCHANT = 'TMerchantWalletAddress00000000000a';
const OTHER = 'TOtherWatchedWalletAddress0000000b';

const crossing = (type: 'merchant.balance_low' | 'merchant.balance_recovered', minute: number): ShopEvent =>
  buildShopEvent({
    type,
    occurredAt: minutesAfter(BUILDER_NOW, minute),
    subjects: NO_SUBJECTS,
    payload: { address: MERCHANT, balance: `${minute}.000001`, threshold: '100' },
  });

/**
 * Whether the merchant wallet was last seen below MERCHANT_LOW_BALANCE_TRX (docs/operations.md,
 * "Email"): only a crossing writes, with its event in the same write, once however many
 * instances record it.
 */
export const describeBalanceAlertContract = (harness: ContractHarness): void => {
  describe('balance alerts', () => {
    const store = useFreshStore(harness);

    it('reads a wallet never recorded as not low, and records its first drop once, with its event', async () => {
      const alerts = store().balanceAlerts;
      expect(await alerts.isLow(MERCHANT)).toBe(false);
      // Not low while never recorded is no change: nothing is written, its event neither.
      expect(
        await alerts.recordLow(MERCHANT, false, BUILDER_NOW, [crossing('merchant.balance_recovered', 0)]),
      ).toBe(false);
      const drop = crossing('merchant.balance_low', 1);
      expect(await alerts.recordLow(MERCHANT, true, minutesAfter(BUILDER_NOW, 1), [drop])).toBe(true);
      expect(await alerts.isLow(MERCHANT)).toBe(true);
      // Still low a minute later: no change, so this event is never written.
      const repeat = crossing('merchant.balance_low', 2);
      expect(await alerts.recordLow(MERCHANT, true, minutesAfter(BUILDER_NOW, 2), [repeat])).toBe(false);
      expect(await alerts.isLow(OTHER)).toBe(false);
      expect(await handedOn(store())).toEqual([drop]);
    });

    it('records the way back once, so the next drop is a crossing again', async () => {
      const alerts = store().balanceAlerts;
      const first = crossing('merchant.balance_low', 1);
      const back = crossing('merchant.balance_recovered', 2);
      const again = crossing('merchant.balance_low', 3);
      expect(await alerts.recordLow(MERCHANT, true, minutesAfter(BUILDER_NOW, 1), [first])).toBe(true);
      expect(await alerts.recordLow(MERCHANT, false, minutesAfter(BUILDER_NOW, 2), [back])).toBe(true);
      expect(await alerts.isLow(MERCHANT)).toBe(false);
      const backAgain = crossing('merchant.balance_recovered', 2);
      expect(await alerts.recordLow(MERCHANT, false, minutesAfter(BUILDER_NOW, 2), [backAgain])).toBe(false);
      expect(await alerts.recordLow(MERCHANT, true, minutesAfter(BUILDER_NOW, 3), [again])).toBe(true);
      expect(await alerts.isLow(MERCHANT)).toBe(true);
      // Another wallet has its own record.
      const other = { ...crossing('merchant.balance_low', 4), payload: { address: OTHER } };
      expect(await alerts.recordLow(OTHER, true, minutesAfter(BUILDER_NOW, 4), [other])).toBe(true);
      expect(await handedOn(store())).toEqual([first, back, again, other]);
    });

    it(
      'lets exactly one of 12 concurrent records of the same drop, and then of the same recovery, make it and write its event',
      async () => {
        const drops = Array.from({ length: 12 }, () => crossing('merchant.balance_low', 1));
        const dropped = await harness.race(
          store(),
          'recordBalanceLow',
          drops.map((event) => ({
            address: MERCHANT,
            low: true,
            at: minutesAfter(BUILDER_NOW, 1),
            events: [event],
          })),
        );
        expect(dropped.filter((made) => made)).toHaveLength(1);
        const recoveries = Array.from({ length: 12 }, () => crossing('merchant.balance_recovered', 2));
        const recovered = await harness.race(
          store(),
          'recordBalanceLow',
          recoveries.map((event) => ({
            address: MERCHANT,
            low: false,
            at: minutesAfter(BUILDER_NOW, 2),
            events: [event],
          })),
        );
        expect(recovered.filter((made) => made)).toHaveLength(1);
        expect(await store().balanceAlerts.isLow(MERCHANT)).toBe(false);
        expect(await handedOn(store())).toEqual([
          drops[dropped.indexOf(true)],
          recoveries[recovered.indexOf(true)],
        ]);
      },
      RACE_TIMEOUT_MS,
    );
  });
};
