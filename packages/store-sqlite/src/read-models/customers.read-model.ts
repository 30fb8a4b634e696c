import { type CustomerRow, offsetOf, pageOf, type TimeWindow, type UserStore } from '@trx-shop/domain';
import { USER_COLUMNS, type UserRow, userFromRow } from '../rows/user-row.js';
import type { Database } from '../sqlite-database.js';
import { createStatementCache } from '../statement-cache.js';
import { splitAtUtcMidnights } from './utc-days.js';

const STREAM_BATCH = 200;

/** completed totals minus refunded totals of one user's orders, via orders_user_status_created. */
const TOTAL_SPENT = `(SELECT COALESCE(SUM(CASE o.status WHEN 'completed' THEN o.total_sun ELSE -o.total_sun END), 0)
  FROM orders o WHERE o.user_id = u.id AND o.status IN ('completed', 'refunded')) AS total_spent_sun`;

const CUSTOMER_COLUMNS = `${USER_COLUMNS.split(', ')
  .map((column) => `u.${column}`)
  .join(', ')}, ${TOTAL_SPENT}`;

/** Literal, case-insensitive: instr() has no wildcards to escape, the keys are lowercased. */
const SEARCH = '(instr(u.email_key, @needle) > 0 OR instr(u.username_key, @needle) > 0)';

const SIGNED_VOLUME =
  "COALESCE(SUM(CASE o.status WHEN 'completed' THEN o.total_sun ELSE -o.total_sun END), 0)";
const SIGNED_SUMMARY_VOLUME =
  "COALESCE(SUM(CASE status WHEN 'completed' THEN total_sun ELSE -total_sun END), 0)";

export const customersWhere = (search: boolean): string => `u.role = 'user'${search ? ` AND ${SEARCH}` : ''}`;

export const CUSTOMER_SQL = {
  page: (search: boolean) =>
    `SELECT ${CUSTOMER_COLUMNS} FROM users u WHERE ${customersWhere(search)} ` +
    'ORDER BY u.created_at DESC, u.id DESC LIMIT @limit OFFSET @offset',
  count: (search: boolean) => `SELECT COUNT(*) AS n FROM users u WHERE ${customersWhere(search)}`,
  streamBatch:
    `SELECT ${CUSTOMER_COLUMNS} FROM users u WHERE u.role = 'user' AND ` +
    '(u.created_at < @created_at OR (u.created_at = @created_at AND u.id < @id)) ' +
    'ORDER BY u.created_at DESC, u.id DESC LIMIT @limit',
  createdIn:
    "SELECT COUNT(*) AS n FROM users u WHERE u.role = 'user' AND u.created_at >= ? AND u.created_at < ?",
  /** `customer = 1`: the order's user exists with role `user`, kept so by migration 2's triggers. */
  totalVolume:
    `SELECT ${SIGNED_SUMMARY_VOLUME} AS sun FROM order_day_totals ` +
    "WHERE status IN ('completed', 'refunded') AND customer = 1",
  wholeDaysVolume:
    `SELECT ${SIGNED_SUMMARY_VOLUME} AS sun FROM order_day_totals ` +
    "WHERE status IN ('completed', 'refunded') AND utc_day >= ? AND utc_day < ? AND customer = 1",
  volumeIn:
    `SELECT ${SIGNED_VOLUME} AS sun FROM orders o JOIN users u ON u.id = o.user_id ` +
    "WHERE o.status IN ('completed', 'refunded') AND o.created_at >= ? AND o.created_at < ? AND u.role = 'user'",
} as const;

type CustomerDbRow = UserRow & { total_spent_sun: number };

const toCustomer = (row: CustomerDbRow): CustomerRow => ({
  user: userFromRow(row),
  totalSpentSun: row.total_spent_sun,
});

export type CustomerReadModel = Pick<UserStore, 'listCustomers' | 'customerStats' | 'streamCustomers'>;

export const createSqliteCustomerReadModel = (db: Database): CustomerReadModel => {
  const statement = createStatementCache(db);
  const count = (sql: string, ...params: unknown[]): number =>
    statement<unknown[], { n: number }>(sql).get(...params)?.n ?? 0;
  const sun = (sql: string, ...params: unknown[]): number =>
    statement<unknown[], { sun: number }>(sql).get(...params)?.sun ?? 0;
  const searchParams = (search: string | undefined) =>
    search === undefined || search === '' ? null : { needle: search.toLowerCase() };
  const matching = (search: { needle: string } | null): number =>
    statement<Record<string, unknown>, { n: number }>(CUSTOMER_SQL.count(search !== null)).get({ ...search })
      ?.n ?? 0;
  /** Whole UTC days from the summary, the partial days at either end from the orders. */
  const volumeIn = (window: TimeWindow): number => {
    const { wholeDays, partialDays } = splitAtUtcMidnights(window.from.getTime(), window.to.getTime());
    const partial = partialDays.reduce((total, range) => total + sun(CUSTOMER_SQL.volumeIn, ...range), 0);
    return wholeDays ? partial + sun(CUSTOMER_SQL.wholeDaysVolume, ...wholeDays) : partial;
  };

  return {
    async listCustomers(query, page) {
      const search = searchParams(query.search);
      const read = db.transaction(() => {
        const pageRows = statement<Record<string, unknown>, CustomerDbRow>(
          CUSTOMER_SQL.page(search !== null),
        );
        const items = pageRows.all({ ...search, limit: page.limit, offset: offsetOf(page) }).map(toCustomer);
        return pageOf(items, matching(search), page);
      });
      return read();
    },

    async customerStats(query) {
      const search = searchParams(query.search);
      const read = db.transaction(() => ({
        matchingCustomers: matching(search),
        totalVolumeSun: sun(CUSTOMER_SQL.totalVolume),
        customersCreated: {
          current: count(CUSTOMER_SQL.createdIn, query.current.from.getTime(), query.current.to.getTime()),
          previous: count(CUSTOMER_SQL.createdIn, query.previous.from.getTime(), query.previous.to.getTime()),
        },
        volumeSun: { current: volumeIn(query.current), previous: volumeIn(query.previous) },
      }));
      return read();
    },

    async *streamCustomers() {
      const batch = db.prepare<Record<string, unknown>, CustomerDbRow>(CUSTOMER_SQL.streamBatch);
      let cursor = { created_at: Number.MAX_SAFE_INTEGER, id: '' };
      for (;;) {
        const rows = batch.all({ ...cursor, limit: STREAM_BATCH });
        for (const row of rows) yield toCustomer(row);
        const last = rows.at(-1);
        if (!last || rows.length < STREAM_BATCH) return;
        cursor = { created_at: last.created_at, id: last.id };
      }
    },
  };
};
