import type { CounterStore } from '@trx-shop/domain';
import type { Database } from '../sqlite-database.js';

/**
 * One statement: the upsert and the increment are atomic, concurrent callers serialize on the
 * write lock. Takes `count` values and answers the first of them.
 */
export const createCounterIncrement = (db: Database): ((name: string, count?: number) => number) => {
  const next = db.prepare<[string, number], { value: number }>(
    'INSERT INTO counters (name, value) VALUES (?, ?) ' +
      'ON CONFLICT (name) DO UPDATE SET value = value + excluded.value RETURNING value',
  );
  return (name, count = 1) => {
    const row = next.get(name, count);
    if (!row) throw new Error(`counter ${name} did not answer a value`);
    return row.value - count + 1;
  };
};

export const createSqliteCounterStore = (db: Database): CounterStore => {
  const increment = createCounterIncrement(db);
  return {
    async next(name, count) {
      return increment(name, count);
    },
  };
};
