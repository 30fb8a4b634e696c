import type { ChainCursorStore } from '@trx-shop/domain';
import type { Tables } from './tables.js';

export const createMemoryChainCursorStore = ({
  chainCursors,
}: Pick<Tables, 'chainCursors'>): ChainCursorStore => ({
  async read(name) {
    return chainCursors.get(name) ?? null;
  },
  async advance(name, expected, next) {
    if ((chainCursors.get(name) ?? null) !== expected) return false;
    chainCursors.set(name, next);
    return true;
  },
});
