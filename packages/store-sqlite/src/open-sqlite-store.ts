import type { ShopStore } from '@trx-shop/domain';
import { SqliteDatabase } from './sqlite-driver.js';
import { createSqliteCustomerReadModel } from './read-models/customers.read-model.js';
import { createSqliteDashboardReadModel } from './read-models/dashboard-read-model.js';
import { createSqliteAccountTokenStore } from './repositories/account-token-store.js';
import { createSqliteApiKeyStore } from './repositories/api-key-store.js';
import { createSqliteBalanceAlertStore } from './repositories/balance-alert-store.js';
import { createSqliteChainCursorStore } from './repositories/chain-cursor-store.js';
import { createSqliteCounterStore } from './repositories/counter-store.js';
import { createSqliteEventLogStore } from './repositories/event-log-store.js';
import { createSqliteIdempotencyStore } from './repositories/idempotency-store.js';
import { createSqliteKeyHolderStore } from './repositories/key-holder-store.js';
import { createSqliteLeaseStore } from './repositories/lease-store.js';
import { createSqliteMailboxStore } from './repositories/mailbox-store.js';
import { createSqliteMailPreferencesStore } from './repositories/mail-preferences-store.js';
import { createSqliteMailStore } from './repositories/mail-store.js';
import { createSqliteOrderStore } from './repositories/order-store.js';
import { createSqliteOutboxStore } from './repositories/outbox-store.js';
import { createSqliteProductStore } from './repositories/product-store.js';
import { createSqliteReconciliationStore } from './repositories/reconciliation-store.js';
import { createSqliteSessionStore } from './repositories/session-store.js';
import { createSqliteTransactionStore } from './repositories/transaction-store.js';
import { createSqliteUserStore } from './repositories/user-store.js';
import { createSqliteVersionStore } from './repositories/version-store.js';
import { createSqliteWalletReservationStore } from './repositories/wallet-reservation-store.js';
import { createSqliteWebhookStore } from './repositories/webhook-store.js';
import { createSqliteWindowCounterStore } from './repositories/window-counter-store.js';
import { migrate } from './schema/migrate.js';

export interface SqliteStoreOptions {
  /** A file path, or `:memory:` for a private in-memory database. */
  readonly filename: string;
  /** How long a writer waits for another connection's write lock before failing. Default 5000. */
  readonly busyTimeoutMs?: number;
}

const PAGE_CACHE_KIB = 16 * 1024;
const WAL_PAGES_BEFORE_CHECKPOINT = 10_000;

/** Opens (creating if needed) and migrates the database, and answers the store. */
export const openSqliteStore = async (options: SqliteStoreOptions): Promise<ShopStore> => {
  const db = new SqliteDatabase(options.filename);
  try {
    // WAL lets readers run beside the one writer; other processes share the file safely.
    db.pragma('journal_mode = WAL');
    db.pragma(`busy_timeout = ${options.busyTimeoutMs ?? 5000}`);
    db.pragma('foreign_keys = ON');
    db.pragma('synchronous = NORMAL');
    // 16 MiB of page cache instead of SQLite's 2 MiB: an index lookup into a million-row table
    // (the deposit scanner's wallet addresses, a customer's orders) then finds its inner pages
    // cached instead of asking the OS for them again. Filled only as pages are read.
    db.pragma(`cache_size = -${PAGE_CACHE_KIB}`);
    // A checkpoint copies each page of the log into the file once, however many commits rewrote
    // it. The deposit scanner's batches rewrite the same index pages commit after commit, so a
    // log of 10,000 pages (40 MiB) before each automatic checkpoint, instead of 1,000, copies far
    // fewer pages per deposit.
    db.pragma(`wal_autocheckpoint = ${WAL_PAGES_BEFORE_CHECKPOINT}`);
    migrate(db);
  } catch (error) {
    db.close();
    throw error;
  }

  return {
    users: { ...createSqliteUserStore(db), ...createSqliteCustomerReadModel(db) },
    products: createSqliteProductStore(db),
    orders: createSqliteOrderStore(db),
    counters: createSqliteCounterStore(db),
    transactions: createSqliteTransactionStore(db),
    sessions: createSqliteSessionStore(db),
    withdrawals: createSqliteIdempotencyStore(db),
    leases: createSqliteLeaseStore(db),
    keyHolders: createSqliteKeyHolderStore(db),
    chainCursors: createSqliteChainCursorStore(db),
    walletReservations: createSqliteWalletReservationStore(db),
    dashboard: createSqliteDashboardReadModel(db),
    reconciliation: createSqliteReconciliationStore(db),
    eventLog: createSqliteEventLogStore(db),
    outbox: createSqliteOutboxStore(db),
    windowCounters: createSqliteWindowCounterStore(db),
    webhooks: createSqliteWebhookStore(db),
    mail: createSqliteMailStore(db),
    mailbox: createSqliteMailboxStore(db),
    mailPreferences: createSqliteMailPreferencesStore(db),
    apiKeys: createSqliteApiKeyStore(db),
    accountTokens: createSqliteAccountTokenStore(db),
    versions: createSqliteVersionStore(db),
    balanceAlerts: createSqliteBalanceAlertStore(db),
    async ping() {
      try {
        return db.prepare<[], { ok: number }>('SELECT 1 AS ok').get()?.ok === 1;
      } catch {
        return false;
      }
    },
    async close() {
      if (db.open) db.close();
    },
  };
};
