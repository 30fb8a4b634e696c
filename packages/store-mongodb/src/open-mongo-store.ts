import type { ShopStore } from '@trx-shop/domain';
import { MongoClient, type MongoClientOptions } from 'mongodb';
import { shopCollections } from './collections.js';
import { ensureIndexes } from './indexes.js';
import { createMongoApiKeyStore } from './repositories/mongo-api-key-store.js';
import { createMongoCounterStore } from './repositories/mongo-counter-store.js';
import { createCustomerQueries } from './repositories/mongo-customer-queries.js';
import { createMongoDashboardReadModel } from './repositories/mongo-dashboard-read-model.js';
import { createMongoChainCursorStore } from './repositories/mongo-chain-cursor-store.js';
import { createMongoEventLog } from './repositories/mongo-event-log.js';
import { createMongoKeyHolderStore } from './repositories/mongo-key-holder-store.js';
import { createMongoLeaseStore } from './repositories/mongo-lease-store.js';
import { createMongoOrderStore } from './repositories/mongo-order-store.js';
import { createMongoOutbox } from './repositories/mongo-outbox.js';
import { createMongoProductStore } from './repositories/mongo-product-store.js';
import { createMongoReconciliationStore } from './repositories/mongo-reconciliation-store.js';
import { createMongoSessionStore } from './repositories/mongo-session-store.js';
import { createMongoTransactionStore } from './repositories/mongo-transaction-store.js';
import { createMongoUserStore } from './repositories/mongo-user-store.js';
import { createMongoWalletReservationStore } from './repositories/mongo-wallet-reservations.js';
import { createMongoWebhookStore } from './repositories/mongo-webhook-store.js';
import { createMongoWithdrawalStore } from './repositories/mongo-withdrawal-store.js';
import { createMongoWindowCounters } from './repositories/mongo-window-counters.js';
import { createPendingOrderLocks } from './repositories/pending-order-lock.js';

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
      sessions: createMongoSessionStore(collections, orders),
      withdrawals: createMongoWithdrawalStore(collections),
      leases: createMongoLeaseStore(collections),
      keyHolders: createMongoKeyHolderStore(collections),
      chainCursors: createMongoChainCursorStore(collections),
      walletReservations: createMongoWalletReservationStore(collections),
      dashboard: createMongoDashboardReadModel(collections),
      reconciliation: createMongoReconciliationStore(collections),
      eventLog: createMongoEventLog(collections, counters, db),
      outbox: createMongoOutbox(collections),
      windowCounters: createMongoWindowCounters(collections),
      webhooks: createMongoWebhookStore(collections),
      apiKeys: createMongoApiKeyStore(collections),
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
