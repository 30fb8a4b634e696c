import type { Collection, Db } from 'mongodb';
import type {
  AccountTokenDocument,
  ApiKeyDocument,
  BalanceAlertDocument,
  ChainCursorDocument,
  CounterDocument,
  EventDocument,
  KeyHolderDocument,
  LeaseDocument,
  MailboxEntryDocument,
  MailPreferencesDocument,
  MailMessageDocument,
  OrderDocument,
  PendingOrderLockDocument,
  ProductDocument,
  ReconciliationReportDocument,
  SessionDocument,
  TransactionDocument,
  UserDocument,
  VersionDocument,
  WalletOpeningDocument,
  WalletReservationsDocument,
  WebhookDeliveryDocument,
  WebhookEndpointDocument,
  WindowCounterDocument,
  WithdrawalDocument,
} from './documents.js';

export interface ShopCollections {
  readonly users: Collection<UserDocument>;
  readonly products: Collection<ProductDocument>;
  readonly orders: Collection<OrderDocument>;
  readonly pendingOrderLocks: Collection<PendingOrderLockDocument>;
  readonly counters: Collection<CounterDocument>;
  readonly transactions: Collection<TransactionDocument>;
  readonly sessions: Collection<SessionDocument>;
  readonly withdrawals: Collection<WithdrawalDocument>;
  readonly leases: Collection<LeaseDocument>;
  readonly keyHolders: Collection<KeyHolderDocument>;
  readonly chainCursors: Collection<ChainCursorDocument>;
  readonly walletReservations: Collection<WalletReservationsDocument>;
  readonly reconciliationReports: Collection<ReconciliationReportDocument>;
  readonly walletOpenings: Collection<WalletOpeningDocument>;
  readonly eventLog: Collection<EventDocument>;
  readonly windowCounters: Collection<WindowCounterDocument>;
  readonly webhookEndpoints: Collection<WebhookEndpointDocument>;
  readonly webhookDeliveries: Collection<WebhookDeliveryDocument>;
  readonly apiKeys: Collection<ApiKeyDocument>;
  readonly accountTokens: Collection<AccountTokenDocument>;
  readonly mailMessages: Collection<MailMessageDocument>;
  readonly mailbox: Collection<MailboxEntryDocument>;
  readonly mailPreferences: Collection<MailPreferencesDocument>;
  readonly versions: Collection<VersionDocument>;
  readonly balanceAlerts: Collection<BalanceAlertDocument>;
}

export const shopCollections = (db: Db): ShopCollections => ({
  users: db.collection<UserDocument>('users'),
  products: db.collection<ProductDocument>('products'),
  orders: db.collection<OrderDocument>('orders'),
  pendingOrderLocks: db.collection<PendingOrderLockDocument>('pending_order_locks'),
  counters: db.collection<CounterDocument>('counters'),
  transactions: db.collection<TransactionDocument>('transactions'),
  sessions: db.collection<SessionDocument>('sessions'),
  withdrawals: db.collection<WithdrawalDocument>('withdrawals'),
  leases: db.collection<LeaseDocument>('leases'),
  keyHolders: db.collection<KeyHolderDocument>('key_holders'),
  chainCursors: db.collection<ChainCursorDocument>('chain_cursors'),
  walletReservations: db.collection<WalletReservationsDocument>('wallet_reservations'),
  reconciliationReports: db.collection<ReconciliationReportDocument>('reconciliation_reports'),
  walletOpenings: db.collection<WalletOpeningDocument>('wallet_openings'),
  eventLog: db.collection<EventDocument>('event_log'),
  windowCounters: db.collection<WindowCounterDocument>('window_counters'),
  webhookEndpoints: db.collection<WebhookEndpointDocument>('webhook_endpoints'),
  webhookDeliveries: db.collection<WebhookDeliveryDocument>('webhook_deliveries'),
  apiKeys: db.collection<ApiKeyDocument>('api_keys'),
  accountTokens: db.collection<AccountTokenDocument>('account_tokens'),
  mailMessages: db.collection<MailMessageDocument>('mail_messages'),
  mailbox: db.collection<MailboxEntryDocument>('mailbox'),
  mailPreferences: db.collection<MailPreferencesDocument>('mail_preferences'),
  versions: db.collection<VersionDocument>('versions'),
  balanceAlerts: db.collection<BalanceAlertDocument>('balance_alerts'),
});
