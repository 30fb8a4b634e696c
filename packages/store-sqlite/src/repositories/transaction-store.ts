import {
  offsetOf,
  pageOf,
  receivedEntryKey,
  type ShopEvent,
  type TransactionRecord,
  type TransactionStore,
} from '@trx-shop/domain';
import {
  TRANSACTION_COLUMN_LIST as COLUMNS,
  type TransactionRow,
  transactionFromRow,
  transactionToRow,
} from '../rows/transaction-row.js';
import { type Database, immediate } from '../sqlite-database.js';
import { positionalInsert } from '../positional-insert.js';
import { createStatementCache } from '../statement-cache.js';
import { createEventWriter } from './event-writer.js';
import {
  confirmedNetSql,
  movementBatchSql,
  movementCountSql,
  movementPageSql,
  movementParams,
  movementTotalsSql,
} from './wallet-movement-sql.js';

/** Rows per read of a streamed export: memory stays at one batch. */
const STREAM_BATCH = 500;

const userWhere = (type: boolean, status: boolean): string =>
  ['user_id = @user_id', type ? 'type = @type' : '', status ? 'status = @status' : '']
    .filter((condition) => condition !== '')
    .join(' AND ');

export const TRANSACTION_SQL = {
  byId: 'SELECT * FROM transactions WHERE id = ?',
  // What the service sent is keyed by its txID alone (ledgerEntryKey); deposits never match.
  byHash: 'SELECT * FROM transactions WHERE entry_key = ?',
  /** The keys as one JSON array (one statement for any batch), each a probe of the unique index. */
  byHashes: 'SELECT * FROM transactions WHERE entry_key IN (SELECT value FROM json_each(?))',
  // Every line of a txID, of any type: each entry key begins with its txID (ledgerEntryKey), so
  // each wanted txID is one prefix range of the unique entry_key index (`char(0x10FFFF)` sorts
  // after whatever follows the txID) and no index on transaction_hash has to be written on every
  // insert. The txIDs come as one JSON array, so a block batch of thousands is one statement
  // text; CROSS JOIN keeps them the outer loop.
  linesByHashes:
    'SELECT t.* FROM json_each(?) AS wanted CROSS JOIN transactions AS t ' +
    'WHERE t.entry_key >= wanted.value AND t.entry_key < wanted.value || char(0x10FFFF) ' +
    'AND t.transaction_hash = wanted.value',
  // After a position, the row value alone is the lower bound: with `block_number >= @from` beside
  // it SQLite starts every page at the range's first block and skips what earlier pages read.
  confirmedInBlocks: (after: boolean) =>
    "SELECT * FROM transactions WHERE status = 'confirmed' AND " +
    (after ? '(block_number, id) > (@block, @id)' : 'block_number >= @from') +
    ' AND block_number <= @to ORDER BY block_number, id LIMIT @limit',
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

export const createSqliteTransactionStore = (db: Database): TransactionStore => {
  const statement = createStatementCache(db);
  const insertLine = positionalInsert<TransactionRow>(
    db,
    'transactions',
    COLUMNS,
    ' ON CONFLICT (entry_key) DO NOTHING',
  );
  const logEvents = createEventWriter(db);
  /**
   * Inserts the lines and logs the events of those that went in: a transfer recorded twice
   * writes its events once. The events are logged after all the lines, in the lines' order, so
   * a batch takes its sequence numbers in one counter update rather than one per line (the
   * deposit scanner writes its deposits in such batches).
   */
  const insertLines = (
    records: readonly TransactionRecord[],
    events?: readonly (readonly ShopEvent[])[],
  ): ('inserted' | 'exists')[] => {
    const inserted: ShopEvent[] = [];
    const outcomes = records.map((record, index) => {
      if (insertLine(transactionToRow(record)).changes !== 1) return 'exists';
      for (const event of events?.[index] ?? []) inserted.push(event);
      return 'inserted';
    });
    logEvents(inserted);
    return outcomes;
  };
  const linkStatements = {
    bind: db.prepare(
      "UPDATE transactions SET order_id = @order, updated_at = @at WHERE id = @id AND type = 'deposit' AND order_id IS NULL",
    ),
    unbind: db.prepare(
      "UPDATE transactions SET order_id = NULL, updated_at = @at WHERE id = @id AND type = 'deposit' AND order_id = @order",
    ),
    purchase: db.prepare(
      "UPDATE transactions SET type = 'purchase', user_id = @user, effect_applied = 0, updated_at = @at " +
        "WHERE id = @id AND type = 'deposit' AND order_id = @order",
    ),
  };
  const linesByHashes = db.prepare<[string], TransactionRow>(TRANSACTION_SQL.linesByHashes);
  const byHashes = db.prepare<[string], TransactionRow>(TRANSACTION_SQL.byHashes);
  const confirmedInBlocks = {
    first: db.prepare<Record<string, unknown>, TransactionRow>(TRANSACTION_SQL.confirmedInBlocks(false)),
    after: db.prepare<Record<string, unknown>, TransactionRow>(TRANSACTION_SQL.confirmedInBlocks(true)),
  };
  const one = (sql: string, param: string) => {
    const row = statement<[string], TransactionRow>(sql).get(param);
    return row ? transactionFromRow(row) : null;
  };

  return {
    async insert(record, events) {
      return immediate(db, () => {
        if (insertLine(transactionToRow(record)).changes !== 1) return 'exists';
        logEvents(events);
        return 'inserted';
      });
    },

    async insertMany(records, events) {
      // One commit for the lot: with the table's indexes, a commit per row costs five times the row.
      return immediate(db, () => insertLines(records, events));
    },

    async findById(id) {
      return one(TRANSACTION_SQL.byId, id);
    },

    async findByHash(hash) {
      return one(TRANSACTION_SQL.byHash, hash);
    },

    async findReceived(txId, toAddress) {
      const key = receivedEntryKey(txId, toAddress);
      return one(TRANSACTION_SQL.byHash, key);
    },

    async linkReceived(id, step, at) {
      const params = { id, order: step.orderId, at: at.getTime() };
      const result =
        step.kind === 'bind'
          ? linkStatements.bind.run(params)
          : step.kind === 'unbind'
            ? linkStatements.unbind.run(params)
            : linkStatements.purchase.run({ ...params, user: step.userId });
      return result.changes === 1;
    },

    async findByHashes(hashes) {
      if (hashes.length === 0) return [];
      return byHashes.all(JSON.stringify(hashes)).map(transactionFromRow);
    },

    async listByHashes(hashes) {
      if (hashes.length === 0) return [];
      // A txID given twice would join its lines twice.
      return linesByHashes.all(JSON.stringify([...new Set(hashes)])).map(transactionFromRow);
    },

    async listConfirmedInBlocks(blocks, after, limit) {
      // A position before the range leaves all of it to read.
      const rows =
        after === null || after.blockNumber < blocks.from
          ? confirmedInBlocks.first.all({ from: blocks.from, to: blocks.to, limit })
          : confirmedInBlocks.after.all({ block: after.blockNumber, id: after.id, to: blocks.to, limit });
      return rows.map(transactionFromRow);
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
      const params = movementParams(address, query);
      const offset = offsetOf(request);
      return db.transaction(() => {
        const rows = statement<Record<string, unknown>, TransactionRow>(movementPageSql(query)).all({
          ...params,
          limit: request.limit,
          offset,
          window: offset + request.limit,
        });
        const total =
          statement<Record<string, unknown>, { n: number }>(movementCountSql(query)).get(params)?.n ?? 0;
        return pageOf(rows.map(transactionFromRow), total, request);
      })();
    },

    async *streamWalletMovements(address) {
      const batch = statement<Record<string, unknown>, TransactionRow>(movementBatchSql());
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
      const sums = statement<Record<string, unknown>, { in_sun: number; out_sun: number; fees_sun: number }>(
        movementTotalsSql(query),
      ).get(movementParams(address, query));
      return { inSun: sums?.in_sun ?? 0, outSun: sums?.out_sun ?? 0, feesSun: sums?.fees_sun ?? 0 };
    },

    async walletConfirmedNet(address, through, after) {
      const row = statement<Record<string, unknown>, { net: number }>(
        confirmedNetSql({ through: through !== null, after: after !== undefined }),
      ).get({
        address,
        ...(through === null ? {} : { t: through.createdAt.getTime(), id: through.id }),
        ...(after === undefined ? {} : { at: after.createdAt.getTime(), aid: after.id }),
      });
      return row?.net ?? 0;
    },

    async listPending(limit) {
      return statement<[number], TransactionRow>(TRANSACTION_SQL.pending).all(limit).map(transactionFromRow);
    },

    async listAwaitingEffect(limit) {
      return db
        .prepare<[number], TransactionRow>(TRANSACTION_SQL.awaitingEffect)
        .all(limit)
        .map(transactionFromRow);
    },

    async pendingOutgoingSun(address) {
      return statement<[string], { sun: number }>(TRANSACTION_SQL.pendingOutgoing).get(address)?.sun ?? 0;
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
      statement('UPDATE transactions SET effect_applied = 1, updated_at = ? WHERE id = ?').run(
        at.getTime(),
        id,
      );
    },
  };
};
