import type { BalanceAlertStore } from './balance-alert-store.port.js';
import type { ChainCursorStore } from './chain-cursor-store.port.js';
import type { DashboardReadModel } from './dashboard-read-model.port.js';
import type { EventLogStore } from './event-log.port.js';
import type { IdempotencyStore } from './idempotency-store.port.js';
import type { KeyHolderStore } from './key-holder-store.port.js';
import type { LeaseStore } from './lease-store.port.js';
import type { MailPreferencesStore } from './mail-preferences-store.port.js';
import type { MailboxStore, MailStore } from './mail-store.port.js';
import type { CounterStore, OrderStore } from './order-store.port.js';
import type { OutboxStore } from './outbox.port.js';
import type { ProductStore } from './product-store.port.js';
import type { ReconciliationStore } from './reconciliation-store.port.js';
import type { SessionStore } from './session-store.port.js';
import type { TransactionStore } from './transaction-store.port.js';
import type { UserStore } from './user-store.port.js';
import type { VersionStore } from './version-store.port.js';
import type { WalletReservationStore } from './wallet-reservation-store.port.js';
import type { AccountTokenStore } from './account-token-store.port.js';
import type { ApiKeyStore } from './api-key-store.port.js';
import type { WebhookStore } from './webhook-store.port.js';
import type { WindowCounterStore } from './window-counter-store.port.js';

/** Everything a store adapter provides, opened and migrated. */
export interface ShopStore {
  readonly users: UserStore;
  readonly products: ProductStore;
  readonly orders: OrderStore;
  readonly counters: CounterStore;
  readonly transactions: TransactionStore;
  readonly sessions: SessionStore;
  readonly withdrawals: IdempotencyStore;
  readonly leases: LeaseStore;
  readonly keyHolders: KeyHolderStore;
  readonly chainCursors: ChainCursorStore;
  readonly walletReservations: WalletReservationStore;
  readonly dashboard: DashboardReadModel;
  readonly reconciliation: ReconciliationStore;
  readonly eventLog: EventLogStore;
  readonly outbox: OutboxStore;
  readonly windowCounters: WindowCounterStore;
  readonly webhooks: WebhookStore;
  /** The mail queue every instance sends from. */
  readonly mail: MailStore;
  /** The embedded default's local mailbox (no `SMTP_URL`). */
  readonly mailbox: MailboxStore;
  /** What each user lets the shop mail them (receipts, merchant alerts). */
  readonly mailPreferences: MailPreferencesStore;
  readonly apiKeys: ApiKeyStore;
  /** The password-reset and email-verification tokens, one live per account and kind. */
  readonly accountTokens: AccountTokenStore;
  /** Whether the merchant wallet was last seen below MERCHANT_LOW_BALANCE_TRX. */
  readonly balanceAlerts: BalanceAlertStore;
  readonly versions: VersionStore;
  /** true when the database answers. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}
