import { type CustomerRow, offsetOf, pageOf, type UserStore } from '@trx-shop/domain';
import { USER_COLUMNS, type UserRow, userFromRow } from '../rows/user-row.js';
import type { Database } from '../sqlite-database.js';

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
  totalVolume:
    `SELECT ${SIGNED_VOLUME} AS sun FROM orders o JOIN users u ON u.id = o.user_id ` +
    "WHERE o.status IN ('completed', 'refunded') AND u.role = 'user'",
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
  const count = (sql: string, ...params: unknown[]): number =>
    db.prepare<unknown[], { n: number }>(sql).get(...params)?.n ?? 0;
  const sun = (sql: string, ...params: unknown[]): number =>
    db.prepare<unknown[], { sun: number }>(sql).get(...params)?.sun ?? 0;
  const searchParams = (search: string | undefined) =>
    search === undefined || search === '' ? null : { needle: search.toLowerCase() };

  return {
    async listCustomers(query, page) {
      const search = searchParams(query.search);
      const read = db.transaction(() => {
        const rows = db
          .prepare<Record<string, unknown>, CustomerDbRow>(CUSTOMER_SQL.page(search !== null))
          .all({ ...search, limit: page.limit, offset: offsetOf(page) });
        const total = db
          .prepare<Record<string, unknown>, { n: number }>(CUSTOMER_SQL.count(search !== null))
          .get({ ...search })?.n;
        return pageOf(rows.map(toCustomer), total ?? 0, page);
      });
      return read();
    },

    async customerStats(query) {
      const search = searchParams(query.search);
      const read = db.transaction(() => ({
        matchingCustomers:
          db
            .prepare<Record<string, unknown>, { n: number }>(CUSTOMER_SQL.count(search !== null))
            .get({ ...search })?.n ?? 0,
        totalVolumeSun: sun(CUSTOMER_SQL.totalVolume),
        customersCreated: {
          current: count(CUSTOMER_SQL.createdIn, query.current.from.getTime(), query.current.to.getTime()),
          previous: count(CUSTOMER_SQL.createdIn, query.previous.from.getTime(), query.previous.to.getTime()),
        },
        volumeSun: {
          current: sun(CUSTOMER_SQL.volumeIn, query.current.from.getTime(), query.current.to.getTime()),
          previous: sun(CUSTOMER_SQL.volumeIn, query.previous.from.getTime(), query.previous.to.getTime()),
        },
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
