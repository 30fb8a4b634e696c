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
];
