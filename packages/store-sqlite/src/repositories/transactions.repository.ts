import {
  INCOMING_TYPES,
  OUTGOING_TYPES,
  offsetOf,
  pageOf,
  type TransactionStore,
  type WalletMovementQuery,
} from '@trx-shop/domain';
import {
  TRANSACTION_COLUMN_LIST as COLUMNS,
  type TransactionRow,
  transactionFromRow,
  transactionToRow,
} from '../rows/transaction-row.js';
import type { Database } from '../sqlite-database.js';

const userWhere = (type: boolean, status: boolean): string =>
  ['user_id = @user_id', type ? 'type = @type' : '', status ? 'status = @status' : '']
    .filter((condition) => condition !== '')
    .join(' AND ');

export const TRANSACTION_SQL = {
  byId: 'SELECT * FROM transactions WHERE id = ?',
  // What the service sent is keyed by its txID alone (ledgerEntryKey); deposits never match.
  byHash: 'SELECT * FROM transactions WHERE entry_key = ?',
  byHashes: (count: number) =>
    `SELECT * FROM transactions WHERE entry_key IN (${Array.from({ length: count }, () => '?').join(', ')})`,
  userPage: (type: boolean, status: boolean) =>
    `SELECT * FROM transactions WHERE ${userWhere(type, status)} ORDER BY created_at DESC, id DESC ` +
    'LIMIT @limit OFFSET @offset',
  userCount: (type: boolean, status: boolean) =>
    `SELECT COUNT(*) AS n FROM transactions WHERE ${userWhere(type, status)}`,
  pending: "SELECT * FROM transactions WHERE status = 'pending' ORDER BY created_at, id LIMIT ?",
  awaitingEffect:
    "SELECT * FROM transactions WHERE effect_applied = 0 AND status IN ('confirmed', 'failed') ORDER BY created_at LIMIT ?",
  pendingOutgoing:
    "SELECT COALESCE(SUM(amount_sun), 0) AS sun FROM transactions WHERE from_address = ? AND status = 'pending'",
} as const;

const STREAM_BATCH = 500;
const quoted = (types: readonly string[]) => types.map((type) => `'${type}'`).join(', ');
const INCOMING = `to_address = @address AND type IN (${quoted(INCOMING_TYPES)})`;
const OUTGOING = `from_address = @address AND type IN (${quoted(OUTGOING_TYPES)})`;
/** The wallet's movements (domain `movementOf`), with the query's optional filters. */
const movementWhere = (query: WalletMovementQuery): string =>
  [
    `((${INCOMING}) OR (${OUTGOING}))`,
    query.type === undefined ? '' : 'type = @type',
    query.status === undefined ? '' : 'status = @status',
    query.from === undefined ? '' : 'created_at >= @from',
    query.to === undefined ? '' : 'created_at < @to',
  ]
    .filter((condition) => condition !== '')
    .join(' AND ');
const movementParams = (address: string, query: WalletMovementQuery) => ({
  address,
  ...(query.type === undefined ? {} : { type: query.type }),
  ...(query.status === undefined ? {} : { status: query.status }),
  ...(query.from === undefined ? {} : { from: query.from.getTime() }),
  ...(query.to === undefined ? {} : { to: query.to.getTime() }),
});

export const createSqliteTransactionRepository = (db: Database): TransactionStore => {
  const insert = db.prepare(
    `INSERT INTO transactions (${COLUMNS.join(', ')}) VALUES (${COLUMNS.map((column) => `@${column}`).join(', ')}) ` +
      'ON CONFLICT (entry_key) DO NOTHING',
  );
  const one = (sql: string, param: string) => {
    const row = db.prepare<[string], TransactionRow>(sql).get(param);
    return row ? transactionFromRow(row) : null;
  };

  return {
    async insert(record) {
      return insert.run(transactionToRow(record)).changes === 1 ? 'inserted' : 'exists';
    },

    async insertMany(records) {
      // One commit for the lot: with the table's indexes, a commit per row costs five times the row.
      return db.transaction(() =>
        records.map((record) => (insert.run(transactionToRow(record)).changes === 1 ? 'inserted' : 'exists')),
      )();
    },

    async findById(id) {
      return one(TRANSACTION_SQL.byId, id);
    },

    async findByHash(hash) {
      return one(TRANSACTION_SQL.byHash, hash);
    },

    async findByHashes(hashes) {
      if (hashes.length === 0) return [];
      return db
        .prepare<string[], TransactionRow>(TRANSACTION_SQL.byHashes(hashes.length))
        .all(...hashes)
        .map(transactionFromRow);
    },

    async listByUser(userId, query, request) {
      const type = query.type !== undefined;
      const status = query.status !== undefined;
      const params = {
        user_id: userId,
        ...(type ? { type: query.type } : {}),
        ...(status ? { status: query.status } : {}),
      };
      return db.transaction(() => {
        const rows = db
          .prepare<Record<string, unknown>, TransactionRow>(TRANSACTION_SQL.userPage(type, status))
          .all({ ...params, limit: request.limit, offset: offsetOf(request) });
        const total =
          db
            .prepare<Record<string, unknown>, { n: number }>(TRANSACTION_SQL.userCount(type, status))
            .get(params)?.n ?? 0;
        return pageOf(rows.map(transactionFromRow), total, request);
      })();
    },

    async listWalletMovements(address, query, request) {
      const where = movementWhere(query);
      const params = movementParams(address, query);
      return db.transaction(() => {
        const rows = db
          .prepare<Record<string, unknown>, TransactionRow>(
            `SELECT * FROM transactions WHERE ${where} ORDER BY created_at DESC, id DESC LIMIT @limit OFFSET @offset`,
          )
          .all({ ...params, limit: request.limit, offset: offsetOf(request) });
        const total =
          db
            .prepare<Record<string, unknown>, { n: number }>(
              `SELECT COUNT(*) AS n FROM transactions WHERE ${where}`,
            )
            .get(params)?.n ?? 0;
        return pageOf(rows.map(transactionFromRow), total, request);
      })();
    },

    async *streamWalletMovements(address) {
      const batch = db.prepare<Record<string, unknown>, TransactionRow>(
        `SELECT * FROM transactions WHERE ((${INCOMING}) OR (${OUTGOING})) ` +
          'AND (created_at > @t OR (created_at = @t AND id > @id)) ORDER BY created_at, id LIMIT @limit',
      );
      // Keyset pages: each read starts after the last row yielded, so memory stays at one batch.
      let after = { t: Number.MIN_SAFE_INTEGER, id: '' };
      for (;;) {
        const rows = batch.all({ address, ...after, limit: STREAM_BATCH });
        for (const row of rows) yield transactionFromRow(row);
        const last = rows.at(-1);
        if (!last || rows.length < STREAM_BATCH) return;
        after = { t: last.created_at, id: last.id };
      }
    },

    async walletMovementTotals(address, query) {
      const sums = db
        .prepare<Record<string, unknown>, { in_sun: number; out_sun: number; fees_sun: number }>(
          `SELECT COALESCE(SUM(CASE WHEN ${INCOMING} THEN amount_sun END), 0) AS in_sun, ` +
            `COALESCE(SUM(CASE WHEN (${OUTGOING}) AND type <> 'fee' THEN amount_sun END), 0) AS out_sun, ` +
            `COALESCE(SUM(CASE WHEN (${OUTGOING}) AND type = 'fee' THEN amount_sun END), 0) AS fees_sun ` +
            `FROM transactions WHERE ${movementWhere(query)}`,
        )
        .get(movementParams(address, query));
      return { inSun: sums?.in_sun ?? 0, outSun: sums?.out_sun ?? 0, feesSun: sums?.fees_sun ?? 0 };
    },

    async walletConfirmedNet(address, through, after) {
      const upTo = through === null ? '' : ' AND (created_at < @t OR (created_at = @t AND id <= @id))';
      const from = after === undefined ? '' : ' AND (created_at > @at OR (created_at = @at AND id > @aid))';
      const row = db
        .prepare<Record<string, unknown>, { net: number }>(
          `SELECT COALESCE(SUM(CASE WHEN ${INCOMING} THEN amount_sun ELSE -amount_sun END), 0) AS net ` +
            `FROM transactions WHERE ((${INCOMING}) OR (${OUTGOING})) AND status = 'confirmed'${upTo}${from}`,
        )
        .get({
          address,
          ...(through === null ? {} : { t: through.createdAt.getTime(), id: through.id }),
          ...(after === undefined ? {} : { at: after.createdAt.getTime(), aid: after.id }),
        });
      return row?.net ?? 0;
    },

    async listPending(limit) {
      return db.prepare<[number], TransactionRow>(TRANSACTION_SQL.pending).all(limit).map(transactionFromRow);
    },

    async listAwaitingEffect(limit) {
      return db
        .prepare<[number], TransactionRow>(TRANSACTION_SQL.awaitingEffect)
        .all(limit)
        .map(transactionFromRow);
    },

    async pendingOutgoingSun(address) {
      return db.prepare<[string], { sun: number }>(TRANSACTION_SQL.pendingOutgoing).get(address)?.sun ?? 0;
    },

    async markConfirmed(id, confirmation) {
      const result = db
        .prepare(
          "UPDATE transactions SET status = 'confirmed', block_number = ?, fee_sun = ?, confirmations = ?, updated_at = ? " +
            "WHERE id = ? AND status = 'pending'",
        )
        .run(
          confirmation.blockNumber,
          confirmation.feeSun,
          confirmation.confirmations,
          confirmation.at.getTime(),
          id,
        );
      return result.changes === 1;
    },

    async markFailed(id, reason, at) {
      const result = db
        .prepare(
          "UPDATE transactions SET status = 'failed', failure_reason = ?, updated_at = ? WHERE id = ? AND status = 'pending'",
        )
        .run(reason, at.getTime(), id);
      return result.changes === 1;
    },

    async markEffectApplied(id, at) {
      db.prepare('UPDATE transactions SET effect_applied = 1, updated_at = ? WHERE id = ?').run(
        at.getTime(),
        id,
      );
    },
  };
};
