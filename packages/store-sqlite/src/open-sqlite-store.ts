import type { ShopStore } from '@trx-shop/domain';
import { SqliteDatabase } from './sqlite-driver.js';
import {
  type CustomerSearchOutcome,
  createSqliteCustomerReadModel,
} from './read-models/customers.read-model.js';
import { createSqliteDashboardReadModel } from './read-models/dashboard.read-model.js';
import { createSqliteApiKeyRepository } from './repositories/api-keys.repository.js';
import { createSqliteCounterRepository } from './repositories/counters.repository.js';
import { createSqliteChainCursorRepository } from './repositories/chain-cursors.repository.js';
import { createSqliteEventLogRepository } from './repositories/event-log.repository.js';
import { createSqliteKeyHolderRepository } from './repositories/key-holders.repository.js';
import { createSqliteLeaseRepository } from './repositories/leases.repository.js';
import { createSqliteOrderRepository } from './repositories/orders.repository.js';
import { createSqliteOutboxRepository } from './repositories/outbox.repository.js';
import { createSqliteProductRepository } from './repositories/products.repository.js';
import { createSqliteReconciliationRepository } from './repositories/reconciliation.repository.js';
import { createSqliteSessionRepository } from './repositories/sessions.repository.js';
import { createSqliteTransactionRepository } from './repositories/transactions.repository.js';
import { createSqliteUserRepository } from './repositories/users.repository.js';
import { createSqliteWalletReservationRepository } from './repositories/wallet-reservations.repository.js';
import { createSqliteWebhookStore } from './repositories/webhooks.repository.js';
import { createSqliteWindowCounterRepository } from './repositories/window-counters.repository.js';
import { createSqliteWithdrawalRepository } from './repositories/withdrawals.repository.js';
import { migrate } from './schema/migrate.js';

export interface SqliteStoreOptions {
  /** A file path, or `:memory:` for a private in-memory database. */
  readonly filename: string;
  /** How long a writer waits for another connection's write lock before failing. Default 5000. */
  readonly busyTimeoutMs?: number;
  /** Told how each customer search was answered (CustomerReadModelOptions.onSearch). */
  readonly onCustomerSearch?: (outcome: CustomerSearchOutcome) => void;
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
    // fewer pages per deposit (docs/performance.md).
    db.pragma(`wal_autocheckpoint = ${WAL_PAGES_BEFORE_CHECKPOINT}`);
    migrate(db);
  } catch (error) {
    db.close();
    throw error;
  }

  const customerReadOptions = options.onCustomerSearch ? { onSearch: options.onCustomerSearch } : {};
  return {
    users: { ...createSqliteUserRepository(db), ...createSqliteCustomerReadModel(db, customerReadOptions) },
    products: createSqliteProductRepository(db),
    orders: createSqliteOrderRepository(db),
    counters: createSqliteCounterRepository(db),
    transactions: createSqliteTransactionRepository(db),
    sessions: createSqliteSessionRepository(db),
    withdrawals: createSqliteWithdrawalRepository(db),
    leases: createSqliteLeaseRepository(db),
    keyHolders: createSqliteKeyHolderRepository(db),
    chainCursors: createSqliteChainCursorRepository(db),
    walletReservations: createSqliteWalletReservationRepository(db),
    dashboard: createSqliteDashboardReadModel(db),
    reconciliation: createSqliteReconciliationRepository(db),
    eventLog: createSqliteEventLogRepository(db),
    outbox: createSqliteOutboxRepository(db),
    windowCounters: createSqliteWindowCounterRepository(db),
    webhooks: createSqliteWebhookStore(db),
    apiKeys: createSqliteApiKeyRepository(db),
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
