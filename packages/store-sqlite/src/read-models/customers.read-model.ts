import {
  type CustomerQuery,
  type CustomerRow,
  offsetOf,
  pageOf,
  type TimeWindow,
  type UserStore,
} from '@trx-shop/domain';
import { USER_COLUMNS, type UserRow, userFromRow } from '../rows/user-row.js';
import type { Database } from '../sqlite-database.js';
import { createStatementCache } from '../statement-cache.js';
import { DAY_MS, HOUR_MS, splitAtUtcUnits } from './utc-days.js';

const STREAM_BATCH = 200;

/** completed totals minus refunded totals of one user's orders, via orders_user_status_created. */
const TOTAL_SPENT = `(SELECT COALESCE(SUM(CASE o.status WHEN 'completed' THEN o.total_sun ELSE -o.total_sun END), 0)
  FROM orders o WHERE o.user_id = u.id AND o.status IN ('completed', 'refunded')) AS total_spent_sun`;

const CUSTOMER_COLUMNS = `${USER_COLUMNS.split(', ')
  .map((column) => `u.${column}`)
  .join(', ')}, ${TOTAL_SPENT}`;

/** Literal, case-insensitive: instr() has no wildcards to escape, the keys are lowercased. */
const SEARCH = '(instr(u.email_key, @needle) > 0 OR instr(u.username_key, @needle) > 0)';

/**
 * How a search is read: `none` without one; `scan` tests every customer with instr(); `trigram`
 * reads the trigram index (migration 14) for the users holding the needle's trigrams in a row in
 * one key (a superset of the matches, by rowid, without a scan) and still tests them with instr(),
 * so the answer is exactly the scan's.
 */
export type CustomerSearchMode = 'none' | 'scan' | 'trigram';

/** A needle of fewer characters holds no trigram (and the index then matches nothing): it scans. */
export const TRIGRAM_CHARACTERS = 3;

/**
 * A needle found in more than this share of the users (1 / n) scans instead: each trigram
 * candidate is a phrase check in the index and a row read by rowid, several times the cost of a
 * row of the scan. Measured at 100k users (list + stats): a needle in 1% of them takes 4 ms
 * through the index against 20 ms scanned; in 10%, 22 ms against 18 ms.
 */
export const TRIGRAM_CANDIDATE_SHARE = 16;
/** Small tables use the index up to this many candidates whatever their size. */
export const MIN_TRIGRAM_CANDIDATE_CAP = 1_000;
/** How many needles found too common for the index a store remembers (the oldest go first). */
const COMMON_NEEDLES_KEPT = 256;

/** The needle as one FTS5 phrase: a string in double quotes, each `"` in it doubled. */
export const ftsPhraseOf = (needle: string): string => `"${needle.replaceAll('"', '""')}"`;

const FROM_CUSTOMERS: Record<CustomerSearchMode, string> = {
  none: "FROM users u WHERE u.role = 'user'",
  // The index holding the keys (migration 2): instr() reads them from it, so only matching rows
  // are read from the table (the planner would otherwise take users_role_created, without them,
  // and read every customer's row: a rare short needle then costs 8x as much).
  scan: `FROM users u INDEXED BY users_role_created_keys WHERE u.role = 'user' AND ${SEARCH}`,
  // CROSS JOIN: the index drives, each candidate's row is found by rowid.
  trigram:
    'FROM users_search CROSS JOIN users u ON u.rowid = users_search.rowid ' +
    `WHERE users_search MATCH @phrase AND u.role = 'user' AND ${SEARCH}`,
};

const SIGNED_VOLUME =
  "COALESCE(SUM(CASE o.status WHEN 'completed' THEN o.total_sun ELSE -o.total_sun END), 0)";
const SIGNED_SUMMARY_VOLUME =
  "COALESCE(SUM(CASE status WHEN 'completed' THEN total_sun ELSE -total_sun END), 0)";

export const CUSTOMER_SQL = {
  page: (search: CustomerSearchMode) =>
    `SELECT ${CUSTOMER_COLUMNS} ${FROM_CUSTOMERS[search]} ` +
    'ORDER BY u.created_at DESC, u.id DESC LIMIT @limit OFFSET @offset',
  count: (search: Exclude<CustomerSearchMode, 'trigram'>) => `SELECT COUNT(*) AS n ${FROM_CUSTOMERS[search]}`,
  /**
   * The trigram count, reading at most @cap candidates: `n` is exact when `candidates` < @cap;
   * at the cap the needle is too common for the index and the scan counts instead.
   */
  trigramCount:
    `SELECT COUNT(*) AS candidates, COALESCE(SUM(u.role = 'user' AND ${SEARCH}), 0) AS n ` +
    'FROM (SELECT rowid FROM users_search WHERE users_search MATCH @phrase LIMIT @cap) AS s ' +
    'CROSS JOIN users u ON u.rowid = s.rowid',
  /** About the number of users (rowids are handed out in order), read from the end of the table. */
  lastUserRowid: 'SELECT MAX(rowid) AS n FROM users',
  streamBatch:
    `SELECT ${CUSTOMER_COLUMNS} FROM users u WHERE u.role = 'user' AND ` +
    '(u.created_at < @created_at OR (u.created_at = @created_at AND u.id < @id)) ' +
    'ORDER BY u.created_at DESC, u.id DESC LIMIT @limit',
  createdIn:
    "SELECT COUNT(*) AS n FROM users u WHERE u.role = 'user' AND u.created_at >= ? AND u.created_at < ?",
  /** Kept by migration 17's triggers: whole UTC days without reading a user. */
  wholeDaysCreated:
    'SELECT COALESCE(SUM(customers), 0) AS n FROM customer_day_counts WHERE utc_day >= ? AND utc_day < ?',
  /** `customer = 1`: the order's user exists with role `user`, kept so by migration 2's triggers. */
  totalVolume:
    `SELECT ${SIGNED_SUMMARY_VOLUME} AS sun FROM order_day_totals ` +
    "WHERE status IN ('completed', 'refunded') AND customer = 1",
  /** Kept by migration 18's triggers: whole UTC hours without reading an order. */
  wholeHoursVolume:
    'SELECT COALESCE(SUM(volume_sun), 0) AS sun FROM customer_volume_hours WHERE utc_hour >= ? AND utc_hour < ?',
  volumeIn:
    `SELECT ${SIGNED_VOLUME} AS sun FROM orders o JOIN users u ON u.id = o.user_id ` +
    "WHERE o.status IN ('completed', 'refunded') AND o.created_at >= ? AND o.created_at < ? AND u.role = 'user'",
} as const;

type CustomerDbRow = UserRow & { total_spent_sun: number };

interface CustomerSearchRead {
  readonly mode: CustomerSearchMode;
  readonly values: { readonly needle?: string; readonly phrase?: string };
}

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
  /** Needles lately found too common for the index, with the cap they reached (oldest first). */
  const commonNeedles = new Map<string, number>();
  const rememberCommon = (needle: string, cap: number): void => {
    commonNeedles.delete(needle);
    commonNeedles.set(needle, cap);
    if (commonNeedles.size > COMMON_NEEDLES_KEPT) {
      const oldest = commonNeedles.keys().next();
      if (!oldest.done) commonNeedles.delete(oldest.value);
    }
  };
  /**
   * How many customers the search matches, and how to read its page: a needle of 3 characters or
   * more goes through the trigram index unless it is too common for it (TRIGRAM_CANDIDATE_SHARE),
   * when it scans like a shorter one. A needle found too common is remembered and scans at once
   * when asked again (the next page, the next search), until the users have doubled.
   * Either way the answer is the same: this only picks the cheaper read.
   */
  const matching = (query: CustomerQuery): { count: number; read: CustomerSearchRead } => {
    if (query.search === undefined || query.search === '') {
      return { count: count(CUSTOMER_SQL.count('none')), read: { mode: 'none', values: {} } };
    }
    const needle = query.search.toLowerCase();
    // In code points, as the tokenizer counts the UTF-8 it is given: 'é😀' is 3 UTF-16 units, 2
    // characters. An FTS5 query ends at a NUL character, so a needle holding one scans.
    if ([...needle].length >= TRIGRAM_CHARACTERS && !needle.includes('\u0000')) {
      const values = { needle, phrase: ftsPhraseOf(needle) };
      const cap = Math.max(
        MIN_TRIGRAM_CANDIDATE_CAP,
        Math.ceil(count(CUSTOMER_SQL.lastUserRowid) / TRIGRAM_CANDIDATE_SHARE),
      );
      const reached = commonNeedles.get(needle);
      if (reached === undefined || reached * 2 < cap) {
        const indexed = statement<Record<string, unknown>, { candidates: number; n: number }>(
          CUSTOMER_SQL.trigramCount,
        ).get({ ...values, cap });
        if (indexed && indexed.candidates < cap) {
          commonNeedles.delete(needle);
          return { count: indexed.n, read: { mode: 'trigram', values } };
        }
        rememberCommon(needle, cap);
      }
    }
    const values = { needle };
    const scanned = statement<Record<string, unknown>, { n: number }>(CUSTOMER_SQL.count('scan')).get(values);
    return { count: scanned?.n ?? 0, read: { mode: 'scan', values } };
  };
  /** Whole UTC units (days, hours) from a summary, the partial units at either end from the rows' own index. */
  const byUtcUnits = (
    window: TimeWindow,
    read: (sql: string, ...params: unknown[]) => number,
    sql: { readonly unitMs: number; readonly wholeUnits: string; readonly partialUnit: string },
  ): number => {
    const { wholeUnits, partialUnits } = splitAtUtcUnits(
      window.from.getTime(),
      window.to.getTime(),
      sql.unitMs,
    );
    const partial = partialUnits.reduce((total, range) => total + read(sql.partialUnit, ...range), 0);
    return wholeUnits ? partial + read(sql.wholeUnits, ...wholeUnits) : partial;
  };
  const volumeIn = (window: TimeWindow): number =>
    byUtcUnits(window, sun, {
      unitMs: HOUR_MS,
      wholeUnits: CUSTOMER_SQL.wholeHoursVolume,
      partialUnit: CUSTOMER_SQL.volumeIn,
    });
  const customersCreatedIn = (window: TimeWindow): number =>
    byUtcUnits(window, count, {
      unitMs: DAY_MS,
      wholeUnits: CUSTOMER_SQL.wholeDaysCreated,
      partialUnit: CUSTOMER_SQL.createdIn,
    });

  return {
    async listCustomers(query, page) {
      const read = db.transaction(() => {
        const matched = matching(query);
        const pageRows = statement<Record<string, unknown>, CustomerDbRow>(
          CUSTOMER_SQL.page(matched.read.mode),
        );
        const items = pageRows
          .all({ ...matched.read.values, limit: page.limit, offset: offsetOf(page) })
          .map(toCustomer);
        return pageOf(items, matched.count, page);
      });
      return read();
    },

    async customerStats(query) {
      const read = db.transaction(() => ({
        totalVolumeSun: sun(CUSTOMER_SQL.totalVolume),
        customersCreated: {
          current: customersCreatedIn(query.current),
          previous: customersCreatedIn(query.previous),
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
