import type { ShopStore } from '@trx-shop/domain';
import { createMemoryApiKeys } from './memory-api-keys.js';
import { createMemoryEventLog, createMemoryOutbox } from './memory-events.js';
import { createMemoryOrders } from './memory-orders.js';
import { createMemoryProducts } from './memory-products.js';
import {
  createMemoryCounters,
  createMemoryChainCursors,
  createMemoryKeyHolders,
  createMemoryLeases,
  createMemorySessions,
  createMemoryWalletReservations,
  createMemoryWithdrawals,
} from './memory-small-stores.js';
import { createMemoryReconciliation } from './memory-reconciliation.js';
import { createMemoryTransactions } from './memory-transactions.js';
import { createMemoryUsers } from './memory-users.js';
import { createMemoryWebhooks } from './memory-webhooks.js';
import { createMemoryWindowCounters } from './memory-window-counters.js';
import { emptyTables } from './tables.js';

/**
 * The store ports in memory, for domain tests that run in milliseconds. It is trusted only as far
 * as the store contract suite proves it: the same suite SQLite and MongoDB pass. The dashboard
 * read model is not faked (its figures are the real stores' aggregations); calling it throws.
 */
export const createMemoryStore = (): ShopStore => {
  const tables = emptyTables();
  let open = true;
  return {
    users: createMemoryUsers(tables),
    products: createMemoryProducts(tables),
    orders: createMemoryOrders(tables),
    counters: createMemoryCounters(tables),
    transactions: createMemoryTransactions(tables),
    sessions: createMemorySessions(tables),
    withdrawals: createMemoryWithdrawals(tables),
    leases: createMemoryLeases(tables),
    keyHolders: createMemoryKeyHolders(tables),
    chainCursors: createMemoryChainCursors(tables),
    walletReservations: createMemoryWalletReservations(tables),
    reconciliation: createMemoryReconciliation(),
    eventLog: createMemoryEventLog(tables),
    outbox: createMemoryOutbox(tables),
    windowCounters: createMemoryWindowCounters(),
    webhooks: createMemoryWebhooks(tables),
    apiKeys: createMemoryApiKeys(tables),
    dashboard: {
      dashboard: () => Promise.reject(new Error('the in-memory store has no dashboard read model')),
    },
    async ping() {
      return open;
    },
    async close() {
      open = false;
    },
  };
};
