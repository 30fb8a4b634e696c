import type { WindowCount, WindowCounterStore } from '@trx-shop/domain';
import type { Database } from '../sqlite-database.js';

interface WindowCountRow {
  readonly count: number;
  readonly reset_at: number;
}

export const WINDOW_COUNTER_SQL = {
  /**
   * One statement, so one atomic write (concurrent callers, also in other processes, serialize on
   * the write lock): a new key starts a window; in a live window (`reset_at > @now`) the count
   * goes up by one; an ended window starts over. Every SET expression reads the row as it was.
   */
  hit:
    'INSERT INTO window_counters (key, count, reset_at) VALUES (@key, 1, @new_reset) ' +
    'ON CONFLICT (key) DO UPDATE SET ' +
    'count = CASE WHEN reset_at <= @now THEN 1 ELSE count + 1 END, ' +
    'reset_at = CASE WHEN reset_at <= @now THEN @new_reset ELSE reset_at END ' +
    'RETURNING count, reset_at',
  peek: 'SELECT count, reset_at FROM window_counters WHERE key = ? AND reset_at > ?',
  reset: 'DELETE FROM window_counters WHERE key = ?',
  /**
   * The first `limit` ended windows of the `reset_at` index, deleted by key.
   * (A subquery: DELETE ... LIMIT needs a compile option the driver's SQLite may lack.)
   */
  sweep:
    'DELETE FROM window_counters WHERE key IN ' +
    '(SELECT key FROM window_counters WHERE reset_at < ? ORDER BY reset_at LIMIT ?)',
} as const;

const windowCountOf = (row: WindowCountRow): WindowCount => ({
  count: row.count,
  resetAt: new Date(row.reset_at),
});

export const createSqliteWindowCounterStore = (db: Database): WindowCounterStore => {
  const hit = db.prepare<[{ key: string; now: number; new_reset: number }], WindowCountRow>(
    WINDOW_COUNTER_SQL.hit,
  );
  const peek = db.prepare<[string, number], WindowCountRow>(WINDOW_COUNTER_SQL.peek);
  const reset = db.prepare<[string]>(WINDOW_COUNTER_SQL.reset);
  const sweep = db.prepare<[number, number]>(WINDOW_COUNTER_SQL.sweep);
  return {
    async hit(key, windowMs, now) {
      const row = hit.get({ key, now: now.getTime(), new_reset: now.getTime() + windowMs });
      if (!row) throw new Error(`window counter ${key} did not answer a count`);
      return windowCountOf(row);
    },
    async peek(key, now) {
      const row = peek.get(key, now.getTime());
      return row ? windowCountOf(row) : null;
    },
    async reset(key) {
      reset.run(key);
    },
    async sweep(before, limit) {
      return sweep.run(before.getTime(), limit).changes;
    },
  };
};
