import {
  domainError,
  err,
  type NewOrder,
  type Order,
  type OrderStore,
  offsetOf,
  ok,
  orderNumberSearched,
  type OrderStatus,
  pageOf,
  type SalesQuery,
} from '@trx-shop/domain';
import type { Statement } from 'better-sqlite3';
import { refundToRow } from '../rows/order-refund-row.js';
import { type OrderRow, orderLinesToRows, orderToRow } from '../rows/order-row.js';
import { type Database, immediate } from '../sqlite-database.js';
import { createCounterIncrement } from './counter-store.js';
import { createEventWriter } from './event-writer.js';
import { createStatementCache } from '../statement-cache.js';
import { createSqliteOrderClaims } from './order-claims.js';
import { createOrderReader, type SaleRow } from './order-reader.js';
import {
  INSERT_ORDER,
  INSERT_ORDER_LINE,
  INSERT_ORDER_REFUND,
  ORDER_SQL,
  type SalesRange,
  type SalesSearch,
} from './order-sql.js';
import { createSqliteOrderStatusChanges } from './order-status.js';
import { createPendingOrderLocks } from './pending-order-locks.js';

export const ORDER_NUMBER_COUNTER = 'order';

const SALES_BATCH = 500;

/** Which statement a sales query needs, and its values. */
interface SalesShape {
  readonly status: boolean;
  readonly range: SalesRange;
  readonly search: SalesSearch;
  readonly customer: boolean;
  readonly params: Record<string, unknown>;
}

const salesShapeOf = (query: SalesQuery): SalesShape => {
  const search = query.search === undefined || query.search === '' ? null : query.search;
  const number = search === null ? null : orderNumberSearched(search);
  return {
    status: query.status !== undefined,
    range: { from: query.from !== undefined, to: query.to !== undefined },
    search: search === null ? 'none' : number === null ? 'customer' : 'customer-or-number',
    customer: query.customerId !== undefined,
    params: {
      ...(query.status === undefined ? {} : { status: query.status }),
      ...(query.from === undefined ? {} : { from: query.from.getTime() }),
      ...(query.to === undefined ? {} : { to: query.to.getTime() }),
      // The keys are lowercased by the same toLowerCase() (rows/user-row.ts, caseKey).
      ...(search === null ? {} : { needle: search.toLowerCase() }),
      ...(number === null ? {} : { number }),
      ...(query.customerId === undefined ? {} : { customer_id: query.customerId }),
    },
  };
};

export const createSqliteOrderStore = (db: Database): OrderStore => {
  const reader = createOrderReader(db);
  const locks = createPendingOrderLocks(db);
  const nextNumber = createCounterIncrement(db);
  const logEvents = createEventWriter(db);
  const insertOrder = db.prepare(INSERT_ORDER);
  const insertLine = db.prepare(INSERT_ORDER_LINE);
  const insertRefund = db.prepare(INSERT_ORDER_REFUND);
  const byId = db.prepare<[string], OrderRow>(ORDER_SQL.byId);
  const statement = createStatementCache(db);
  // An order is its row, its lines and its refunds, read by separate queries: one read transaction
  // sees them at one instant, so a refund claimed in between cannot show in the list of refunds
  // without its amount in the counters (or the other way round).
  const find = db.transaction((id: string): Order | null => reader.one(byId.get(id)));
  const findPending = db.transaction((userId: string): Order | null =>
    reader.one(statement<[string], OrderRow>(ORDER_SQL.pendingByUser).get(userId)),
  );
  const readBatch = db.transaction(
    (batch: Statement<Record<string, unknown>, SaleRow>, params: Record<string, unknown>) => {
      const rows = batch.all(params);
      return { rows, sales: reader.sales(rows) };
    },
  );

  const page = <Row, Item>(
    pageSql: string,
    countSql: string,
    params: Record<string, unknown>,
    request: { limit: number; page: number },
    toItems: (rows: Row[]) => Item[],
  ) =>
    db.transaction(() => {
      const rows = statement<Record<string, unknown>, Row>(pageSql).all({
        ...params,
        limit: request.limit,
        offset: offsetOf(request),
      });
      const total = statement<Record<string, unknown>, { n: number }>(countSql).get(params)?.n ?? 0;
      return pageOf(toItems(rows), total, request);
    })();

  return {
    async create(order: NewOrder, events) {
      // Lock first, then the number, then the row: a refused creation never consumes a number.
      return immediate(db, () => {
        if (order.status === 'pending') {
          const lock = locks.take(order.userId, order.id, order.createdAt.getTime());
          if (!lock.taken) {
            return err(
              domainError('PENDING_ORDER_EXISTS', 'You already have a pending order', {
                pendingOrderId: lock.pendingOrderId,
              }),
            );
          }
        }
        const stored: Order = { ...order, number: nextNumber(ORDER_NUMBER_COUNTER) };
        insertOrder.run(orderToRow(stored));
        for (const line of orderLinesToRows(stored)) insertLine.run(line);
        // New orders have no refunds; one given anyway (an imported order) is kept with it.
        for (const [position, refund] of stored.refunds.entries()) {
          insertRefund.run(refundToRow(stored.id, position, refund));
        }
        logEvents(events);
        return ok(stored);
      });
    },

    async findById(id) {
      return find(id);
    },

    async findPendingByUser(userId) {
      return findPending(userId);
    },

    async listByUser(userId, query, request) {
      const filtered = query.status !== undefined;
      const params = { user_id: userId, ...(filtered ? { status: query.status } : {}) };
      return page(
        ORDER_SQL.userPage(filtered),
        ORDER_SQL.userCount(filtered),
        params,
        request,
        reader.orders,
      );
    },

    async countByUser(userId) {
      return statement<[string], { status: OrderStatus; n: number; last: number }>(ORDER_SQL.userStatusCounts)
        .all(userId)
        .map((row) => ({ status: row.status, count: row.n, lastCreatedAt: new Date(row.last) }));
    },

    async listSales(query, request) {
      const { status, range, search, customer, params } = salesShapeOf(query);
      return page<SaleRow, ReturnType<typeof reader.sales>[number]>(
        ORDER_SQL.salesPage(status, range, search, customer),
        range.from || range.to || search !== 'none' || customer
          ? ORDER_SQL.salesRangeCount(status, range, search, customer)
          : ORDER_SQL.salesCount(status),
        params,
        request,
        reader.sales,
      );
    },

    async *streamSales(query) {
      const { status, range, search, customer, params } = salesShapeOf(query);
      const batch = statement<Record<string, unknown>, SaleRow>(
        ORDER_SQL.salesBatch(status, range, search, customer),
      );
      let before = { before_t: Number.MAX_SAFE_INTEGER, before_id: '' };
      for (;;) {
        // Rows newer than the cursor are never read again: memory holds one batch.
        const { rows, sales } = readBatch(batch, { ...params, ...before, limit: SALES_BATCH });
        for (const sale of sales) yield sale;
        const last = rows.at(-1);
        if (!last || rows.length < SALES_BATCH) return;
        before = { before_t: last.created_at, before_id: last.id };
      }
    },

    ...createSqliteOrderClaims(db, reader, logEvents),
    ...createSqliteOrderStatusChanges(db, reader, locks, logEvents),

    async count() {
      return statement<[], { n: number }>('SELECT COUNT(*) AS n FROM orders').get()?.n ?? 0;
    },
  };
};
