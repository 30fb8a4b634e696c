import type { IdempotencyStore, ShopEvent, WithdrawalRecord } from '@trx-shop/domain';
import type { Filter } from 'mongodb';
import type { ShopCollections } from '../collections.js';
import type { WithdrawalDocument } from '../documents.js';
import { isDuplicateKey } from '../duplicate-key.js';
import { INDEX } from '../indexes.js';
import { withdrawalFromDocument, withdrawalToDocument } from '../mapping.js';
import { withEvents } from './outbox-writes.js';

const MAX_ATTEMPTS = 100;

/** An outbox still of the size read: a relay clearing an entry meanwhile makes the guard miss. */
const outboxOfSize = (size: number): Filter<WithdrawalDocument> =>
  size === 0 ? { 'outbox.0': { $exists: false } } : { outbox: { $size: size } };

export const createMongoWithdrawalStore = ({
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
          await withdrawals.updateOne({ _id: existing._id }, { $push: { outbox: { $each: carried } } });
        }
        return { claimed: false, existing: withdrawalFromDocument(existing) };
      }
      // An expired record gives way. `_id` is immutable, so "replace" is a delete guarded on the
      // record being unchanged followed by the same unique insert: if a concurrent claimer
      // replaces it first, our insert loses on the index and we answer with its record. Its
      // outbox only grows with a settle (which moves the state) and shrinks with a clear, so the
      // guard also makes the leftovers read exactly the ones deleted.
      const leftovers = existing.outbox ?? [];
      const deleted = await withdrawals.deleteOne({
        _id: existing._id,
        createdAt: existing.createdAt,
        'claim.state': existing.claim.state,
        ...outboxOfSize(leftovers.length),
      });
      if (deleted.deletedCount === 1) carried = [...carried, ...leftovers];
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
