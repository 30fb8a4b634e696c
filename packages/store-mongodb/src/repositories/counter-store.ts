import type { CounterStore } from '@trx-shop/domain';
import type { ShopCollections } from '../collections.js';
import { isDuplicateKey } from '../duplicate-key.js';

export const createMongoCounterStore = ({ counters }: Pick<ShopCollections, 'counters'>): CounterStore => ({
  async next(name, count = 1) {
    // The pre-image plus one, not the post-image: mongo-java-server serialises a
    // `returnDocument: 'after'` answer after releasing its lock, so concurrent callers can read
    // each other's value; its pre-image is a private copy. On MongoDB both are correct.
    for (;;) {
      try {
        const before = await counters.findOneAndUpdate(
          { _id: name },
          { $inc: { seq: count } },
          { upsert: true, returnDocument: 'before' },
        );
        return (before?.seq ?? 0) + 1;
      } catch (error) {
        // Two first-ever upserts can both try to insert; the loser retries as an update.
        if (!isDuplicateKey(error)) throw error;
      }
    }
  },
});
