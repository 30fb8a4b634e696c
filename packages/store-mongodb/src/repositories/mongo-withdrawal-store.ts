import type { IdempotencyStore, WithdrawalRecord } from '@trx-shop/domain';
import type { ShopCollections } from '../collections.js';
import { isDuplicateKey } from '../duplicate-key.js';
import { INDEX } from '../indexes.js';
import { withdrawalFromDocument, withdrawalToDocument } from '../mapping.js';

const MAX_ATTEMPTS = 100;

export const createMongoWithdrawalStore = ({
  withdrawals,
}: Pick<ShopCollections, 'withdrawals'>): IdempotencyStore => ({
  async claim(record: WithdrawalRecord, reuseAfter: Date) {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
      try {
        // The unique (userId, key) index is the claim: of concurrent requests one insert wins.
        await withdrawals.insertOne(withdrawalToDocument(record));
        return { claimed: true };
      } catch (error) {
        if (!isDuplicateKey(error, INDEX.withdrawalUserKey)) throw error;
      }
      const existing = await withdrawals.findOne({ userId: record.userId, key: record.key });
      if (!existing) continue;
      if (existing.createdAt.getTime() >= reuseAfter.getTime()) {
        return { claimed: false, existing: withdrawalFromDocument(existing) };
      }
      // An expired record gives way. `_id` is immutable, so "replace" is a delete guarded on the
      // record being unchanged followed by the same unique insert: if a concurrent claimer
      // replaces it first, our insert loses on the index and we answer with its record.
      await withdrawals.deleteOne({ _id: existing._id, createdAt: existing.createdAt });
    }
    throw new Error(`withdrawal key ${record.key} kept changing hands`);
  },

  async find(userId, key) {
    const document = await withdrawals.findOne({ userId, key });
    return document ? withdrawalFromDocument(document) : null;
  },

  async markRecorded(id) {
    await withdrawals.updateOne({ _id: id }, { $set: { 'claim.recorded': true } });
  },

  async settle(id, state) {
    await withdrawals.updateOne({ _id: id }, { $set: { 'claim.state': state } });
  },

  async listUnrecorded(limit) {
    const documents = await withdrawals
      .find({ 'claim.recorded': false })
      .sort({ createdAt: 1, _id: 1 })
      .limit(limit)
      .toArray();
    return documents.map(withdrawalFromDocument);
  },
});
