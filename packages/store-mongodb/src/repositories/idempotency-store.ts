import type { IdempotencyStore, ShopEvent, WithdrawalRecord } from '@trx-shop/domain';
import type { ShopCollections } from '../collections.js';
import { isDuplicateKey } from '../duplicate-key.js';
import { INDEX } from '../indexes.js';
import { eventFromStored, withdrawalFromDocument, withdrawalToDocument } from '../mapping.js';
import { withEvents } from './outbox-writes.js';

const MAX_ATTEMPTS = 100;

export const createMongoIdempotencyStore = ({
  withdrawals,
}: Pick<ShopCollections, 'withdrawals'>): IdempotencyStore => ({
  async claim(record: WithdrawalRecord, reuseAfter: Date, events: readonly ShopEvent[] = []) {
    // Unrelayed events of an expired record this call deleted: they go wherever the key goes,
    // so giving way never drops them (a crash between the delete and the insert still can).
    let carried: ShopEvent[] = [];
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
      try {
        // The unique (userId, key) index is the claim: of concurrent requests one insert wins,
        // and only the winner's document holds its events.
        await withdrawals.insertOne(withdrawalToDocument(record, [...carried, ...events]));
        return { claimed: true };
      } catch (error) {
        if (!isDuplicateKey(error, INDEX.withdrawalUserKey)) throw error;
      }
      const existing = await withdrawals.findOne({ userId: record.userId, key: record.key });
      if (!existing) continue;
      if (existing.createdAt.getTime() >= reuseAfter.getTime()) {
        if (carried.length > 0) {
          await withdrawals.updateOne({ _id: existing._id }, withEvents({}, carried));
        }
        return { claimed: false, existing: withdrawalFromDocument(existing) };
      }
      // An expired record gives way. `_id` is immutable, so "replace" is a delete of the record
      // read followed by the same unique insert: if a concurrent claimer replaces it first, our
      // insert loses on the index and we answer with its record. The delete answers the record
      // as it was deleted, so its outbox is exactly the events still unrelayed at that moment.
      const gone = await withdrawals.findOneAndDelete({ _id: existing._id, createdAt: existing.createdAt });
      carried = [...carried, ...(gone?.outbox ?? []).map(eventFromStored)];
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

  async settle(id, state, events) {
    // Only out of pending, so a repeat (or a late opposite outcome) moves nothing and writes none.
    await withdrawals.updateOne(
      { _id: id, 'claim.state': 'pending' },
      withEvents({ $set: { 'claim.state': state } }, events),
    );
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
