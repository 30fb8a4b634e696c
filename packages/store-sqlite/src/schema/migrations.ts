import { accountTokensMigration } from './account-tokens-migration.js';
import { apiKeysMigration } from './api-keys-migration.js';
import { catalogueVersionMigration } from './catalogue-version-migration.js';
import { customerSearchVersionMigration } from './customer-search-version-migration.js';
import { customerStatsTotalsMigration } from './customer-stats-totals-migration.js';
import { auditMigration } from './audit-migration.js';
import { balanceAlertsMigration } from './balance-alerts-migration.js';
import { customerDayCountsMigration } from './customer-day-counts-migration.js';
import { customerSearchMigration } from './customer-search-migration.js';
import { customerVolumeHoursMigration } from './customer-volume-hours-migration.js';
import { eventLogMigration } from './event-log-migration.js';
import { mailMigration } from './mail-migration.js';
import { mailPreferencesMigration } from './mail-preferences-migration.js';
import { orderRefundsMigration } from './order-refunds-migration.js';
import { productUsdtPriceMigration } from './product-usdt-price-migration.js';
import { reconciliationHistoryMigration } from './reconciliation-history-migration.js';
import { reconciliationMigration } from './reconciliation-migration.js';
import { userOrderVersionsMigration } from './user-order-versions-migration.js';
import { versionsMigration } from './versions-migration.js';
import { webhooksMigration } from './webhooks-migration.js';
import { utcDayOf } from './utc-day-sql.js';
import { walletHoldersVersionMigration } from './wallet-holders-version-migration.js';
import { windowCountersMigration } from './window-counters-migration.js';

/**
 * The versioned schema. Migration n brings `PRAGMA user_version` from n-1 to n; released
 * migrations are never edited, only appended to.
 *
 * Conventions: ids are 24-hex object-id TEXT primary keys; money is INTEGER SUN; instants are
 * INTEGER epoch milliseconds (exact, and range/day arithmetic stays numeric); booleans are 0/1.
 * Columns a query filters, sorts or aggregates on are real columns, each list/lookup has an index.
 */
export const MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE users (
    id TEXT PRIMARY KEY,
    email TEXT NOT NULL,
    email_key TEXT NOT NULL UNIQUE,
    username TEXT NOT NULL,
    username_key TEXT NOT NULL UNIQUE,
    password_hash TEXT NOT NULL,
    role TEXT NOT NULL,
    wallet_address TEXT,
    wallet_encrypted_key TEXT,
    wallet_external_address TEXT,
    phone TEXT,
    country TEXT,
    two_factor_enabled INTEGER NOT NULL,
    two_factor_secret TEXT,
    two_factor_last_step INTEGER,
    is_active INTEGER NOT NULL,
    last_login INTEGER,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL
  );
  CREATE INDEX users_role_created ON users (role, created_at, id);
  CREATE INDEX users_created ON users (created_at);
  CREATE INDEX users_active ON users (is_active);

  CREATE TABLE products (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    description TEXT NOT NULL,
    search_text TEXT NOT NULL,
    price_sun INTEGER NOT NULL,
    category TEXT NOT NULL,
    stock INTEGER NOT NULL CHECK (stock >= 0),
    image TEXT NOT NULL,
    is_active INTEGER NOT NULL,
    created_by TEXT,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL
  );
  CREATE INDEX products_created ON products (created_at, id);
  CREATE INDEX products_category_created ON products (category, created_at, id);
  CREATE INDEX products_active_created ON products (is_active, created_at, id);
  CREATE INDEX products_active_category_created ON products (is_active, category, created_at, id);

  CREATE TABLE stock_effects (
    product_id TEXT NOT NULL,
    effect_key TEXT NOT NULL,
    quantity INTEGER NOT NULL,
    PRIMARY KEY (product_id, effect_key)
  ) WITHOUT ROWID;

  CREATE TABLE counters (
    name TEXT PRIMARY KEY,
    value INTEGER NOT NULL
  ) WITHOUT ROWID;

  CREATE TABLE orders (
    id TEXT PRIMARY KEY,
    number INTEGER NOT NULL UNIQUE,
    user_id TEXT NOT NULL,
    subtotal_sun INTEGER NOT NULL,
    network_fee_sun INTEGER NOT NULL,
    discount_sun INTEGER NOT NULL,
    total_sun INTEGER NOT NULL,
    status TEXT NOT NULL,
    payment_method TEXT NOT NULL,
    transaction_hash TEXT,
    wallet_address TEXT NOT NULL,
    merchant_address TEXT NOT NULL,
    payment_tx_id TEXT,
    payment_signed_transaction TEXT,
    payment_from_address TEXT,
    payment_to_address TEXT,
    payment_amount_sun INTEGER,
    payment_expires_at INTEGER,
    payment_claimed_at INTEGER,
    payment_state TEXT,
    payment_recorded INTEGER,
    refund_tx_id TEXT,
    refund_signed_transaction TEXT,
    refund_from_address TEXT,
    refund_to_address TEXT,
    refund_amount_sun INTEGER,
    refund_expires_at INTEGER,
    refund_claimed_at INTEGER,
    refund_state TEXT,
    refund_recorded INTEGER,
    purchase_effect TEXT,
    refund_effect TEXT,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL
  );
  CREATE INDEX orders_user_created ON orders (user_id, created_at, id);
  CREATE INDEX orders_user_status_created ON orders (user_id, status, created_at, id);
  CREATE INDEX orders_status_created ON orders (status, created_at, id, total_sun, network_fee_sun);
  CREATE INDEX orders_created ON orders (created_at, id);
  CREATE INDEX orders_payment_recorded ON orders (payment_recorded);
  CREATE INDEX orders_refund_recorded ON orders (refund_recorded);

  CREATE TABLE order_lines (
    order_id TEXT NOT NULL,
    line_index INTEGER NOT NULL,
    product_id TEXT NOT NULL,
    name TEXT NOT NULL,
    price_sun INTEGER NOT NULL,
    quantity INTEGER NOT NULL,
    color TEXT,
    stock_taken INTEGER,
    stock_restored INTEGER,
    PRIMARY KEY (order_id, line_index)
  ) WITHOUT ROWID;

  CREATE TABLE pending_order_locks (
    user_id TEXT PRIMARY KEY,
    order_id TEXT NOT NULL,
    created_at INTEGER NOT NULL
  ) WITHOUT ROWID;

  CREATE TABLE transactions (
    id TEXT PRIMARY KEY,
    user_id TEXT NOT NULL,
    order_id TEXT,
    type TEXT NOT NULL,
    amount_sun INTEGER NOT NULL,
    currency TEXT NOT NULL,
    network TEXT NOT NULL,
    transaction_hash TEXT NOT NULL UNIQUE,
    from_address TEXT NOT NULL,
    to_address TEXT NOT NULL,
    status TEXT NOT NULL,
    confirmations INTEGER NOT NULL,
    block_number INTEGER,
    fee_sun INTEGER,
    failure_reason TEXT,
    signed_transaction TEXT NOT NULL,
    expires_at INTEGER NOT NULL,
    effect_applied INTEGER NOT NULL,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL
  );
  CREATE INDEX transactions_user_created ON transactions (user_id, created_at, id);
  CREATE INDEX transactions_user_type_status_created ON transactions (user_id, type, status, created_at, id);
  CREATE INDEX transactions_user_status_created ON transactions (user_id, status, created_at, id);
  CREATE INDEX transactions_status_created ON transactions (status, created_at, id);
  CREATE INDEX transactions_effect_status ON transactions (effect_applied, status, created_at);
  CREATE INDEX transactions_from_status ON transactions (from_address, status, amount_sun);

  CREATE TABLE sessions (
    id TEXT PRIMARY KEY,
    user_id TEXT NOT NULL,
    device TEXT NOT NULL,
    user_agent TEXT NOT NULL,
    ip_address TEXT NOT NULL,
    refresh_token_id TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    last_active INTEGER NOT NULL,
    is_active INTEGER NOT NULL
  );
  CREATE INDEX sessions_user_active ON sessions (user_id, last_active, id);

  CREATE TABLE withdrawals (
    id TEXT PRIMARY KEY,
    user_id TEXT NOT NULL,
    key TEXT NOT NULL,
    request_fingerprint TEXT NOT NULL,
    tx_id TEXT NOT NULL,
    signed_transaction TEXT NOT NULL,
    from_address TEXT NOT NULL,
    to_address TEXT NOT NULL,
    amount_sun INTEGER NOT NULL,
    expires_at INTEGER NOT NULL,
    claimed_at INTEGER NOT NULL,
    state TEXT NOT NULL,
    recorded INTEGER NOT NULL,
    created_at INTEGER NOT NULL,
    UNIQUE (user_id, key)
  );
  CREATE INDEX withdrawals_recorded ON withdrawals (recorded, created_at);

  CREATE TABLE leases (
    name TEXT PRIMARY KEY,
    holder TEXT NOT NULL,
    expires_at INTEGER NOT NULL
  ) WITHOUT ROWID;
  `,
  adminSummaries(),
  // Reservations (docs/api.md, "Money safety rules"). A product's reserved_stock is the sum of
  // its stock_reservations rows, kept in the same IMMEDIATE transaction as every row change.
  `
  ALTER TABLE products ADD COLUMN reserved_stock INTEGER NOT NULL DEFAULT 0 CHECK (reserved_stock >= 0);
  CREATE TABLE stock_reservations (
    product_id TEXT NOT NULL,
    reservation_key TEXT NOT NULL,
    quantity INTEGER NOT NULL CHECK (quantity > 0),
    reserved_at INTEGER NOT NULL,
    PRIMARY KEY (product_id, reservation_key)
  ) WITHOUT ROWID;
  CREATE INDEX stock_reservations_reserved_at ON stock_reservations (reserved_at);

  CREATE TABLE wallet_reservations (
    address TEXT NOT NULL,
    reservation_key TEXT NOT NULL,
    amount_sun INTEGER NOT NULL CHECK (amount_sun >= 0),
    reserved_at INTEGER NOT NULL,
    PRIMARY KEY (address, reservation_key)
  ) WITHOUT ROWID;
  CREATE INDEX wallet_reservations_reserved_at ON wallet_reservations (reserved_at);
  `,
  // The deposit scanner (docs/api.md, "Deposits"). A transfer between two custodial wallets is
  // one's withdrawal and the other's deposit, so a txID no longer identifies one ledger line:
  // entry_key does (the txID for what the service sent, txID>address for a deposit). SQLite cannot
  // drop a column's UNIQUE, so the table is rebuilt with its indexes.
  `
  CREATE TABLE transactions_with_entry_key (
    id TEXT PRIMARY KEY,
    entry_key TEXT NOT NULL UNIQUE,
    user_id TEXT NOT NULL,
    order_id TEXT,
    type TEXT NOT NULL,
    amount_sun INTEGER NOT NULL,
    currency TEXT NOT NULL,
    network TEXT NOT NULL,
    transaction_hash TEXT NOT NULL,
    from_address TEXT NOT NULL,
    to_address TEXT NOT NULL,
    status TEXT NOT NULL,
    confirmations INTEGER NOT NULL,
    block_number INTEGER,
    fee_sun INTEGER,
    failure_reason TEXT,
    signed_transaction TEXT NOT NULL,
    expires_at INTEGER NOT NULL,
    effect_applied INTEGER NOT NULL,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL
  );
  INSERT INTO transactions_with_entry_key (entry_key, id, user_id, order_id, type, amount_sun, currency, network, transaction_hash, from_address, to_address, status, confirmations, block_number, fee_sun, failure_reason, signed_transaction, expires_at, effect_applied, created_at, updated_at)
    SELECT transaction_hash, id, user_id, order_id, type, amount_sun, currency, network, transaction_hash, from_address, to_address, status, confirmations, block_number, fee_sun, failure_reason, signed_transaction, expires_at, effect_applied, created_at, updated_at FROM transactions;
  DROP TABLE transactions;
  ALTER TABLE transactions_with_entry_key RENAME TO transactions;
  CREATE INDEX transactions_user_created ON transactions (user_id, created_at, id);
  CREATE INDEX transactions_user_type_status_created ON transactions (user_id, type, status, created_at, id);
  CREATE INDEX transactions_user_status_created ON transactions (user_id, status, created_at, id);
  CREATE INDEX transactions_status_created ON transactions (status, created_at, id);
  CREATE INDEX transactions_effect_status ON transactions (effect_applied, status, created_at);
  CREATE INDEX transactions_from_status ON transactions (from_address, status, amount_sun);
  -- The merchant's ledger reads a wallet's movements in and out, newest first.
  CREATE INDEX transactions_to_created ON transactions (to_address, created_at, id);
  CREATE INDEX transactions_from_created ON transactions (from_address, created_at, id);

  -- The scanner looks up every address a block pays in one read.
  CREATE UNIQUE INDEX users_wallet_address ON users (wallet_address);

  CREATE TABLE chain_cursors (
    name TEXT PRIMARY KEY,
    block_number INTEGER NOT NULL,
    updated_at INTEGER NOT NULL
  ) WITHOUT ROWID;
  `,
  // The ledger's covering indexes, and partial indexes for the unsettled lines. Each side of a wallet's movements (in by to_address, out by
  // from_address) is one ordered range holding every column its filters and sums read (the out
  // side also its recipient, to leave a wallet paying itself to the in side), so a
  // ledger page, its totals and its running balance read no table row (wallet-movement-sql.ts).
  `
  DROP INDEX transactions_to_created;
  DROP INDEX transactions_from_created;
  CREATE INDEX transactions_to_movements ON transactions (to_address, created_at, id, type, status, amount_sun);
  CREATE INDEX transactions_from_movements ON transactions (from_address, created_at, id, type, status, amount_sun, to_address);
  -- The listener's and the reservations' reads look only at unsettled lines, a handful at any
  -- time: partial indexes hold just those, so the bulk of the ledger (settled payments, every
  -- deposit and fee) is written to three fewer indexes.
  DROP INDEX transactions_status_created;
  DROP INDEX transactions_effect_status;
  DROP INDEX transactions_from_status;
  CREATE INDEX transactions_pending_created ON transactions (created_at, id) WHERE status = 'pending';
  CREATE INDEX transactions_effect_pending ON transactions (created_at) WHERE effect_applied = 0;
  CREATE INDEX transactions_pending_from ON transactions (from_address, amount_sun) WHERE status = 'pending';
  `,
  // Partial refunds: an order's refunds in their own table, with counters on the order.
  orderRefundsMigration(),
  // Reconciliation's latest report, wallet openings, and the confirmed lines in block order.
  reconciliationMigration(),
  // The event log, and the outbox state changes write their events to.
  eventLogMigration(),
  // Fixed-window counters (login throttling, the per-address limit), shared by every instance.
  windowCountersMigration(),
  // A user's events in sequence order, for a reconnecting client's replay (readUserAfter).
  'CREATE INDEX event_log_user_sequence ON event_log (user_id, sequence) WHERE user_id IS NOT NULL;',
  // Webhook endpoints and the delivery queue every instance dispatches from.
  webhooksMigration(),
  // Actors and webhook subjects on logged events, the audit list and order histories.
  auditMigration(),
  // API keys, found by their hash, so a revocation holds on every instance at the next request.
  apiKeysMigration(),
  // The customer search's trigram index (FTS5 over the lowercased keys, kept by triggers).
  customerSearchMigration(),
  // The catalogue version, moved by triggers with every public product write.
  catalogueVersionMigration(),
  // Each user's order version, moved by triggers with every write to their orders.
  userOrderVersionsMigration(),
  // Customers created per UTC day, kept by triggers, for the customer stats' windows.
  customerDayCountsMigration(),
  // The customers' order volume per UTC hour, kept by triggers, for the stats' partial days.
  customerVolumeHoursMigration(),
  // A user's lines in one index instead of three. Every ledger line (a deposit scan writes
  // thousands) went into three overlapping user indexes with the user's random id in front; a
  // user's page walks their lines newest first and filters type and status inside the index, so
  // one ordered range serves every filter and a row is written to two fewer indexes.
  `
  DROP INDEX transactions_user_created;
  DROP INDEX transactions_user_type_status_created;
  DROP INDEX transactions_user_status_created;
  CREATE INDEX transactions_user_lines ON transactions (user_id, created_at, id, type, status);
  `,
  // The customer search's version, moved by triggers with every write that can change whom a
  // search matches, so a connection can keep a search's ordered matches while it stands.
  customerSearchVersionMigration(),
  // Customers created per UTC hour and the customers' all-time volume, kept by triggers, so
  // the customer stats read no day of sign-ups and no row per day of history per request.
  customerStatsTotalsMigration(),
  // Wallet holders in an index of their own, so the deposit scanner finds the holders of a
  // block's recipients without reading a user row. Through the unique address index each holder
  // cost a read of their row at a random place in the table; that was about half the lookup.
  // Unique, as an address has one holder (the address index alone is what enforces that).
  'CREATE UNIQUE INDEX users_wallet_holders ON users (wallet_address, id);',
  // The wallet holders' version, moved by triggers with every write that gives an address a
  // holder, so a connection can remember the addresses a lookup found held by no one while it
  // stands (the deposit scanner's recipients outside the shop recur block after block).
  walletHoldersVersionMigration(),
  // The processes working on the store and the master-key ids each holds, so a key rotation
  // never seals values with a key a running instance cannot open.
  `
  CREATE TABLE key_holders (
    id TEXT PRIMARY KEY,
    kind TEXT NOT NULL,
    seals_with TEXT NOT NULL,
    opens TEXT NOT NULL,
    expires_at INTEGER NOT NULL
  ) WITHOUT ROWID;
  `,
  // The four version tables in one, keyed by topic, moved by triggers generated from one list.
  versionsMigration(),
  // Every reconciliation run's report, listed newest first, not only the latest.
  reconciliationHistoryMigration(),
  // The mail queue every instance sends from, and the embedded default's local mailbox.
  mailMigration(),
  // mailed reset and verification tokens, and whether each account's address is verified.
  accountTokensMigration(),
  // What each user lets the shop mail them: receipts, and each kind of merchant alert.
  mailPreferencesMigration(),
  // Whether the merchant wallet was last seen below MERCHANT_LOW_BALANCE_TRX, shared by instances.
  balanceAlertsMigration(),
  // A product's price in USDT, or NULL: not sold in USDT.
  productUsdtPriceMigration(),
];

/*
 * The admin summaries' migration is built by these helpers (and utcDayOf); like every released
 * migration, they are never edited.
 */

/** 1 when the order's user exists with role `user` (a customer), else 0: the customer figures' join. */
function customerFlagOf(userId: string): string {
  return `COALESCE((SELECT role = 'user' FROM users WHERE id = ${userId}), 0)`;
}

function addToDayTotals(rows: string): string {
  return `
  INSERT INTO order_day_totals (status, utc_day, customer, order_count, total_sun, network_fee_sun) ${rows}
  ON CONFLICT DO UPDATE SET order_count = order_count + excluded.order_count,
    total_sun = total_sun + excluded.total_sun, network_fee_sun = network_fee_sun + excluded.network_fee_sun;`;
}

function orderIntoDayTotals(row: 'NEW' | 'OLD', sign: '' | '-'): string {
  return addToDayTotals(
    `VALUES (${row}.status, ${utcDayOf(`${row}.created_at`)}, ${customerFlagOf(`${row}.user_id`)}, ` +
      `${sign}1, ${sign}${row}.total_sun, ${sign}${row}.network_fee_sun)`,
  );
}

function userOrdersIntoDayTotals(userId: string, when: string, customer: 0 | 1, sign: '' | '-'): string {
  return addToDayTotals(
    `SELECT status, ${utcDayOf('created_at')}, ${customer}, ${sign}COUNT(*), ${sign}SUM(total_sun), ` +
      `${sign}SUM(network_fee_sun) FROM orders WHERE user_id = ${userId} AND ${when} GROUP BY 1, 2`,
  );
}

/** The lines of order `row` into (or out of) `completed_lines`, when that order is completed. */
function completedLinesOfOrder(row: 'NEW' | 'OLD', change: 'add' | 'remove'): string {
  return change === 'add'
    ? `INSERT INTO completed_lines (order_id, line_index, product_id, created_at, quantity, revenue_sun)
    SELECT order_id, line_index, product_id, ${row}.created_at, quantity, price_sun * quantity FROM order_lines
    WHERE order_id = ${row}.id AND ${row}.status = 'completed';`
    : `DELETE FROM completed_lines WHERE order_id = ${row}.id AND ${row}.status = 'completed';`;
}

/** One order line into (when its order is completed) or out of `completed_lines`. */
function completedLine(row: 'NEW' | 'OLD', change: 'add' | 'remove'): string {
  return change === 'add'
    ? `INSERT INTO completed_lines (order_id, line_index, product_id, created_at, quantity, revenue_sun)
    SELECT ${row}.order_id, ${row}.line_index, ${row}.product_id, created_at, ${row}.quantity,
      ${row}.price_sun * ${row}.quantity
    FROM orders WHERE id = ${row}.order_id AND status = 'completed';`
    : `DELETE FROM completed_lines WHERE order_id = ${row}.order_id AND line_index = ${row}.line_index;`;
}

function completedLineIntoProductSales(row: 'NEW' | 'OLD', sign: '' | '-'): string {
  return `
  INSERT INTO product_sales (product_id, line_count, quantity, revenue_sun)
    VALUES (${row}.product_id, ${sign}1, ${sign}${row}.quantity, ${sign}${row}.revenue_sun)
  ON CONFLICT DO UPDATE SET line_count = line_count + excluded.line_count,
    quantity = quantity + excluded.quantity, revenue_sun = revenue_sun + excluded.revenue_sun;`;
}

function changed(...columns: string[]): string {
  return columns.map((column) => `OLD.${column} IS NOT NEW.${column}`).join(' OR ');
}

/**
 * Admin summaries, kept by triggers inside every writing statement (so no write path can miss them
 * and they commit or roll back with it):
 * - `order_day_totals`: order count, total and network-fee sums per status, UTC day and customer flag.
 *   Status counts, all-time and per-window totals, the revenue chart and customer volumes read a few
 *   rows per day instead of every order; a window's partial first and last days come from the orders
 *   indexes. The users triggers move a user's orders between the flags when the role changes.
 * - `completed_lines`: the lines of completed orders with their order's creation instant, indexed by
 *   product and instant, so a product's revenue in a window is one index range.
 * - `product_sales`: completed line count, units and revenue per product (kept from
 *   `completed_lines`), ranked by an index, so the top products are read without joining every
 *   completed order to its lines.
 */
function adminSummaries(): string {
  return `
  CREATE TABLE order_day_totals (
    status TEXT NOT NULL,
    utc_day INTEGER NOT NULL,
    customer INTEGER NOT NULL,
    order_count INTEGER NOT NULL,
    total_sun INTEGER NOT NULL,
    network_fee_sun INTEGER NOT NULL,
    PRIMARY KEY (status, utc_day, customer)
  ) WITHOUT ROWID;
  INSERT INTO order_day_totals (status, utc_day, customer, order_count, total_sun, network_fee_sun)
    SELECT o.status, ${utcDayOf('o.created_at')}, COALESCE(u.role = 'user', 0), COUNT(*), SUM(o.total_sun),
      SUM(o.network_fee_sun)
    FROM orders o LEFT JOIN users u ON u.id = o.user_id GROUP BY 1, 2, 3;

  CREATE TABLE completed_lines (
    order_id TEXT NOT NULL,
    line_index INTEGER NOT NULL,
    product_id TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    quantity INTEGER NOT NULL,
    revenue_sun INTEGER NOT NULL,
    PRIMARY KEY (order_id, line_index)
  ) WITHOUT ROWID;
  CREATE INDEX completed_lines_product_created ON completed_lines (product_id, created_at, revenue_sun);
  INSERT INTO completed_lines (order_id, line_index, product_id, created_at, quantity, revenue_sun)
    SELECT l.order_id, l.line_index, l.product_id, o.created_at, l.quantity, l.price_sun * l.quantity
    FROM orders o JOIN order_lines l ON l.order_id = o.id WHERE o.status = 'completed';

  CREATE TABLE product_sales (
    product_id TEXT PRIMARY KEY,
    line_count INTEGER NOT NULL,
    quantity INTEGER NOT NULL,
    revenue_sun INTEGER NOT NULL
  ) WITHOUT ROWID;
  CREATE INDEX product_sales_rank ON product_sales (quantity DESC, revenue_sun DESC, product_id, line_count);
  INSERT INTO product_sales (product_id, line_count, quantity, revenue_sun)
    SELECT product_id, COUNT(*), SUM(quantity), SUM(revenue_sun) FROM completed_lines GROUP BY product_id;

  CREATE TRIGGER completed_lines_sales_insert AFTER INSERT ON completed_lines BEGIN
    ${completedLineIntoProductSales('NEW', '')}
  END;
  CREATE TRIGGER completed_lines_sales_delete AFTER DELETE ON completed_lines BEGIN
    ${completedLineIntoProductSales('OLD', '-')}
  END;

  CREATE TRIGGER orders_summaries_insert AFTER INSERT ON orders BEGIN
    ${orderIntoDayTotals('NEW', '')}
    ${completedLinesOfOrder('NEW', 'add')}
  END;
  CREATE TRIGGER orders_summaries_delete AFTER DELETE ON orders BEGIN
    ${orderIntoDayTotals('OLD', '-')}
    ${completedLinesOfOrder('OLD', 'remove')}
  END;
  CREATE TRIGGER orders_summaries_update
    AFTER UPDATE OF id, user_id, status, total_sun, network_fee_sun, created_at ON orders
    WHEN ${changed('id', 'user_id', 'status', 'total_sun', 'network_fee_sun', 'created_at')}
  BEGIN
    ${orderIntoDayTotals('OLD', '-')}
    ${orderIntoDayTotals('NEW', '')}
    ${completedLinesOfOrder('OLD', 'remove')}
    ${completedLinesOfOrder('NEW', 'add')}
  END;

  CREATE TRIGGER order_lines_sales_insert AFTER INSERT ON order_lines BEGIN
    ${completedLine('NEW', 'add')}
  END;
  CREATE TRIGGER order_lines_sales_delete AFTER DELETE ON order_lines BEGIN
    ${completedLine('OLD', 'remove')}
  END;
  CREATE TRIGGER order_lines_sales_update
    AFTER UPDATE OF order_id, line_index, product_id, price_sun, quantity ON order_lines
    WHEN ${changed('order_id', 'line_index', 'product_id', 'price_sun', 'quantity')}
  BEGIN
    ${completedLine('OLD', 'remove')}
    ${completedLine('NEW', 'add')}
  END;

  CREATE TRIGGER users_customer_insert AFTER INSERT ON users WHEN NEW.role = 'user' BEGIN
    ${userOrdersIntoDayTotals('NEW.id', 'true', 0, '-')}
    ${userOrdersIntoDayTotals('NEW.id', 'true', 1, '')}
  END;
  CREATE TRIGGER users_customer_delete AFTER DELETE ON users WHEN OLD.role = 'user' BEGIN
    ${userOrdersIntoDayTotals('OLD.id', 'true', 1, '-')}
    ${userOrdersIntoDayTotals('OLD.id', 'true', 0, '')}
  END;
  CREATE TRIGGER users_customer_update AFTER UPDATE OF id, role ON users
    WHEN OLD.id IS NOT NEW.id OR (OLD.role = 'user') IS NOT (NEW.role = 'user')
  BEGIN
    ${userOrdersIntoDayTotals('OLD.id', "OLD.role = 'user'", 1, '-')}
    ${userOrdersIntoDayTotals('OLD.id', "OLD.role = 'user'", 0, '')}
    ${userOrdersIntoDayTotals('NEW.id', "NEW.role = 'user'", 0, '-')}
    ${userOrdersIntoDayTotals('NEW.id', "NEW.role = 'user'", 1, '')}
  END;

  CREATE INDEX users_role_created_keys ON users (role, created_at, id, email_key, username_key);
`;
}
