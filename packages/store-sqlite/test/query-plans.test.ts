import { SqliteDatabase as Database } from '../src/sqlite-driver.js';
import { afterAll, describe, expect, it } from 'vitest';
import { API_KEY_SQL } from '../src/repositories/api-key-store.js';
import { BALANCE_ALERT_SQL } from '../src/repositories/balance-alert-store.js';
import { CUSTOMER_SQL, CUSTOMER_STATS_SQL } from '../src/read-models/customers.read-model.js';
import { DASHBOARD_SQL } from '../src/read-models/dashboard-read-model.js';
import { EVENT_LOG_SQL } from '../src/repositories/event-log-store.js';
import { MAIL_SQL } from '../src/repositories/mail-store.js';
import { MAILBOX_SQL } from '../src/repositories/mailbox-store.js';
import { MAIL_PREFERENCES_SQL } from '../src/repositories/mail-preferences-store.js';
import { ACCOUNT_TOKEN_SQL } from '../src/repositories/account-token-store.js';
import { ORDER_CHILDREN_SQL } from '../src/repositories/order-reader.js';
import { ORDER_REFUND_SQL } from '../src/repositories/order-refunds.js';
import { ORDER_SQL } from '../src/repositories/order-sql.js';
import { STATUS_GUARD_SQL } from '../src/repositories/order-status.js';
import { OUTBOX_SQL } from '../src/repositories/outbox-store.js';
import { PRODUCT_SQL } from '../src/repositories/product-store.js';
import { RECONCILIATION_SQL } from '../src/repositories/reconciliation-store.js';
import { SESSION_SQL } from '../src/repositories/session-store.js';
import { TRANSACTION_SQL } from '../src/repositories/transaction-store.js';
import { USER_SQL } from '../src/repositories/user-store.js';
import { VERSION_SQL } from '../src/repositories/version-store.js';
import { WEBHOOK_SQL } from '../src/repositories/webhook-store.js';
import { WINDOW_COUNTER_SQL } from '../src/repositories/window-counter-store.js';
import { WITHDRAWAL_SQL } from '../src/repositories/idempotency-store.js';
import { migrate } from '../src/schema/migrate.js';

interface Query {
  readonly name: string;
  readonly sql: string;
  /** Positional values or one object of named values; only their presence matters for the plan. */
  readonly params: readonly unknown[] | Readonly<Record<string, unknown>>;
  /** A list served in index order: the plan must not sort in a temporary B-tree. */
  readonly indexOrdered?: boolean;
  /**
   * The only filter is an unanchored substring (product search without category or active
   * filter): no B-tree index can narrow that, so every row is read. Documented in the README.
   */
  readonly substringScanOf?: string;
  /** A summary with one row per UTC day, read whole on purpose: small whatever the shop's size. */
  readonly daySummaryScanOf?: string;
  /** The index the plan must use where a worse one would also avoid a table scan (a regex source). */
  readonly index?: string;
  /** The index that must answer the query alone, without reading the table's rows. */
  readonly coveringIndex?: string;
  /** The FTS5 table whose full-text index (a MATCH, not a scan of it) must find the rows. */
  readonly fullTextIndex?: string;
}

const id = '0123456789abcdef01234567';
const page = { limit: 10, offset: 0 };
const both = [false, true] as const;
const windows = { current_from: 1, current_to: 2, previous_from: 0, previous_to: 1, limit: 5 };

/** A value for each `@name` or `?` of a write statement. */
const placeholderValuesOf = (sql: string): Query['params'] =>
  sql.includes('@')
    ? Object.fromEntries([...sql.matchAll(/@(\w+)/g)].map((match) => [match[1] ?? '', 1]))
    : sql
        .split('?')
        .slice(1)
        .map(() => id);

/** Every list and lookup the API makes, in each filter combination its repository can build. */
const QUERIES: Query[] = [
  { name: 'user by id', sql: USER_SQL.byId, params: [id] },
  { name: 'user by email', sql: USER_SQL.byEmailKey, params: ['a@b.c'] },
  { name: 'user id by email', sql: USER_SQL.idByEmailKey, params: ['a@b.c'] },
  { name: 'user id by username', sql: USER_SQL.idByUsernameKey, params: ['alice'] },
  { name: 'users with wallet keys', sql: USER_SQL.withWalletKeys, params: ['', 10], indexOrdered: true },
  { name: 'first admin', sql: USER_SQL.firstAdmin, params: [], indexOrdered: true },
  { name: 'every admin, oldest first', sql: USER_SQL.admins, params: [], indexOrdered: true },
  { name: 'user active flag flip', sql: USER_SQL.flipActive, params: { id, is_active: 1, at: 1 } },
  { name: 'user touch', sql: USER_SQL.touch, params: { id, at: 1 } },
  {
    name: 'owners of wallet addresses',
    sql: USER_SQL.byWalletAddresses,
    params: [JSON.stringify(['Ta', 'Tb'])],
  },
  {
    name: 'holders of wallet addresses',
    sql: USER_SQL.walletHolders,
    params: [JSON.stringify(['Ta', 'Tb'])],
    coveringIndex: 'users_wallet_holders',
  },
  ...(['none', 'scan'] as const).flatMap((search) => [
    {
      name: `customers page (search ${search})`,
      sql: CUSTOMER_SQL.page(search),
      params: { ...page, ...(search === 'scan' ? { needle: 'x' } : {}) },
      indexOrdered: true,
      ...(search === 'scan' ? { index: 'users_role_created_keys' } : {}),
    },
    {
      name: `customers count (search ${search})`,
      sql: CUSTOMER_SQL.count(search),
      params: search === 'scan' ? { needle: 'x' } : {},
    },
    {
      name: `customer ids (search ${search})`,
      sql: CUSTOMER_SQL.ids(search),
      params: { limit: 10, ...(search === 'scan' ? { needle: 'x' } : {}) },
      indexOrdered: true,
      ...(search === 'scan' ? { index: 'users_role_created_keys' } : {}),
    },
  ]),
  // A needle of 3+ characters: the trigram index finds the candidates, their rows are read by
  // rowid and sorted (few by construction: a common needle scans instead).
  {
    name: 'customers capped trigram candidates',
    sql: CUSTOMER_SQL.trigramCandidates,
    params: { needle: 'xyz', phrase: '"xyz"', cap: 1000 },
    fullTextIndex: 'users_search',
  },
  {
    name: 'customers by ids',
    sql: CUSTOMER_SQL.customersById,
    params: { ids: `["${id}"]` },
    index: 'sqlite_autoindex_users_1',
  },
  { name: 'a topic version', sql: VERSION_SQL.current, params: ['catalogue'] },
  {
    name: 'customer count',
    sql: CUSTOMER_SQL.customerCount,
    params: [],
    daySummaryScanOf: 'customer_day_counts',
  },
  { name: 'customers volume of whole days', sql: CUSTOMER_SQL.wholeDaysVolume, params: [0, 1] },
  { name: 'customers created in whole hours', sql: CUSTOMER_SQL.wholeHoursCreated, params: [0, 1] },
  { name: 'customer stats', sql: CUSTOMER_STATS_SQL, params: Array.from({ length: 40 }, () => 1) },
  { name: 'last user rowid', sql: CUSTOMER_SQL.lastUserRowid, params: [] },
  {
    name: 'customers stream batch',
    sql: CUSTOMER_SQL.streamBatch,
    params: { created_at: 1, id, limit: 200 },
    indexOrdered: true,
  },
  { name: 'customers created in a window', sql: CUSTOMER_SQL.createdIn, params: [0, 1] },
  { name: 'customers total volume', sql: CUSTOMER_SQL.totalVolume, params: [] },
  { name: 'customers volume of whole hours', sql: CUSTOMER_SQL.wholeHoursVolume, params: [0, 1] },
  { name: 'customers created in whole days', sql: CUSTOMER_SQL.wholeDaysCreated, params: [0, 1] },
  { name: 'customers volume in a window', sql: CUSTOMER_SQL.volumeIn, params: [0, 1] },
  { name: 'product by id', sql: PRODUCT_SQL.byId, params: [id] },
  { name: 'products by ids', sql: PRODUCT_SQL.byIds(3), params: [id, id, id] },
  ...both.flatMap((search) =>
    both.flatMap((category) =>
      both.flatMap((activeOnly) => {
        const shape = { search, category, activeOnly };
        const params = { ...(search ? { needle: 'x' } : {}), ...(category ? { category: 'digital' } : {}) };
        const label = JSON.stringify(shape);
        return [
          {
            name: `products page ${label}`,
            sql: PRODUCT_SQL.page(shape),
            params: { ...params, ...page },
            indexOrdered: true,
          },
          {
            name: `products count ${label}`,
            sql: PRODUCT_SQL.count(shape),
            params,
            ...(search && !category && !activeOnly ? { substringScanOf: 'products' } : {}),
          },
        ];
      }),
    ),
  ),
  { name: 'order by id', sql: ORDER_SQL.byId, params: [id] },
  { name: 'pending order of a user', sql: ORDER_SQL.pendingByUser, params: [id], indexOrdered: true },
  ...both.flatMap((status) => {
    const filter = status ? { status: 'completed' } : {};
    return [
      {
        name: `user orders page (status ${status})`,
        sql: ORDER_SQL.userPage(status),
        params: { user_id: id, ...filter, ...page },
        indexOrdered: true,
      },
      {
        name: `user orders count (status ${status})`,
        sql: ORDER_SQL.userCount(status),
        params: { user_id: id, ...filter },
      },
      {
        name: `sales page (status ${status})`,
        sql: ORDER_SQL.salesPage(status),
        params: { ...filter, ...page },
        indexOrdered: true,
      },
      { name: `sales count (status ${status})`, sql: ORDER_SQL.salesCount(status), params: filter },
    ];
  }),
  // A search reads the matching users from the keys' index (named in the SQL), then probes their
  // orders by user_id, whatever else filters: never a walk of every order of a status or range.
  ...both.flatMap((status) =>
    both.flatMap((ranged) =>
      (['customer', 'customer-or-number'] as const).flatMap((search) => {
        const range = { from: ranged, to: ranged };
        const params = {
          ...(status ? { status: 'completed' } : {}),
          ...(ranged ? { from: 0, to: 1 } : {}),
          needle: 'x',
          ...(search === 'customer-or-number' ? { number: 1 } : {}),
        };
        const label = JSON.stringify({ status, ranged, search });
        const byUser = 'orders_user_(?:status_)?created';
        return [
          {
            name: `sales page ${label}`,
            sql: ORDER_SQL.salesPage(status, range, search),
            params: { ...params, ...page },
            index: byUser,
          },
          {
            name: `sales count ${label}`,
            sql: ORDER_SQL.salesRangeCount(status, range, search),
            params,
            index: byUser,
          },
          {
            name: `sales export batch ${label}`,
            sql: ORDER_SQL.salesBatch(status, range, search),
            params: { ...params, before_t: 1, before_id: id, limit: 10 },
            index: byUser,
          },
        ];
      }),
    ),
  ),
  // One customer's sales probe that customer's orders alone, in index order without a search.
  ...both.flatMap((status) =>
    both.flatMap((ranged) =>
      (['none', 'customer'] as const).flatMap((search) => {
        const range = { from: ranged, to: ranged };
        const params = {
          customer_id: id,
          ...(status ? { status: 'completed' } : {}),
          ...(ranged ? { from: 0, to: 1 } : {}),
          ...(search === 'none' ? {} : { needle: 'x' }),
        };
        const label = JSON.stringify({ customer: true, status, ranged, search });
        const byUser = 'orders_user_(?:status_)?created';
        return [
          {
            name: `sales page ${label}`,
            sql: ORDER_SQL.salesPage(status, range, search, true),
            params: { ...params, ...page },
            index: byUser,
            indexOrdered: search === 'none',
          },
          {
            name: `sales count ${label}`,
            sql: ORDER_SQL.salesRangeCount(status, range, search, true),
            params,
            index: byUser,
          },
          {
            name: `sales export batch ${label}`,
            sql: ORDER_SQL.salesBatch(status, range, search, true),
            params: { ...params, before_t: 1, before_id: id, limit: 10 },
            index: byUser,
            indexOrdered: search === 'none',
          },
        ];
      }),
    ),
  ),
  {
    name: 'order counts of a user by status',
    sql: ORDER_SQL.userStatusCounts,
    params: [id],
    coveringIndex: 'orders_user_status_created',
  },
  { name: 'orders with unrecorded claims', sql: ORDER_SQL.unrecordedClaims, params: [10] },
  {
    name: 'order lines of orders',
    sql: ORDER_CHILDREN_SQL.lines('?, ?'),
    params: [id, id],
    indexOrdered: true,
  },
  {
    name: 'order refunds of orders',
    sql: ORDER_CHILDREN_SQL.refunds('?, ?'),
    params: [id, id],
    indexOrdered: true,
  },
  { name: 'status change guard', sql: STATUS_GUARD_SQL, params: [id] },
  ...Object.entries(ORDER_REFUND_SQL).map(([name, sql]) => ({
    name: `refund write: ${name}`,
    sql,
    params: placeholderValuesOf(sql),
  })),
  {
    name: 'pending-order lock of a user',
    sql: 'SELECT order_id, created_at FROM pending_order_locks WHERE user_id = ?',
    params: [id],
  },
  {
    name: 'stock journal entry',
    sql: 'SELECT quantity FROM stock_effects WHERE product_id = ? AND effect_key = ?',
    params: [id, 'k'],
  },
  { name: 'transaction by id', sql: TRANSACTION_SQL.byId, params: [id] },
  { name: 'transaction by hash', sql: TRANSACTION_SQL.byHash, params: ['ab'] },
  ...both.flatMap((type) =>
    both.flatMap((status) => {
      const params = {
        user_id: id,
        ...(type ? { type: 'refund' } : {}),
        ...(status ? { status: 'pending' } : {}),
      };
      return [
        {
          name: `user transactions page (type ${type}, status ${status})`,
          sql: TRANSACTION_SQL.userPage(type, status),
          params: { ...params, ...page },
          indexOrdered: true,
          index: 'transactions_user_lines',
        },
        {
          name: `user transactions count (type ${type}, status ${status})`,
          sql: TRANSACTION_SQL.userCount(type, status),
          params,
          index: 'transactions_user_lines',
        },
      ];
    }),
  ),
  {
    name: 'lines of some entry keys',
    sql: TRANSACTION_SQL.byHashes,
    params: [JSON.stringify(['ab', 'cd'])],
  },
  {
    name: 'every line of some txIDs',
    sql: TRANSACTION_SQL.linesByHashes,
    params: [JSON.stringify(['ab', 'cd'])],
  },
  ...both.map((after) => ({
    name: `confirmed lines of a block range (after ${after})`,
    sql: TRANSACTION_SQL.confirmedInBlocks(after),
    params: { to: 2, limit: 10, ...(after ? { block: 1, id } : { from: 1 }) },
    indexOrdered: true,
  })),
  { name: 'pending transactions', sql: TRANSACTION_SQL.pending, params: [10], indexOrdered: true },
  { name: 'transactions awaiting effect', sql: TRANSACTION_SQL.awaitingEffect, params: [10] },
  { name: 'pending outgoing sum', sql: TRANSACTION_SQL.pendingOutgoing, params: ['T'] },
  { name: 'logged event by id', sql: EVENT_LOG_SQL.byId, params: [id] },
  { name: 'logged ids among some', sql: EVENT_LOG_SQL.loggedIds, params: [JSON.stringify([id])] },
  { name: 'log read after a sequence', sql: EVENT_LOG_SQL.after, params: [1, 10], indexOrdered: true },
  { name: 'oldest logged sequence', sql: EVENT_LOG_SQL.oldest, params: [] },
  { name: 'newest logged sequence', sql: EVENT_LOG_SQL.newest, params: [] },
  {
    name: "a user's logged events after a sequence",
    sql: EVENT_LOG_SQL.userAfter,
    params: [id, 1, 10],
    indexOrdered: true,
  },
  {
    name: 'event log compaction batch',
    sql: EVENT_LOG_SQL.compact,
    params: [1, 10],
    indexOrdered: true,
    index: 'event_log_compactable',
  },
  ...both.flatMap((actorId) =>
    both.flatMap((action) =>
      both.flatMap((targetId) =>
        both.flatMap((from) =>
          both.flatMap((to) => {
            const shape = { actorId, action, targetId, from, to };
            const params = {
              ...(actorId ? { actor_id: id } : {}),
              ...(action ? { action: 'webhook.created' } : {}),
              ...(targetId ? { target_id: id } : {}),
              ...(from ? { from: 0 } : {}),
              ...(to ? { to: 1 } : {}),
            };
            const label = JSON.stringify(shape);
            return [
              {
                name: `audit page ${label}`,
                sql: EVENT_LOG_SQL.auditPage(shape),
                params: { ...params, ...page },
                indexOrdered: true,
                index: actorId ? 'event_log_audit_actor' : 'event_log_audit',
              },
              { name: `audit count ${label}`, sql: EVENT_LOG_SQL.auditCount(shape), params },
            ];
          }),
        ),
      ),
    ),
  ),
  {
    name: "an order's history",
    sql: EVENT_LOG_SQL.orderHistory,
    params: [id],
    indexOrdered: true,
    index: 'event_log_order_sequence',
  },
  { name: 'pending outbox entries', sql: OUTBOX_SQL.pending, params: [10], indexOrdered: true },
  { name: 'outbox entry clear', sql: OUTBOX_SQL.clear, params: [id, 'order', id] },
  {
    name: 'latest reconciliation report',
    sql: RECONCILIATION_SQL.latestReport,
    params: [],
    indexOrdered: true,
    index: 'reconciliation_reports_started',
  },
  {
    name: 'reconciliation reports, newest first',
    sql: RECONCILIATION_SQL.reportsPage,
    params: [10, 0],
    indexOrdered: true,
    index: 'reconciliation_reports_started',
  },
  { name: 'reconciliation report count', sql: RECONCILIATION_SQL.reportCount, params: [] },
  { name: 'reconciliation report by id', sql: RECONCILIATION_SQL.reportById, params: [id] },
  { name: 'wallet openings', sql: RECONCILIATION_SQL.openings, params: [JSON.stringify(['T1', 'T2'])] },
  { name: 'session by id', sql: SESSION_SQL.byId, params: [id] },
  { name: 'sessions of a user', sql: SESSION_SQL.byUser, params: [id], indexOrdered: true },
  { name: 'withdrawal by key', sql: WITHDRAWAL_SQL.byKey, params: [id, 'k'] },
  { name: 'unrecorded withdrawals', sql: WITHDRAWAL_SQL.unrecorded, params: [10], indexOrdered: true },
  { name: 'withdrawal settlement', sql: WITHDRAWAL_SQL.settle, params: { id, state: 'confirmed' } },
  // The window counter's hit is an INSERT ... VALUES upsert: no plan rows, its conflict is the key.
  { name: 'window counter peek', sql: WINDOW_COUNTER_SQL.peek, params: ['login:a', 1] },
  { name: 'window counter reset', sql: WINDOW_COUNTER_SQL.reset, params: ['login:a'] },
  { name: 'window counter sweep batch', sql: WINDOW_COUNTER_SQL.sweep, params: [1, 100], indexOrdered: true },
  { name: 'webhook endpoint by id', sql: WEBHOOK_SQL.endpointById, params: [id] },
  { name: 'webhook endpoints, oldest first', sql: WEBHOOK_SQL.endpoints, params: [], indexOrdered: true },
  ...(
    [
      'updateEndpoint',
      'deleteEndpoint',
      'deleteEndpointDeliveries',
      'succeeded',
      'failed',
      'disableFailing',
      'claim',
      'recordAttempt',
      'requeue',
    ] as const
  ).map((name) => ({
    name: `webhook write: ${name}`,
    sql: WEBHOOK_SQL[name],
    params: placeholderValuesOf(WEBHOOK_SQL[name]),
  })),
  { name: 'due webhook deliveries', sql: WEBHOOK_SQL.due, params: { now: 1, limit: 10 }, indexOrdered: true },
  { name: 'webhook delivery by id', sql: WEBHOOK_SQL.deliveryById, params: [id] },
  {
    name: "an endpoint's webhook deliveries page",
    sql: WEBHOOK_SQL.deliveriesPage,
    params: [id, 10, 0],
    indexOrdered: true,
  },
  { name: "an endpoint's webhook delivery count", sql: WEBHOOK_SQL.deliveriesCount, params: [id] },
  ...(['claim', 'recordAttempt', 'requeue'] as const).map((name) => ({
    name: `mail write: ${name}`,
    sql: MAIL_SQL[name],
    params: placeholderValuesOf(MAIL_SQL[name]),
  })),
  {
    name: 'due mail messages',
    sql: MAIL_SQL.due,
    params: { now: 1, limit: 10 },
    indexOrdered: true,
    index: 'mail_messages_due',
  },
  { name: 'mail message by id', sql: MAIL_SQL.byId, params: [id] },
  {
    name: 'mail delivery log, newest first',
    sql: MAIL_SQL.page,
    params: [10, 0],
    indexOrdered: true,
    index: 'mail_messages_created',
  },
  { name: 'mail delivery log count', sql: MAIL_SQL.count, params: [] },
  {
    name: 'mail delivery log of one status, newest first',
    sql: MAIL_SQL.pageOfStatus,
    params: ['failed', 10, 0],
    indexOrdered: true,
    index: 'mail_messages_status_created',
  },
  { name: 'mail delivery log count of one status', sql: MAIL_SQL.countOfStatus, params: ['failed'] },
  { name: 'mailbox entry by message id', sql: MAILBOX_SQL.byMessageId, params: [id] },
  {
    name: 'mailbox, newest first',
    sql: MAILBOX_SQL.page,
    params: [10, 0],
    indexOrdered: true,
    index: 'mailbox_delivered',
  },
  { name: 'mailbox count', sql: MAILBOX_SQL.count, params: [] },
  { name: 'mail preferences of a batch of users', sql: MAIL_PREFERENCES_SQL.byUserIds, params: ['[]'] },
  {
    name: 'account token consumed by its hash',
    sql: ACCOUNT_TOKEN_SQL.consume,
    params: ['ab', 'password-reset', 1],
  },
  { name: "an account's live token", sql: ACCOUNT_TOKEN_SQL.byUser, params: [id, 'password-reset'] },
  { name: 'API key by hash', sql: API_KEY_SQL.byHash, params: ['ab'] },
  { name: 'API key by id', sql: API_KEY_SQL.byId, params: [id] },
  {
    name: 'API keys, newest first',
    sql: API_KEY_SQL.list,
    params: [],
    indexOrdered: true,
    index: 'api_keys_created',
  },
  ...(['revoke', 'touch'] as const).map((name) => ({
    name: `API key write: ${name}`,
    sql: API_KEY_SQL[name],
    params: placeholderValuesOf(API_KEY_SQL[name]),
  })),
  { name: "a wallet's balance alert", sql: BALANCE_ALERT_SQL.isLow, params: ['T'] },
  {
    name: 'balance alert write: fromLow',
    sql: BALANCE_ALERT_SQL.fromLow,
    params: placeholderValuesOf(BALANCE_ALERT_SQL.fromLow),
  },
  { name: 'dashboard status totals', sql: DASHBOARD_SQL.statusTotals, params: [] },
  { name: 'dashboard whole days of a window', sql: DASHBOARD_SQL.wholeDaysIn, params: [0, 1] },
  { name: 'dashboard partial day of a window', sql: DASHBOARD_SQL.partialDayIn, params: [0, 1] },
  { name: 'dashboard refund totals', sql: DASHBOARD_SQL.refundTotals, params: [] },
  { name: 'dashboard user count', sql: DASHBOARD_SQL.userCount, params: [] },
  { name: 'dashboard inactive user count', sql: DASHBOARD_SQL.inactiveUserCount, params: [] },
  { name: 'dashboard users created in a window', sql: DASHBOARD_SQL.usersCreatedIn, params: [0, 1] },
  { name: 'dashboard top products', sql: DASHBOARD_SQL.topProducts, params: windows },
  { name: 'dashboard daily orders and revenue', sql: DASHBOARD_SQL.dailySales, params: [0] },
  {
    name: 'dashboard completed orders and revenue of a partial day',
    sql: DASHBOARD_SQL.completedSalesIn,
    params: [0, 1],
  },
];

const db = new Database(':memory:');
migrate(db);
afterAll(() => db.close());

const planOf = (query: Query): string[] => {
  const statement = db.prepare<unknown[], { detail: string }>(`EXPLAIN QUERY PLAN ${query.sql}`);
  const rows = Array.isArray(query.params) ? statement.all(...query.params) : statement.all(query.params);
  return rows.map((row) => row.detail);
};

/** A table read without an index: `SCAN users`, but not `SCAN users USING (COVERING) INDEX ...`. */
const isTableScan = (detail: string): boolean => /^SCAN \w+( AS \w+)?$/.test(detail.trim());

/**
 * The table scans of a plan. A FROM-clause subquery (`CO-ROUTINE page`, `MATERIALIZE top`) is read
 * as `SCAN page` while its own plan lines say how its rows are found, so it is not a table.
 */
const tableScansOf = (plan: readonly string[]): string[] => {
  const subqueries = new Set(
    plan.flatMap((detail) => /^(?:CO-ROUTINE|MATERIALIZE) (\w+)$/.exec(detail.trim())?.[1] ?? []),
  );
  return plan.filter((detail) => isTableScan(detail) && !subqueries.has(detail.trim().split(' ')[1] ?? ''));
};

describe('query plans', () => {
  it.each(QUERIES.map((query) => [query.name, query] as const))(
    'serves "%s" through an index',
    (_name, query) => {
      const plan = planOf(query);
      expect(plan.length).toBeGreaterThan(0);
      const scanned = query.substringScanOf ?? query.daySummaryScanOf;
      const expectedScans = scanned === undefined ? [] : [`SCAN ${scanned}`];
      expect(tableScansOf(plan), plan.join('\n')).toEqual(expectedScans);
      if (query.indexOrdered) {
        expect(
          plan.filter((detail) => detail.includes('TEMP B-TREE FOR ORDER BY')),
          plan.join('\n'),
        ).toEqual([]);
      }
      if (query.fullTextIndex) {
        const matches = new RegExp(`^SCAN ${query.fullTextIndex} VIRTUAL TABLE INDEX \\d+:M`);
        expect(
          plan.some((detail) => matches.test(detail.trim())),
          plan.join('\n'),
        ).toBe(true);
        expect(
          plan.some((detail) => /^SEARCH u USING INTEGER PRIMARY KEY \(rowid=\?\)$/.test(detail.trim())),
        ).toBe(true);
      }
      if (query.coveringIndex) {
        const answersFromIndex = new RegExp(
          `^SEARCH \\w+( AS \\w+)? USING COVERING INDEX ${query.coveringIndex}\\b`,
        );
        expect(
          plan.some((detail) => answersFromIndex.test(detail.trim())),
          plan.join('\n'),
        ).toBe(true);
      }
      if (query.index) {
        const usesIndex = new RegExp(`USING (COVERING )?INDEX ${query.index}\\b`);
        expect(
          plan.some((detail) => usesIndex.test(detail)),
          plan.join('\n'),
        ).toBe(true);
      }
    },
  );

  it('recognises a table scan when a query has no usable index', () => {
    const plan = planOf({ name: 'unindexed', sql: 'SELECT * FROM users WHERE phone = ?', params: ['1'] });
    expect(tableScansOf(plan)).toEqual(['SCAN users']);
  });
});
