import type { WindowCount, WindowCounterStore } from '@trx-shop/domain';
import type { ShopCollections } from '../collections.js';
import { isDuplicateKey } from '../duplicate-key.js';

/*
 * One document per key, `{_id: key, count, resetAt}`. Every write is a single-document write
 * guarded on `resetAt`, so no transaction is needed and concurrent instances share one count.
 * A count in a live window is computed from the pre-image (`returnDocument: 'before'`):
 * mongo-java-server serialises a post-image after releasing its lock, so concurrent callers could
 * read each other's count (see counter-store.ts); a restarted or new window answers the
 * values it wrote. No pipeline update is used either.
 */
export const createMongoWindowCounterStore = ({
  windowCounters,
}: Pick<ShopCollections, 'windowCounters'>): WindowCounterStore => ({
  async hit(key, windowMs, now) {
    const resetAt = new Date(now.getTime() + windowMs);
    for (;;) {
      // 1. A live window: count this hit in it.
      const live = await windowCounters.findOneAndUpdate(
        { _id: key, resetAt: { $gt: now } },
        { $inc: { count: 1 } },
        { returnDocument: 'before' },
      );
      if (live) return { count: live.count + 1, resetAt: live.resetAt };
      // 2. An ended window: start a new one in its place (the guard lets one caller do it).
      const ended = await windowCounters.updateOne(
        { _id: key, resetAt: { $lte: now } },
        { $set: { count: 1, resetAt } },
      );
      if (ended.matchedCount === 1) return { count: 1, resetAt };
      // 3. No window at all: the unique `_id` lets one caller create it; the others start over
      //    and count in the window it made.
      try {
        await windowCounters.insertOne({ _id: key, count: 1, resetAt });
        return { count: 1, resetAt };
      } catch (error) {
        if (!isDuplicateKey(error)) throw error;
      }
    }
  },

  async peek(key, now): Promise<WindowCount | null> {
    const window = await windowCounters.findOne({ _id: key, resetAt: { $gt: now } });
    return window ? { count: window.count, resetAt: window.resetAt } : null;
  },

  async reset(key) {
    await windowCounters.deleteOne({ _id: key });
  },

  async sweep(before, limit) {
    if (limit <= 0) return 0;
    // Ids first, then one delete by id (a delete has no limit of its own). The delete repeats the
    // `resetAt` guard: a window restarted in between (same `_id`) is live and stays.
    const ended = await windowCounters
      .find({ resetAt: { $lt: before } }, { projection: { _id: 1 } })
      .limit(limit)
      .toArray();
    if (ended.length === 0) return 0;
    const deleted = await windowCounters.deleteMany({
      _id: { $in: ended.map((document) => document._id) },
      resetAt: { $lt: before },
    });
    return deleted.deletedCount;
  },
});
