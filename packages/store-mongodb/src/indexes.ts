import { productSearchText } from '@trx-shop/domain';
import type { IndexDescription } from 'mongodb';
import { backfillInBatches } from './backfill.js';
import { backfillOrderRefunds } from './backfill-order-refunds.js';
import type { ShopCollections } from './collections.js';
import { isDuplicateKey } from './duplicate-key.js';
import { walletAddressKeyOf } from './mapping.js';
import { trigramsOf } from './search-grams.js';

/*
 * Every index the adapter creates, each with the queries it serves. Creation is idempotent
 * (`createIndexes` with fixed names and specs is a no-op when they exist). Lookups by `_id`
 * (findById everywhere, pending-order locks, counters, leases, window counters, wallet-key pages
 * walked in `_id` order) use the built-in `_id` index and are not repeated here.
 *
 * Unique indexes carry invariants; the others serve reads. mongo-java-server ignores non-unique
 * indexes (it scans), which changes speed, never results. No partial indexes are used: the
 * stand-in enforces a partial unique index on every document, and docs/decisions.md section 13 rules
 * them out anyway.
 */
export const INDEX = {
  userEmail: 'users_email_key_unique',
  userUsername: 'users_username_key_unique',
  orderNumber: 'orders_number_unique',
  transactionEntryKey: 'transactions_entry_key_unique',
  userWalletAddress: 'users_wallet_address_key_unique',
  withdrawalUserKey: 'withdrawals_user_key_unique',
  eventSequence: 'event_log_sequence_unique',
  webhookDeliveryEvent: 'webhook_deliveries_endpoint_event_unique',
  apiKeyHash: 'api_keys_hash_unique',
} as const;

const users: IndexDescription[] = [
  // insert (EMAIL_TAKEN), findByEmail: the lower-cased email.
  { name: INDEX.userEmail, key: { emailKey: 1 }, unique: true },
  // insert and updateProfile (USERNAME_TAKEN).
  { name: INDEX.userUsername, key: { usernameKey: 1 }, unique: true },
  // One holder per custodial address; findByWalletAddresses (reconciliation's balances).
  { name: INDEX.userWalletAddress, key: { walletAddressKey: 1 }, unique: true },
  // walletHolders, the deposit scanner's one lookup per batch of blocks, answered from the index
  // alone (a covered query), where the index above leads to each holder's document. Unique, as
  // its key begins with the unique address.
  { name: 'users_wallet_holders', key: { walletAddressKey: 1, _id: 1 }, unique: true },
  // listCustomers, streamCustomers (keyset), customerStats counts, firstAdmin (walked backwards);
  // a search of 1 or 2 characters is a residual regex on this index's range of role 'user'.
  { name: 'users_role_created', key: { role: 1, createdAt: -1, _id: -1 } },
  // The customer search of 3 characters or more: one branch of its $or per key, each the
  // documents holding all of the needle's trigrams (multikey), the exact regex residual.
  { name: 'users_username_grams', key: { usernameGrams: 1 } },
  { name: 'users_email_grams', key: { emailGrams: 1 } },
  // dashboard usersCreated per window.
  { name: 'users_created', key: { createdAt: 1 } },
  // dashboard activeUsers.
  { name: 'users_active', key: { isActive: 1 } },
  // outbox pending: the users holding an unrelayed event (like orders_outbox_occurred).
  { name: 'users_outbox_occurred', key: { 'outbox.occurredAt': 1 } },
  // The customer search's and the wallet holders' looks for unsettled writes: sparse, holding only the marked.
  { name: 'users_search_mark', key: { searchMark: 1 }, sparse: true },
  { name: 'users_holders_mark', key: { holdersMark: 1 }, sparse: true },
];

const products: IndexDescription[] = [
  // admin list (all products), newest first.
  { name: 'products_created', key: { createdAt: -1, _id: -1 } },
  // admin list filtered by category.
  { name: 'products_category_created', key: { category: 1, createdAt: -1, _id: -1 } },
  // public list (active only), with or without a category; search is a residual regex.
  { name: 'products_active_category_created', key: { isActive: 1, category: 1, createdAt: -1, _id: -1 } },
  { name: 'products_active_created', key: { isActive: 1, createdAt: -1, _id: -1 } },
  // listStockReservations (the sweep of stranded reservations).
  { name: 'products_reservations_reserved', key: { 'stockReservations.reservedAt': 1 } },
  // outbox pending: the products holding an unrelayed event.
  { name: 'products_outbox_occurred', key: { 'outbox.occurredAt': 1 } },
  // The catalogue version's look for unsettled writes: sparse, so it holds only the few marked ones.
  { name: 'products_catalogue_mark', key: { catalogueMark: 1 }, sparse: true },
];

const orders: IndexDescription[] = [
  // A second guard on numbering: two orders can never share `#TRX-<n>`.
  { name: INDEX.orderNumber, key: { number: 1 }, unique: true },
  // listByUser without a status filter.
  { name: 'orders_user_created', key: { userId: 1, createdAt: -1, _id: -1 } },
  // listByUser with a status, findPendingByUser, and customers' totalSpent (userId + status).
  { name: 'orders_user_status_created', key: { userId: 1, status: 1, createdAt: -1, _id: -1 } },
  // A user's order version's look for their unsettled writes.
  { name: 'orders_user_page_mark', key: { userId: 1, pageMark: 1 } },
  // listSales with a status; dashboard aggregations over completed orders by createdAt
  // (window revenue, daily revenue, top products) and status counts.
  { name: 'orders_status_created', key: { status: 1, createdAt: -1, _id: -1 } },
  // listSales unfiltered, recent sales, orders created per window.
  { name: 'orders_created', key: { createdAt: -1, _id: -1 } },
  // listUnrecordedClaims: one index per branch of its $or.
  { name: 'orders_payment_recorded', key: { 'payment.recorded': 1 } },
  { name: 'orders_refunds_recorded', key: { 'refunds.recorded': 1 } },
  // dashboard refund totals: only orders with a confirmed refund.
  { name: 'orders_refunded', key: { refundedSun: 1 } },
  // outbox pending: a range over every date selects just the orders holding an unrelayed event
  // (multikey; empty and missing outboxes are outside the range).
  { name: 'orders_outbox_occurred', key: { 'outbox.occurredAt': 1 } },
];

const eventLog: IndexDescription[] = [
  // readAfter and oldestSequence; unique, so one number never holds two events.
  { name: INDEX.eventSequence, key: { sequence: 1 }, unique: true },
  // compact: events of no order, oldest sequence first (loggedAt and the actor are residual;
  // loggedAt grows with the sequence, so the scan stops near the cut). orderHistory: an order's
  // events in sequence order.
  { name: 'event_log_order_sequence', key: { 'subjects.orderId': 1, sequence: 1 } },
  // listAudit: one range per actor kind, merged newest first (events without an actor fall under
  // a null kind, outside every range); the action, target and date filters narrow it.
  { name: 'event_log_audit_kind', key: { 'actor.kind': 1, occurredAt: -1, _id: -1 } },
  // listAudit by one admin.
  { name: 'event_log_audit_actor', key: { 'actor.id': 1, occurredAt: -1, _id: -1 } },
  // readUserAfter: a reconnecting client's room since its last event.
  { name: 'event_log_user_sequence', key: { 'subjects.userId': 1, sequence: 1 } },
];

const transactions: IndexDescription[] = [
  // insert idempotency ('exists'), findByHash and findByHashes (ledgerEntryKey).
  { name: INDEX.transactionEntryKey, key: { entryKey: 1 }, unique: true },
  // listByHashes: every line of a txID, deposits and fees included (reconciliation).
  { name: 'transactions_hash', key: { transactionHash: 1 } },
  // listConfirmedInBlocks: reconciliation's pages of confirmed lines in block order.
  { name: 'transactions_status_block', key: { status: 1, blockNumber: 1, _id: 1 } },
  // listByUser; type and status filters are residual on the user's range.
  { name: 'transactions_user_created', key: { userId: 1, createdAt: -1, _id: -1 } },
  // listPending, oldest first.
  { name: 'transactions_status_created', key: { status: 1, createdAt: 1, _id: 1 } },
  // listAwaitingEffect.
  { name: 'transactions_effect_status_created', key: { effectApplied: 1, status: 1, createdAt: 1 } },
  // pendingOutgoingSun.
  { name: 'transactions_from_status', key: { fromAddress: 1, status: 1 } },
  // listWalletMovements, walletMovementTotals, walletConfirmedNet: a wallet's ins and outs.
  { name: 'transactions_to_created', key: { toAddress: 1, createdAt: -1, _id: -1 } },
  { name: 'transactions_from_created', key: { fromAddress: 1, createdAt: -1, _id: -1 } },
  // outbox pending: the lines holding an unrelayed event.
  { name: 'transactions_outbox_occurred', key: { 'outbox.occurredAt': 1 } },
];

const sessions: IndexDescription[] = [
  // listByUser (most recent activity first) and deactivateOthers.
  { name: 'sessions_user_activity', key: { userId: 1, lastActive: -1, _id: -1 } },
];

const withdrawals: IndexDescription[] = [
  // claim (one record per user and Idempotency-Key) and find.
  { name: INDEX.withdrawalUserKey, key: { userId: 1, key: 1 }, unique: true },
  // listUnrecorded.
  { name: 'withdrawals_claim_recorded', key: { 'claim.recorded': 1, createdAt: 1 } },
  // outbox pending: the withdrawal records holding an unrelayed event.
  { name: 'withdrawals_outbox_occurred', key: { 'outbox.occurredAt': 1 } },
];

const walletReservations: IndexDescription[] = [
  // listBefore (the sweep of stranded reservations); reserve and release go by `_id` (address).
  { name: 'wallet_reservations_reserved', key: { 'reservations.reservedAt': 1 } },
];

const windowCounters: IndexDescription[] = [
  // sweep: windows that ended before a time; hit, peek and reset go by `_id` (the key).
  { name: 'window_counters_reset', key: { resetAt: 1 } },
];

// Webhook endpoints need none: a shop has a handful, always listed whole.
const webhookDeliveries: IndexDescription[] = [
  // enqueue: one delivery per endpoint and event, however often the event is relayed.
  { name: INDEX.webhookDeliveryEvent, key: { endpointId: 1, eventId: 1 }, unique: true },
  // claimDue: pending deliveries, oldest due first (the claim's expiry is residual).
  { name: 'webhook_deliveries_status_next', key: { status: 1, nextAttemptAt: 1, _id: 1 } },
  // listDeliveries (an endpoint's log, newest first) and deleteEndpoint.
  { name: 'webhook_deliveries_endpoint_created', key: { endpointId: 1, createdAt: -1, _id: -1 } },
];

// Mail needs no unique index of its own: its id is `_id`, so enqueue and deliver skip a repeat.
const mailMessages: IndexDescription[] = [
  // claimDue: pending messages, oldest due first (the claim's expiry is residual).
  { name: 'mail_messages_status_next', key: { status: 1, nextAttemptAt: 1, _id: 1 } },
  // listMessages, the delivery log, newest first.
  { name: 'mail_messages_created', key: { createdAt: -1, _id: -1 } },
  // listMessages of one status.
  { name: 'mail_messages_status_created', key: { status: 1, createdAt: -1, _id: -1 } },
];

const mailbox: IndexDescription[] = [
  // list: the embedded mailbox, newest first.
  { name: 'mailbox_delivered', key: { deliveredAt: -1, _id: -1 } },
];

const accountTokens: IndexDescription[] = [
  // consume: a presented token by its hash; unique, so one hash names one token.
  { name: 'account_tokens_hash_unique', key: { tokenHash: 1 }, unique: true },
];

const reconciliationReports: IndexDescription[] = [
  // listReports (the history of runs, newest first) and latestReport (its first); findReport goes by `_id`.
  { name: 'reconciliation_reports_started', key: { 'report.startedAt': -1, _id: -1 } },
];

const apiKeys: IndexDescription[] = [
  // insert (a second key with the same hash is refused) and findByHash, every API-key request's
  // lookup. Plain unique: every key has a hash.
  { name: INDEX.apiKeyHash, key: { hash: 1 }, unique: true },
  // list: every key, newest first.
  { name: 'api_keys_created', key: { createdAt: -1, _id: -1 } },
  // outbox pending: the keys holding an unrelayed event (their audit entries).
  { name: 'api_keys_outbox_occurred', key: { 'outbox.occurredAt': 1 } },
];

const balanceAlerts: IndexDescription[] = [
  // outbox pending: the watched wallets holding an unrelayed crossing event.
  { name: 'balance_alerts_outbox_occurred', key: { 'outbox.occurredAt': 1 } },
];

/**
 * Documents stored before the deposit scanner lack the key fields its unique indexes need:
 * transactions their ledger entry key (the txID: nothing but service transfers existed), users
 * their wallet-address key. Idempotent, batched, and run before the indexes are built; the
 * unique index on the bare txID goes, since a deposit shares the txID of a withdrawal.
 */
const backfillLedgerKeys = async ({ transactions, users }: ShopCollections): Promise<void> => {
  // Absent on a new database (the call then fails, which is the state wanted).
  await transactions.dropIndex('transactions_hash_unique').catch(() => undefined);
  await backfillInBatches(transactions, { entryKey: { $exists: false } }, { transactionHash: 1 }, (batch) =>
    batch.map((document) => ({
      updateOne: {
        filter: { _id: document._id },
        update: { $set: { entryKey: document.transactionHash } },
      },
    })),
  );
  await backfillInBatches(users, { walletAddressKey: { $exists: false } }, { 'wallet.address': 1 }, (batch) =>
    batch.map((document) => ({
      updateOne: {
        filter: { _id: document._id },
        update: {
          $set: { walletAddressKey: walletAddressKeyOf(document._id, document.wallet?.address ?? null) },
        },
      },
    })),
  );
};

/**
 * Users stored before the customer search's trigrams get them, from the keys they hold. Each
 * write is guarded by the keys it read: a user renamed meanwhile (by a writer that set its new
 * trigrams, or by one that did not) is left for the next batch, which reads its keys again.
 */
const backfillSearchGrams = async ({ users }: ShopCollections): Promise<void> => {
  await backfillInBatches(
    users,
    { $or: [{ usernameGrams: { $exists: false } }, { emailGrams: { $exists: false } }] },
    { usernameKey: 1, emailKey: 1 },
    (batch) =>
      batch.map((document) => ({
        updateOne: {
          filter: { _id: document._id, usernameKey: document.usernameKey, emailKey: document.emailKey },
          update: {
            $set: {
              usernameGrams: trigramsOf(document.usernameKey),
              emailGrams: trigramsOf(document.emailKey),
            },
          },
        },
      })),
  );
};

/**
 * Products stored before their search text existed get it from the name and description they
 * hold; the write is guarded by those, so a product renamed meanwhile (by an update, which sets
 * the text itself) is left alone.
 */
const backfillProductSearchText = async ({ products }: ShopCollections): Promise<void> => {
  await backfillInBatches(
    products,
    { searchText: { $exists: false } },
    { name: 1, description: 1 },
    (batch) =>
      batch.map((document) => ({
        updateOne: {
          filter: { _id: document._id, name: document.name, description: document.description },
          update: { $set: { searchText: productSearchText(document.name, document.description) } },
        },
      })),
  );
};

/**
 * The one report kept before every run's was (`_id` 'latest') moves to its own id, like the
 * reports saved since. Idempotent: an insert that finds the id taken was done by an earlier start.
 */
const moveLatestReport = async ({ reconciliationReports }: ShopCollections): Promise<void> => {
  const legacy = await reconciliationReports.findOne({ _id: 'latest' });
  if (!legacy) return;
  await reconciliationReports.insertOne({ _id: legacy.report.id, report: legacy.report }).catch((error) => {
    if (!isDuplicateKey(error)) throw error;
  });
  await reconciliationReports.deleteOne({ _id: 'latest' });
};

export const ensureIndexes = async (collections: ShopCollections): Promise<void> => {
  await backfillLedgerKeys(collections);
  await backfillSearchGrams(collections);
  await backfillProductSearchText(collections);
  // After the ledger keys: it finds refund records by their entry key.
  await backfillOrderRefunds(collections);
  await moveLatestReport(collections);
  await Promise.all([
    collections.users.createIndexes(users),
    collections.products.createIndexes(products),
    collections.orders.createIndexes(orders),
    collections.transactions.createIndexes(transactions),
    collections.sessions.createIndexes(sessions),
    collections.withdrawals.createIndexes(withdrawals),
    collections.walletReservations.createIndexes(walletReservations),
    collections.eventLog.createIndexes(eventLog),
    collections.windowCounters.createIndexes(windowCounters),
    collections.webhookDeliveries.createIndexes(webhookDeliveries),
    collections.apiKeys.createIndexes(apiKeys),
    collections.mailMessages.createIndexes(mailMessages),
    collections.mailbox.createIndexes(mailbox),
    collections.accountTokens.createIndexes(accountTokens),
    collections.reconciliationReports.createIndexes(reconciliationReports),
    collections.balanceAlerts.createIndexes(balanceAlerts),
  ]);
  // Products stored before reservations existed get the empty reservation fields the guarded
  // writes compare against (idempotent: only documents without them are touched).
  await collections.products.updateMany(
    { reservedStock: { $exists: false } },
    { $set: { reservedStock: 0, stockReservations: [] } },
  );
};
