import type { LeaseStore } from '@trx-shop/domain';
import type { ShopCollections } from '../collections.js';
import { isDuplicateKey } from '../duplicate-key.js';

export const createMongoLeaseStore = ({ leases }: Pick<ShopCollections, 'leases'>): LeaseStore => ({
  async tryAcquire(name, holder, now, ttlMs) {
    const expiresAt = new Date(now.getTime() + ttlMs);
    // Renew our own lease or take an expired one, in one guarded write.
    const renewed = await leases.updateOne(
      { _id: name, $or: [{ holder }, { expiresAt: { $lte: now } }] },
      { $set: { holder, expiresAt } },
    );
    if (renewed.matchedCount === 1) return true;
    try {
      // No lease record yet: the unique _id lets exactly one instance create it.
      await leases.insertOne({ _id: name, holder, expiresAt });
      return true;
    } catch (error) {
      if (isDuplicateKey(error)) return false;
      throw error;
    }
  },

  async release(name, holder) {
    await leases.deleteOne({ _id: name, holder });
  },
});
