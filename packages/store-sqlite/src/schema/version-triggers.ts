/**
 * What moves each version (VersionStore; docs/decisions.md, "Memoized answers"): one entry per
 * kind of write, turned into triggers that move the `versions` row of the entry's topic in the
 * same transaction as the write, so no code path, no crash and no second process can change what
 * a topic covers without moving it. Released with the versions migration: never edited once
 * shipped; a change is a new migration that drops and recreates the triggers.
 */

type TriggerEvent = 'INSERT' | 'UPDATE' | 'DELETE';
type TriggerRow = 'NEW' | 'OLD';

export interface VersionTrigger {
  readonly table: string;
  readonly events: readonly TriggerEvent[];
  /** An UPDATE moves the topic only when it sets one of these (every UPDATE when absent). */
  readonly columns?: readonly string[];
  /** A further condition on NEW/OLD for the move. */
  readonly when?: string;
  /** The topic a row moves (`versions.topic`); NULL moves nothing. */
  readonly topic: (row: TriggerRow) => string;
}

const changed = (...columns: string[]): string =>
  columns.map((column) => `OLD.${column} IS NOT NEW.${column}`).join(' OR ');

const catalogue = () => "'catalogue'";
const customerSearch = () => "'customer-search'";
const walletHolders = () => "'wallet-holders'";
const ordersOf = (userId: string) => `'user-orders:' || ${userId}`;
const ordersOfOwnerOf = (orderId: string) => ordersOf(`(SELECT user_id FROM orders WHERE id = ${orderId})`);

const SEARCH_COLUMNS = ['id', 'email_key', 'username_key', 'role', 'created_at'];

export const VERSION_TRIGGERS: readonly VersionTrigger[] = [
  // Every column a public catalogue answer shows; not `reserved_stock`, which only reservations set and no answer shows.
  {
    table: 'products',
    events: ['INSERT', 'UPDATE', 'DELETE'],
    columns: [
      'id',
      'name',
      'description',
      'search_text',
      'price_sun',
      'category',
      'stock',
      'image',
      'is_active',
      'created_by',
      'created_at',
      'updated_at',
    ],
    topic: catalogue,
  },
  // Everything `GET /api/orders` shows: a user's orders, their lines and their refunds.
  { table: 'orders', events: ['INSERT', 'UPDATE', 'DELETE'], topic: (row) => ordersOf(`${row}.user_id`) },
  {
    table: 'order_lines',
    events: ['INSERT', 'UPDATE', 'DELETE'],
    topic: (row) => ordersOfOwnerOf(`${row}.order_id`),
  },
  {
    table: 'order_refunds',
    events: ['INSERT', 'UPDATE', 'DELETE'],
    topic: (row) => ordersOfOwnerOf(`${row}.order_id`),
  },
  // Whom a search matches, and in which order, depends only on the users' keys, roles, ids and creation times.
  { table: 'users', events: ['INSERT', 'DELETE'], topic: customerSearch },
  {
    table: 'users',
    events: ['UPDATE'],
    columns: SEARCH_COLUMNS,
    when: changed(...SEARCH_COLUMNS),
    topic: customerSearch,
  },
  // Only a write giving an address a holder can make a remembered "held by no one" wrong; a deletion only takes one away.
  { table: 'users', events: ['INSERT'], when: 'NEW.wallet_address IS NOT NULL', topic: walletHolders },
  {
    table: 'users',
    events: ['UPDATE'],
    columns: ['wallet_address'],
    when: `NEW.wallet_address IS NOT NULL AND ${changed('wallet_address')}`,
    topic: walletHolders,
  },
];

const ROWS_OF: Record<TriggerEvent, readonly TriggerRow[]> = {
  INSERT: ['NEW'],
  UPDATE: ['OLD', 'NEW'],
  DELETE: ['OLD'],
};

/** A topic not yet in `versions` starts at 1 under a random epoch, so a recreated database never repeats a version. */
const moveStatement = (entry: VersionTrigger, event: TriggerEvent): string => {
  const topics = ROWS_OF[event].map((row) => `SELECT ${entry.topic(row)} AS topic`).join(' UNION ');
  const condition = entry.when === undefined ? '' : ` AND (${entry.when})`;
  return `
    INSERT INTO versions (topic, epoch, version)
      SELECT topic, lower(hex(randomblob(6))) || '.', 1 FROM (${topics}) WHERE topic IS NOT NULL${condition}
      ON CONFLICT (topic) DO UPDATE SET version = version + 1;`;
};

/** The columns an UPDATE trigger shared by `entries` listens to; undefined: every column. */
const updateColumnsOf = (
  table: string,
  entries: readonly VersionTrigger[],
): readonly string[] | undefined => {
  if (entries.some((entry) => entry.columns === undefined)) return undefined;
  const columns = [...new Set(entries.flatMap((entry) => entry.columns ?? []))];
  // In a trigger shared with other columns, only a `when` can tell which columns this entry's write set.
  for (const entry of entries) {
    if (entry.when === undefined && entry.columns?.length !== columns.length)
      throw new Error(`a version trigger on ${table} sharing its UPDATE trigger needs a \`when\``);
  }
  return columns;
};

/** One trigger per table and event, moving every topic its entries name. */
export const versionTriggersSql = (entries: readonly VersionTrigger[] = VERSION_TRIGGERS): string => {
  const groups = new Map<string, { table: string; event: TriggerEvent; entries: VersionTrigger[] }>();
  for (const entry of entries) {
    for (const event of entry.events) {
      const key = `${entry.table} ${event}`;
      const group = groups.get(key) ?? { table: entry.table, event, entries: [] };
      group.entries.push(entry);
      groups.set(key, group);
    }
  }
  return [...groups.values()]
    .map(({ table, event, entries: grouped }) => {
      const columns = event === 'UPDATE' ? updateColumnsOf(table, grouped) : undefined;
      const on = columns === undefined ? event : `${event} OF ${columns.join(', ')}`;
      return `
  CREATE TRIGGER ${table}_versions_${event.toLowerCase()} AFTER ${on} ON ${table} BEGIN${grouped
    .map((entry) => moveStatement(entry, event))
    .join('')}
  END;`;
    })
    .join('\n');
};
