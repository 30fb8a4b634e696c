import {
  type CustomerQuery,
  type CustomerRow,
  offsetOf,
  pageOf,
  type TimeWindow,
  type UserStore,
} from '@trx-shop/domain';
import { rowOfValues } from '../rows/columns-of-values.js';
import { USER_COLUMN_NAMES, USER_COLUMNS, type UserRow, userFromRow } from '../rows/user-row.js';
import type { Database } from '../sqlite-database.js';
import { createStatementCache } from '../statement-cache.js';
import { boundsOf, splitAtDaysAndHours } from './utc-days.js';

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
 * reads the trigram index (`users_search`) for the users holding the needle's trigrams in a row in
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

const FROM_CUSTOMERS: Record<Exclude<CustomerSearchMode, 'trigram'>, string> = {
  none: "FROM users u WHERE u.role = 'user'",
  // The index holding the keys (`users_role_created_keys`): instr() reads them from it, so only matching rows
  // are read from the table (the planner would otherwise take users_role_created, without them,
  // and read every customer's row: a rare short needle then costs 8x as much).
  scan: `FROM users u INDEXED BY users_role_created_keys WHERE u.role = 'user' AND ${SEARCH}`,
};

const SIGNED_VOLUME =
  "COALESCE(SUM(CASE o.status WHEN 'completed' THEN o.total_sun ELSE -o.total_sun END), 0)";
const SIGNED_SUMMARY_VOLUME =
  "COALESCE(SUM(CASE status WHEN 'completed' THEN total_sun ELSE -total_sun END), 0)";

export const CUSTOMER_SQL = {
  page: (search: Exclude<CustomerSearchMode, 'trigram'>) =>
    `SELECT ${CUSTOMER_COLUMNS} ${FROM_CUSTOMERS[search]} ` +
    'ORDER BY u.created_at DESC, u.id DESC LIMIT @limit OFFSET @offset',
  count: (search: Exclude<CustomerSearchMode, 'trigram'>) => `SELECT COUNT(*) AS n ${FROM_CUSTOMERS[search]}`,
  /** Every customer, from the per-day counts of `customer_day_counts` instead of a count of the users index. */
  customerCount: 'SELECT COALESCE(SUM(customers), 0) AS n FROM customer_day_counts',
  /** A read's first @limit matches in page order, ids only; fewer than @limit is all of them. */
  ids: (search: Exclude<CustomerSearchMode, 'trigram'>) =>
    `SELECT u.id ${FROM_CUSTOMERS[search]} ORDER BY u.created_at DESC, u.id DESC LIMIT @limit`,
  /** The customers among @ids (a JSON array), in no particular order. */
  customersById:
    `SELECT ${CUSTOMER_COLUMNS} FROM users u ` +
    // `+u.role`: every customer has that role, so its index would read them all instead of @ids.
    "WHERE u.id IN (SELECT value FROM json_each(@ids)) AND +u.role = 'user'",
  /**
   * At most @cap of the trigram index's candidates in page order, each with whether it matches
   * (a customer whose key holds the needle): the matches' ids, and so their count, are exact when
   * fewer than @cap came back; at the cap the needle is too common for the index and the scan
   * answers instead.
   */
  trigramCandidates:
    `SELECT u.id, u.role = 'user' AND ${SEARCH} AS matches ` +
    'FROM (SELECT rowid FROM users_search WHERE users_search MATCH @phrase LIMIT @cap) AS s ' +
    'CROSS JOIN users u ON u.rowid = s.rowid ORDER BY u.created_at DESC, u.id DESC',
  /** About the number of users (rowids are handed out in order), read from the end of the table. */
  lastUserRowid: 'SELECT MAX(rowid) AS n FROM users',
  streamBatch:
    `SELECT ${CUSTOMER_COLUMNS} FROM users u WHERE u.role = 'user' AND ` +
    '(u.created_at < @created_at OR (u.created_at = @created_at AND u.id < @id)) ' +
    'ORDER BY u.created_at DESC, u.id DESC LIMIT @limit',
  createdIn:
    "SELECT COUNT(*) AS n FROM users u WHERE u.role = 'user' AND u.created_at >= ? AND u.created_at < ?",
  /** Kept by `customer_day_counts`' triggers: whole UTC days without reading a user. */
  wholeDaysCreated:
    'SELECT COALESCE(SUM(customers), 0) AS n FROM customer_day_counts WHERE utc_day >= ? AND utc_day < ?',
  /** `customer = 1`: the order's user exists with role `user`, kept so by the admin summaries' triggers. */
  /** Kept by `customer_volume_total`'s triggers: one row, whatever the shop's age. */
  totalVolume: 'SELECT volume_sun AS sun FROM customer_volume_total WHERE id = 1',
  /** Kept by `customer_hour_counts`' triggers: whole UTC hours without reading a user. */
  wholeHoursCreated:
    'SELECT COALESCE(SUM(customers), 0) AS n FROM customer_hour_counts WHERE utc_hour >= ? AND utc_hour < ?',
  /** Kept by `order_day_totals`' triggers: a customer's orders per status and UTC day, whole days at once. */
  wholeDaysVolume:
    `SELECT ${SIGNED_SUMMARY_VOLUME} AS sun FROM order_day_totals ` +
    "WHERE status IN ('completed', 'refunded') AND customer = 1 AND utc_day >= ? AND utc_day < ?",
  /** Kept by `customer_volume_hours`' triggers: whole UTC hours without reading an order. */
  wholeHoursVolume:
    'SELECT COALESCE(SUM(volume_sun), 0) AS sun FROM customer_volume_hours WHERE utc_hour >= ? AND utc_hour < ?',
  volumeIn:
    `SELECT ${SIGNED_VOLUME} AS sun FROM orders o JOIN users u ON u.id = o.user_id ` +
    "WHERE o.status IN ('completed', 'refunded') AND o.created_at >= ? AND o.created_at < ? AND +u.role = 'user'",
} as const;

const overWindow = (days: string, hours: string, instants: string) =>
  `(${days}) + (${hours}) + (${hours}) + (${instants}) + (${instants})`;
const CREATED_IN_WINDOW = overWindow(
  CUSTOMER_SQL.wholeDaysCreated,
  CUSTOMER_SQL.wholeHoursCreated,
  CUSTOMER_SQL.createdIn,
);
const VOLUME_IN_WINDOW = overWindow(
  CUSTOMER_SQL.wholeDaysVolume,
  CUSTOMER_SQL.wholeHoursVolume,
  CUSTOMER_SQL.volumeIn,
);

/**
 * The customer stats in one statement (a statement's own cost is about that of a small summary
 * read): the all-time volume, then customers created and their volume in the current and the
 * previous window, each window as its five ranges (`splitAtDaysAndHours`: whole days, two runs of
 * whole hours, two partial hours), bound by `boundsOf` for the current window then the previous,
 * twice.
 */
export const CUSTOMER_STATS_SQL =
  `SELECT (${CUSTOMER_SQL.totalVolume}) AS total_volume, ${CREATED_IN_WINDOW} AS created_current, ` +
  `${CREATED_IN_WINDOW} AS created_previous, ${VOLUME_IN_WINDOW} AS volume_current, ` +
  `${VOLUME_IN_WINDOW} AS volume_previous`;

type CustomerDbRow = UserRow & { total_spent_sun: number };

interface StatsRow {
  readonly total_volume: number;
  readonly created_current: number;
  readonly created_previous: number;
  readonly volume_current: number;
  readonly volume_previous: number;
}

/** CUSTOMER_COLUMNS' names in their order, for rows read as arrays. */
const CUSTOMER_COLUMN_NAMES: readonly string[] = [...USER_COLUMN_NAMES, 'total_spent_sun'];

/** How a page of a search without ids in hand is read. */
interface CustomerSearchRead {
  readonly mode: Exclude<CustomerSearchMode, 'trigram'>;
  readonly values: { readonly needle?: string };
}

/** Whom a search matches: their ids in page order (the trigram index), or how to read a page. */
type Matching =
  | { readonly ids: string[]; readonly read?: never }
  | { readonly ids?: never; readonly read: CustomerSearchRead };

const toCustomer = (row: CustomerDbRow): CustomerRow => ({
  user: userFromRow(row),
  totalSpentSun: row.total_spent_sun,
});

export type CustomerReadModel = Pick<
  UserStore,
  'listCustomers' | 'customerIdsMatching' | 'customersByIds' | 'customerStats' | 'streamCustomers'
>;

export const createSqliteCustomerReadModel = (db: Database): CustomerReadModel => {
  const statement = createStatementCache(db);
  const count = (sql: string, ...params: unknown[]): number =>
    statement<unknown[], { n: number }>(sql).get(...params)?.n ?? 0;
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
   * Whom the search matches: a needle of 3 characters or more goes through the trigram index,
   * which answers the matches' ids in page order, unless it is too common for it
   * (TRIGRAM_CANDIDATE_SHARE), when it scans like a shorter one; a scan answers how to read.
   * A needle found too common is remembered and scans at once when asked again, until the users
   * have doubled. Either way the answer is the same: this only picks the
   * cheaper read.
   */
  const matching = (query: CustomerQuery): Matching => {
    if (query.search === undefined || query.search === '') {
      return { read: { mode: 'none', values: {} } };
    }
    const needle = query.search.toLowerCase();
    // In code points, as the tokenizer counts the UTF-8 it is given: 'é😀' is 3 UTF-16 units, 2
    // characters. An FTS5 query ends at a NUL character, so a needle holding one scans.
    if ([...needle].length >= TRIGRAM_CHARACTERS && !needle.includes('\u0000')) {
      const cap = Math.max(
        MIN_TRIGRAM_CANDIDATE_CAP,
        Math.ceil(count(CUSTOMER_SQL.lastUserRowid) / TRIGRAM_CANDIDATE_SHARE),
      );
      const reached = commonNeedles.get(needle);
      if (reached === undefined || reached * 2 < cap) {
        const candidates = statement<Record<string, unknown>, [id: string, matches: number]>(
          CUSTOMER_SQL.trigramCandidates,
        )
          .raw()
          .all({ needle, phrase: ftsPhraseOf(needle), cap });
        if (candidates.length < cap) {
          commonNeedles.delete(needle);
          const ids = candidates.flatMap(([id, matches]) => (matches ? [id] : []));
          return { ids };
        }
        rememberCommon(needle, cap);
      }
    }
    return { read: { mode: 'scan', values: { needle } } };
  };
  /** How many customers a read without ids in hand matches (a scan counts; the list, a summary). */
  const countOf = (read: CustomerSearchRead): number =>
    read.mode === 'none'
      ? count(CUSTOMER_SQL.customerCount)
      : (statement<Record<string, unknown>, { n: number }>(CUSTOMER_SQL.count('scan')).get(read.values)?.n ??
        0);
  /** The customers among `ids`, read in one statement and put back in the order given. */
  const customersByIds = (ids: readonly string[]): CustomerRow[] => {
    if (ids.length === 0) return [];
    const rowsById = new Map<string, CustomerDbRow>();
    const rows = statement<Record<string, unknown>, unknown[]>(CUSTOMER_SQL.customersById)
      .raw()
      .all({ ids: JSON.stringify(ids) });
    for (const values of rows) {
      const row = rowOfValues<CustomerDbRow>(CUSTOMER_COLUMN_NAMES, values, 0);
      if (row) rowsById.set(row.id, row);
    }
    return ids.flatMap((id) => {
      const row = rowsById.get(id);
      return row ? [toCustomer(row)] : [];
    });
  };

  return {
    async listCustomers(query, page) {
      // One read transaction: the page and its total come from the same state.
      const read = db.transaction(() => {
        const matched = matching(query);
        if (matched.ids) {
          const pageIds = matched.ids.slice(offsetOf(page), offsetOf(page) + page.limit);
          return pageOf(customersByIds(pageIds), matched.ids.length, page);
        }
        const pageRows = statement<Record<string, unknown>, CustomerDbRow>(
          CUSTOMER_SQL.page(matched.read.mode),
        );
        const items = pageRows
          .all({ ...matched.read.values, limit: page.limit, offset: offsetOf(page) })
          .map(toCustomer);
        return pageOf(items, countOf(matched.read), page);
      });
      return read();
    },

    async customerIdsMatching(search, atMost) {
      const matched = matching({ search });
      if (matched.ids) return matched.ids.length > atMost ? null : matched.ids;
      // One more than allowed tells "more than atMost" without counting every match.
      const ids = statement<Record<string, unknown>, string>(CUSTOMER_SQL.ids(matched.read.mode))
        .pluck()
        .all({ ...matched.read.values, limit: atMost + 1 });
      return ids.length > atMost ? null : ids;
    },

    async customersByIds(ids) {
      return customersByIds(ids);
    },

    async customerStats(query) {
      const split = (window: TimeWindow) =>
        boundsOf(splitAtDaysAndHours(window.from.getTime(), window.to.getTime()));
      const windows = [...split(query.current), ...split(query.previous)];
      const figures = statement<number[], StatsRow>(CUSTOMER_STATS_SQL).get(...windows, ...windows);
      return {
        totalVolumeSun: figures?.total_volume ?? 0,
        customersCreated: {
          current: figures?.created_current ?? 0,
          previous: figures?.created_previous ?? 0,
        },
        volumeSun: { current: figures?.volume_current ?? 0, previous: figures?.volume_previous ?? 0 },
      };
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
