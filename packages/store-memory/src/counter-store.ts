import type { CounterStore } from '@trx-shop/domain';
import type { Tables } from './tables.js';

export const createMemoryCounterStore = ({ counters }: Pick<Tables, 'counters'>): CounterStore => ({
  async next(name, count = 1) {
    const first = (counters.get(name) ?? 0) + 1;
    counters.set(name, first + count - 1);
    return first;
  },
});
