import type { IdempotencyStore, WithdrawalRecord } from '@trx-shop/domain';
import { type WithdrawalRow, withdrawalFromRow, withdrawalToRow } from '../rows/withdrawal-row.js';
import { type Database, immediate } from '../sqlite-database.js';
import { createStatementCache } from '../statement-cache.js';
import { createEventWriter } from './event-writer.js';

const COLUMNS = [
  'id',
  'user_id',
  'key',
  'request_fingerprint',
  'tx_id',
  'signed_transaction',
  'from_address',
  'to_address',
  'amount_sun',
  'expires_at',
  'claimed_at',
  'state',
  'recorded',
  'created_at',
] as const satisfies readonly (keyof WithdrawalRow)[];

export const WITHDRAWAL_SQL = {
  byKey: 'SELECT * FROM withdrawals WHERE user_id = ? AND key = ?',
  unrecorded: 'SELECT * FROM withdrawals WHERE recorded = 0 ORDER BY created_at LIMIT ?',
  /** Only a pending claim settles, so a repeated or contrary settlement moves nothing. */
  settle: "UPDATE withdrawals SET state = @state WHERE id = @id AND state = 'pending'",
} as const;

export const createSqliteIdempotencyStore = (db: Database): IdempotencyStore => {
  const insert = db.prepare(
    `INSERT INTO withdrawals (${COLUMNS.join(', ')}) VALUES (${COLUMNS.map((column) => `@${column}`).join(', ')}) ` +
      'ON CONFLICT (user_id, key) DO NOTHING',
  );
  // Guarded on the old record's createdAt: of two callers replacing one expired record, one wins.
  const replace = db.prepare(
    `UPDATE withdrawals SET ${COLUMNS.map((column) => `${column} = @${column}`).join(', ')} ` +
      'WHERE user_id = @user_id AND key = @key AND created_at = @expected_created_at',
  );
  const byKey = db.prepare<[string, string], WithdrawalRow>(WITHDRAWAL_SQL.byKey);
  const settle = db.prepare<[{ id: string; state: string }]>(WITHDRAWAL_SQL.settle);
  const logEvents = createEventWriter(db);
  const statement = createStatementCache(db);
  const find = (userId: string, key: string): WithdrawalRecord | null => {
    const row = byKey.get(userId, key);
    return row ? withdrawalFromRow(row) : null;
  };

  return {
    async claim(record, reuseAfter, events) {
      const claimed = () => {
        logEvents(events);
        return { claimed: true as const };
      };
      return immediate(db, () => {
        const row = withdrawalToRow(record);
        if (insert.run(row).changes === 1) return claimed();
        const existing = find(record.userId, record.key);
        if (!existing) throw new Error('a conflicting withdrawal record vanished inside a write transaction');
        if (existing.createdAt.getTime() < reuseAfter.getTime()) {
          const replaced = replace.run({ ...row, expected_created_at: existing.createdAt.getTime() });
          if (replaced.changes === 1) return claimed();
        }
        return { claimed: false as const, existing };
      });
    },

    async find(userId, key) {
      return find(userId, key);
    },

    async markRecorded(id) {
      statement('UPDATE withdrawals SET recorded = 1 WHERE id = ?').run(id);
    },

    async settle(id, state, events) {
      immediate(db, () => {
        if (settle.run({ id, state }).changes === 1) logEvents(events);
      });
    },

    async listUnrecorded(limit) {
      return statement<[number], WithdrawalRow>(WITHDRAWAL_SQL.unrecorded).all(limit).map(withdrawalFromRow);
    },
  };
};
