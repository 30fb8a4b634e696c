import type { ChainCursorStore } from '@trx-shop/domain';
import type { Database } from '../sqlite-database.js';

/** One row per scanner; each advance is one guarded statement, so two scanners never both move it. */
export const createSqliteChainCursorStore = (db: Database): ChainCursorStore => {
  const read = db.prepare<[string], { block_number: number }>(
    'SELECT block_number FROM chain_cursors WHERE name = ?',
  );
  const create = db.prepare(
    'INSERT INTO chain_cursors (name, block_number, updated_at) VALUES (@name, @next, @at) ON CONFLICT (name) DO NOTHING',
  );
  const move = db.prepare(
    'UPDATE chain_cursors SET block_number = @next, updated_at = @at WHERE name = @name AND block_number = @expected',
  );
  return {
    async read(name) {
      return read.get(name)?.block_number ?? null;
    },
    async advance(name, expected, next, at) {
      const params = { name, next, at: at.getTime() };
      const statement = expected === null ? create.run(params) : move.run({ ...params, expected });
      return statement.changes === 1;
    },
  };
};
