import type { ChainCursorStore } from '@trx-shop/domain';
import type { ShopCollections } from '../collections.js';
import { isDuplicateKey } from '../duplicate-key.js';

/** One document per scanner; each advance is one guarded write, so two scanners never both move it. */
export const createMongoChainCursorStore = ({
  chainCursors,
}: Pick<ShopCollections, 'chainCursors'>): ChainCursorStore => ({
  async read(name) {
    return (await chainCursors.findOne({ _id: name }))?.blockNumber ?? null;
  },

  async advance(name, expected, next, at) {
    if (expected === null) {
      try {
        await chainCursors.insertOne({ _id: name, blockNumber: next, updatedAt: at });
        return true;
      } catch (error) {
        if (isDuplicateKey(error)) return false;
        throw error;
      }
    }
    const moved = await chainCursors.updateOne(
      { _id: name, blockNumber: expected },
      { $set: { blockNumber: next, updatedAt: at } },
    );
    return moved.matchedCount === 1;
  },
});
