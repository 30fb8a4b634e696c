import type { CounterStore } from '@trx-shop/domain';
import type { Database } from '../sqlite-database.js';

/** One statement: the upsert and the increment are atomic, concurrent callers serialize on the write lock. */
export const createCounterIncrement = (db: Database): ((name: string) => number) => {
  const next = db.prepare<[string], { value: number }>(
    'INSERT INTO counters (name, value) VALUES (?, 1) ON CONFLICT (name) DO UPDATE SET value = value + 1 RETURNING value',
  );
  return (name) => {
    const row = next.get(name);
    if (!row) throw new Error(`counter ${name} did not answer a value`);
    return row.value;
  };
};

export const createSqliteCounterRepository = (db: Database): CounterStore => {
  const increment = createCounterIncrement(db);
  return {
    async next(name) {
      return increment(name);
    },
  };
};
