import type { ShopStore } from '@trx-shop/domain';
import { createMemoryAccountTokenStore } from './account-token-store.js';
import { createMemoryApiKeyStore } from './api-key-store.js';
import { createMemoryBalanceAlertStore } from './balance-alert-store.js';
import { createMemoryChainCursorStore } from './chain-cursor-store.js';
import { createMemoryCounterStore } from './counter-store.js';
import { createMemoryEventLogStore } from './event-log-store.js';
import { createMemoryIdempotencyStore } from './idempotency-store.js';
import { createMemoryKeyHolderStore } from './key-holder-store.js';
import { createMemoryLeaseStore } from './lease-store.js';
import { createMemoryMailboxStore } from './mailbox-store.js';
import { createMemoryMailPreferencesStore } from './mail-preferences-store.js';
import { createMemoryMailStore } from './mail-store.js';
import { createMemoryOrderStore } from './order-store.js';
import { createMemoryOutboxStore } from './outbox-store.js';
import { createMemoryProductStore } from './product-store.js';
import { createMemoryReconciliationStore } from './reconciliation-store.js';
import { createMemorySessionStore } from './session-store.js';
import { createMemoryTransactionStore } from './transaction-store.js';
import { createMemoryUserStore } from './user-store.js';
import { createMemoryVersionStore } from './version-store.js';
import { createMemoryWalletReservationStore } from './wallet-reservation-store.js';
import { createMemoryWebhookStore } from './webhook-store.js';
import { createMemoryWindowCounterStore } from './window-counter-store.js';
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
    users: createMemoryUserStore(tables),
    products: createMemoryProductStore(tables),
    orders: createMemoryOrderStore(tables),
    counters: createMemoryCounterStore(tables),
    transactions: createMemoryTransactionStore(tables),
    sessions: createMemorySessionStore(tables),
    withdrawals: createMemoryIdempotencyStore(tables),
    leases: createMemoryLeaseStore(tables),
    keyHolders: createMemoryKeyHolderStore(tables),
    chainCursors: createMemoryChainCursorStore(tables),
    walletReservations: createMemoryWalletReservationStore(tables),
    reconciliation: createMemoryReconciliationStore(),
    eventLog: createMemoryEventLogStore(tables),
    outbox: createMemoryOutboxStore(tables),
    windowCounters: createMemoryWindowCounterStore(),
    webhooks: createMemoryWebhookStore(tables),
    mail: createMemoryMailStore(tables),
    mailbox: createMemoryMailboxStore(tables),
    mailPreferences: createMemoryMailPreferencesStore(tables),
    apiKeys: createMemoryApiKeyStore(tables),
    accountTokens: createMemoryAccountTokenStore(tables),
    versions: createMemoryVersionStore(tables),
    balanceAlerts: createMemoryBalanceAlertStore(tables),
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
