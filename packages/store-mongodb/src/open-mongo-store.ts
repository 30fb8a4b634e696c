import type { ShopStore } from '@trx-shop/domain';
import { MongoClient, type MongoClientOptions } from 'mongodb';
import { shopCollections } from './collections.js';
import { ensureIndexes } from './indexes.js';
import { createMongoApiKeyStore } from './repositories/api-key-store.js';
import { createMongoBalanceAlertStore } from './repositories/balance-alert-store.js';
import { createMongoChainCursorStore } from './repositories/chain-cursor-store.js';
import { createMongoCounterStore } from './repositories/counter-store.js';
import { createMongoDashboardReadModel } from './repositories/dashboard-read-model.js';
import { createMongoEventLogStore } from './repositories/event-log-store.js';
import { createMongoIdempotencyStore } from './repositories/idempotency-store.js';
import { createMongoKeyHolderStore } from './repositories/key-holder-store.js';
import { createMongoLeaseStore } from './repositories/lease-store.js';
import { createMongoAccountTokenStore } from './repositories/account-token-store.js';
import { createMongoMailboxStore } from './repositories/mailbox-store.js';
import { createMongoMailPreferencesStore } from './repositories/mail-preferences-store.js';
import { createMongoMailStore } from './repositories/mail-store.js';
import { createCustomerQueries } from './repositories/mongo-customer-queries.js';
import { createMongoOrderStore } from './repositories/order-store.js';
import { createMongoOutboxStore } from './repositories/outbox-store.js';
import { createPendingOrderLocks } from './repositories/pending-order-lock.js';
import { createMongoProductStore } from './repositories/product-store.js';
import { createMongoReconciliationStore } from './repositories/reconciliation-store.js';
import { createMongoSessionStore } from './repositories/session-store.js';
import { createMongoTransactionStore } from './repositories/transaction-store.js';
import { createMongoUserStore } from './repositories/user-store.js';
import { createMongoVersionStore } from './repositories/version-store.js';
import { createMongoWalletReservationStore } from './repositories/wallet-reservation-store.js';
import { createMongoWebhookStore } from './repositories/webhook-store.js';
import { createMongoWindowCounterStore } from './repositories/window-counter-store.js';

export interface MongoStoreOptions {
  /** A MongoDB connection string (standalone, replica set or sharded cluster). */
  readonly uri: string;
  /** The database to use; it is created with its indexes on first open. */
  readonly dbName: string;
  /** Extra driver options (pool size, timeouts). */
  readonly clientOptions?: MongoClientOptions;
}

/**
 * Connects, creates the indexes (idempotently) and answers the store. The store owns its client:
 * `close()` closes it.
 */
export const openMongoStore = async (options: MongoStoreOptions): Promise<ShopStore> => {
  const client = new MongoClient(options.uri, options.clientOptions);
  await client.connect();
  try {
    const db = client.db(options.dbName);
    const collections = shopCollections(db);
    await ensureIndexes(collections);
    const counters = createMongoCounterStore(collections);
    const locks = createPendingOrderLocks(collections.pendingOrderLocks, collections.orders);
    const orders = createMongoOrderStore(collections, counters, locks);
    return {
      users: createMongoUserStore(collections, createCustomerQueries(collections)),
      products: createMongoProductStore(collections),
      orders,
      counters,
      transactions: createMongoTransactionStore(collections),
      sessions: createMongoSessionStore(collections),
      withdrawals: createMongoIdempotencyStore(collections),
      leases: createMongoLeaseStore(collections),
      keyHolders: createMongoKeyHolderStore(collections),
      chainCursors: createMongoChainCursorStore(collections),
      walletReservations: createMongoWalletReservationStore(collections),
      dashboard: createMongoDashboardReadModel(collections),
      reconciliation: createMongoReconciliationStore(collections),
      eventLog: createMongoEventLogStore(collections, counters, db),
      outbox: createMongoOutboxStore(collections),
      windowCounters: createMongoWindowCounterStore(collections),
      webhooks: createMongoWebhookStore(collections),
      mail: createMongoMailStore(collections),
      mailbox: createMongoMailboxStore(collections),
      mailPreferences: createMongoMailPreferencesStore(collections),
      apiKeys: createMongoApiKeyStore(collections),
      accountTokens: createMongoAccountTokenStore(collections),
      versions: createMongoVersionStore(collections),
      balanceAlerts: createMongoBalanceAlertStore(collections),
      async ping() {
        try {
          const answer = await db.command({ ping: 1 });
          return answer.ok === 1;
        } catch {
          return false;
        }
      },
      close: () => client.close(),
    };
  } catch (error) {
    await client.close();
    throw error;
  }
};
