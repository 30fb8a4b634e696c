import type { BalanceAlertStore } from '@trx-shop/domain';
import type { ShopCollections } from '../collections.js';
import { isDuplicateKey } from '../duplicate-key.js';
import { shopEventFields } from '../mapping.js';
import { withEvents } from './outbox-writes.js';

/*
 * Each crossing is one guarded single-document write carrying its event in the document's outbox
 * (the relay logs it): of two instances recording the same crossing, the second's guard matches
 * nothing, and a second first record is refused by the unique `_id`.
 */
export const createMongoBalanceAlertStore = ({
  balanceAlerts,
}: Pick<ShopCollections, 'balanceAlerts'>): BalanceAlertStore => ({
  async isLow(address) {
    return (await balanceAlerts.findOne({ _id: address }, { projection: { low: 1 } }))?.low ?? false;
  },

  async recordLow(address, low, at, events) {
    const changed = await balanceAlerts.updateOne(
      { _id: address, low: !low },
      withEvents({ $set: { low, changedAt: at } }, events),
    );
    if (changed.matchedCount === 1) return true;
    // No record reads as not low: only going low has a first record to make.
    if (!low) return false;
    try {
      await balanceAlerts.insertOne({
        _id: address,
        low,
        changedAt: at,
        outbox: events.map(shopEventFields),
      });
      return true;
    } catch (error) {
      // Recorded meanwhile, by this crossing on another instance or an earlier one: already low.
      if (isDuplicateKey(error)) return false;
      throw error;
    }
  },
});
