import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NO_SUBJECTS, noDiscrepancies, type ReconciliationReport } from '@trx-shop/domain';
import {
  BUILDER_NOW,
  buildAccountToken,
  buildApiKey,
  buildEventActor,
  buildMailAttempt,
  buildMailboxEntry,
  buildMailMessage,
  buildOrder,
  buildProduct,
  buildShopEvent,
  buildTransaction,
  buildTransferClaim,
  buildUser,
  buildWebhookAttempt,
  buildWebhookDelivery,
  buildWebhookEndpoint,
} from '@trx-shop/store-contract';
import { SqliteDatabase as Database } from '../src/sqlite-driver.js';
import { afterEach, describe, expect, it } from 'vitest';
import { openSqliteStore } from '../src/index.js';
import { TRANSACTION_COLUMN_LIST, transactionToRow } from '../src/rows/transaction-row.js';
import { userToRow } from '../src/rows/user-row.js';
import { MIGRATIONS } from '../src/schema/migrations.js';
import { mailMigration } from '../src/schema/mail-migration.js';
import { accountTokensMigration } from '../src/schema/account-tokens-migration.js';
import { mailPreferencesMigration } from '../src/schema/mail-preferences-migration.js';
import { reconciliationHistoryMigration } from '../src/schema/reconciliation-history-migration.js';
import { productUsdtPriceMigration } from '../src/schema/product-usdt-price-migration.js';
import { insertProductAtVersion } from './product-row-at-version.js';
import { insertVersion5Order, insertVersion5Transaction } from './version-5-orders.js';

const directories: string[] = [];
const freshFile = (): string => {
  const directory = mkdtempSync(join(tmpdir(), 'trx-shop-migrate-'));
  directories.push(directory);
  return join(directory, 'shop.db');
};
afterEach(() => {
  for (const directory of directories.splice(0)) rmSync(directory, { recursive: true, force: true });
});

const inspect = (filename: string) => {
  const db = new Database(filename, { readonly: true });
  try {
    return {
      version: db.pragma('user_version', { simple: true }),
      journalMode: db.pragma('journal_mode', { simple: true }),
      tables: db
        .prepare<[], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
        .all()
        .map((row) => row.name),
    };
  } finally {
    db.close();
  }
};

describe('schema migrations', () => {
  it('migrates a new file to the latest version in WAL mode', async () => {
    const filename = freshFile();
    const store = await openSqliteStore({ filename });
    await store.close();
    const state = inspect(filename);
    expect(state.version).toBe(MIGRATIONS.length);
    expect(state.journalMode).toBe('wal');
    expect(state.tables).toEqual(
      [
        'account_tokens',
        'api_keys',
        // whether the merchant wallet was last seen below MERCHANT_LOW_BALANCE_TRX
        'balance_alerts',
        'chain_cursors',
        'completed_lines',
        'counters',
        // migration 17: customers created per UTC day; 18: their order volume per UTC hour
        'customer_day_counts',
        // migration 21: customers per UTC hour
        'customer_hour_counts',
        'customer_volume_hours',
        // migration 21: the customers' all-time volume
        'customer_volume_total',
        'event_log',
        'event_outbox',
        // the running processes and the key ids they hold
        'key_holders',
        'leases',
        // the mail queue, each user's mail preferences and the embedded mailbox
        'mail_messages',
        'mail_preferences',
        'mailbox',
        'order_day_totals',
        'order_lines',
        'order_refund_totals',
        'order_refunds',
        'orders',
        'pending_order_locks',
        'product_sales',
        'products',
        'reconciliation_reports',
        'sessions',
        'stock_effects',
        'stock_reservations',
        'transactions',
        'users',
        // migration 14's FTS5 table and its shadow tables
        'users_search',
        'users_search_config',
        'users_search_data',
        'users_search_docsize',
        'users_search_idx',
        // every topic's version, in one table
        'versions',
        'wallet_openings',
        'wallet_reservations',
        'webhook_deliveries',
        'webhook_endpoints',
        'window_counters',
        'withdrawals',
      ].sort(),
    );
  });

  it('keeps the transactions of a version-3 file, keyed by their txID, and lets a deposit share that txID (migration 4)', async () => {
    const filename = freshFile();
    const old = new Database(filename);
    for (const migration of MIGRATIONS.slice(0, 3)) old.exec(migration);
    old.pragma('user_version = 3');
    const withdrawal = buildTransaction({ type: 'withdrawal', orderId: null, status: 'confirmed' });
    old
      .prepare(
        'INSERT INTO transactions (id, user_id, order_id, type, amount_sun, currency, network, transaction_hash, ' +
          'from_address, to_address, status, confirmations, block_number, fee_sun, failure_reason, ' +
          'signed_transaction, expires_at, effect_applied, created_at, updated_at) VALUES ' +
          '(?, ?, NULL, ?, ?, ?, ?, ?, ?, ?, ?, ?, NULL, NULL, NULL, ?, ?, 0, ?, ?)',
      )
      .run(
        withdrawal.id,
        withdrawal.userId,
        withdrawal.type,
        withdrawal.amountSun,
        withdrawal.currency,
        withdrawal.network,
        withdrawal.transactionHash,
        withdrawal.fromAddress,
        withdrawal.toAddress,
        withdrawal.status,
        withdrawal.confirmations,
        withdrawal.signedTransaction,
        withdrawal.expiresAt.getTime(),
        withdrawal.createdAt.getTime(),
        withdrawal.updatedAt.getTime(),
      );
    old.close();

    const store = await openSqliteStore({ filename });
    try {
      expect(await store.transactions.findByHash(withdrawal.transactionHash)).toEqual(withdrawal);
      expect(await store.transactions.insert({ ...withdrawal, id: buildTransaction().id })).toBe('exists');
      const deposit = buildTransaction({
        type: 'deposit',
        orderId: null,
        transactionHash: withdrawal.transactionHash,
        toAddress: withdrawal.toAddress,
        status: 'confirmed',
      });
      expect(await store.transactions.insert(deposit)).toBe('inserted');
      expect(await store.transactions.findById(deposit.id)).toEqual(deposit);
    } finally {
      await store.close();
    }
    expect(inspect(filename).version).toBe(MIGRATIONS.length);
  });

  it("moves a version-5 file's refund claims into order_refunds with their counters (migration 6)", async () => {
    const filename = freshFile();
    const old = new Database(filename);
    for (const migration of MIGRATIONS.slice(0, 5)) old.exec(migration);
    old.pragma('user_version = 5');
    const payment = (amountSun: number) =>
      buildTransferClaim({ amountSun, state: 'confirmed', recorded: true });
    const paidOrder = (number: number, amountSun: number) => {
      const paid = payment(amountSun);
      return {
        ...buildOrder({ status: 'completed', payment: paid, transactionHash: paid.txId }),
        number,
      };
    };
    const refundClaim = (state: 'pending' | 'confirmed' | 'failed', amountSun: number, recorded: boolean) =>
      buildTransferClaim({ amountSun, state, recorded, fromAddress: 'TMerchant', toAddress: 'TCustomer' });
    // Refunded with its record, refunded without one, mid-refund, failed refund, never refunded.
    const refunded = { ...paidOrder(1, 2_000_000), status: 'refunded' as const };
    const refundedClaim = refundClaim('confirmed', 2_000_000, true);
    const record = buildTransaction({
      type: 'refund',
      orderId: refunded.id,
      transactionHash: refundedClaim.txId,
      amountSun: 2_000_000,
    });
    const unrecorded = { ...paidOrder(2, 1_000_000), status: 'refunded' as const };
    const unrecordedClaim = refundClaim('confirmed', 1_000_000, false);
    const pending = paidOrder(3, 3_000_000);
    const pendingClaim = refundClaim('pending', 3_000_000, true);
    const failed = paidOrder(4, 4_000_000);
    const failedClaim = refundClaim('failed', 4_000_000, true);
    const untouched = paidOrder(5, 5_000_000);
    insertVersion5Order(old, refunded, refundedClaim);
    insertVersion5Transaction(old, record);
    insertVersion5Order(old, unrecorded, unrecordedClaim);
    insertVersion5Order(old, pending, pendingClaim);
    insertVersion5Order(old, failed, failedClaim);
    insertVersion5Order(old, untouched, null);
    old.close();

    const store = await openSqliteStore({ filename });
    try {
      const expectRefunds = async (
        order: { id: string },
        refunds: unknown[],
        counters: { refundClaimedSun: number; refundedSun: number },
      ) => {
        const stored = await store.orders.findById(order.id);
        expect(stored?.refunds).toEqual(refunds);
        expect(stored).toMatchObject(counters);
      };
      const moved = (claim: typeof refundedClaim, id: string) => [{ ...claim, id, reason: null }];
      await expectRefunds(refunded, moved(refundedClaim, record.id), {
        refundClaimedSun: 2_000_000,
        refundedSun: 2_000_000,
      });
      await expectRefunds(unrecorded, moved(unrecordedClaim, unrecordedClaim.txId), {
        refundClaimedSun: 1_000_000,
        refundedSun: 1_000_000,
      });
      await expectRefunds(pending, moved(pendingClaim, pendingClaim.txId), {
        refundClaimedSun: 3_000_000,
        refundedSun: 0,
      });
      await expectRefunds(failed, moved(failedClaim, failedClaim.txId), {
        refundClaimedSun: 0,
        refundedSun: 0,
      });
      await expectRefunds(untouched, [], { refundClaimedSun: 0, refundedSun: 0 });
      expect((await store.orders.findById(untouched.id))?.payment).toEqual(untouched.payment);

      expect((await store.orders.listUnrecordedClaims(10)).map((order) => order.id)).toEqual([unrecorded.id]);
      // The pending refund holds the rest of the payment; the failed one gave its amount back.
      const paidBy = (order: typeof pending) => ({
        txId: order.payment?.txId ?? '',
        amountSun: order.payment?.amountSun ?? 0,
      });
      const more = { ...refundClaim('pending', 1, false), id: 'more', reason: null };
      expect(await store.orders.claimRefund(pending.id, more, paidBy(pending))).toBe(false);
      expect(await store.orders.claimRefund(failed.id, more, paidBy(failed))).toBe(true);
      expect((await store.orders.findById(failed.id))?.refunds.map((refund) => refund.id)).toEqual([
        failedClaim.txId,
        'more',
      ]);

      const figures = await store.dashboard.dashboard({
        windows: {
          current: { from: new Date(0), to: new Date(1) },
          previous: { from: new Date(0), to: new Date(1) },
        },
        chartFrom: new Date(0),
        recentSalesLimit: 1,
        topProductsLimit: 1,
      });
      expect(figures.totals).toMatchObject({
        refundedSun: 3_000_000,
        completedRefundedSun: 0,
        totalOrders: 5,
      });
    } finally {
      await store.close();
    }

    const migrated = new Database(filename, { readonly: true });
    try {
      const orderColumns = migrated
        .prepare<[], { name: string }>("SELECT name FROM pragma_table_info('orders')")
        .all()
        .map((row) => row.name);
      expect(orderColumns.filter((name) => name.startsWith('refund_'))).toEqual([
        'refund_effect',
        'refund_claimed_sun',
      ]);
      expect(
        migrated.prepare("SELECT name FROM sqlite_master WHERE name = 'orders_refund_recorded'").all(),
      ).toEqual([]);
    } finally {
      migrated.close();
    }
  });

  it("pages a version-6 file's confirmed lines in block order (migration 7)", async () => {
    const filename = freshFile();
    const old = new Database(filename);
    for (const migration of MIGRATIONS.slice(0, 6)) old.exec(migration);
    old.pragma('user_version = 6');
    const later = buildTransaction({ status: 'confirmed', blockNumber: 8 });
    const earlier = buildTransaction({ status: 'confirmed', blockNumber: 7 });
    const pending = buildTransaction({ status: 'pending' });
    const insert = old.prepare(
      `INSERT INTO transactions (${TRANSACTION_COLUMN_LIST.join(', ')}) ` +
        `VALUES (${TRANSACTION_COLUMN_LIST.map((column) => `@${column}`).join(', ')})`,
    );
    for (const line of [later, earlier, pending]) insert.run(transactionToRow(line));
    old.close();

    const store = await openSqliteStore({ filename });
    try {
      expect(await store.transactions.listConfirmedInBlocks({ from: 0, to: 10 }, null, 10)).toEqual([
        earlier,
        later,
      ]);
      expect(await store.reconciliation.latestReport()).toBeNull();
    } finally {
      await store.close();
    }
  });

  it('adds the event log and the outbox to a version-7 file, numbering events apart from orders (migration 8)', async () => {
    const filename = freshFile();
    const old = new Database(filename);
    for (const migration of MIGRATIONS.slice(0, 7)) old.exec(migration);
    old.pragma('user_version = 7');
    old.prepare("INSERT INTO counters (name, value) VALUES ('order', 41)").run();
    old.close();

    const store = await openSqliteStore({ filename });
    try {
      const order = buildOrder();
      const created = buildShopEvent({ subjects: { ...buildShopEvent().subjects, orderId: order.id } });
      const stored = await store.orders.create(order, [created]);
      expect(stored.ok && stored.value.number).toBe(42);
      // Logged in the order's own write, at the first number of a counter apart from the orders'.
      expect(await store.eventLog.readAfter(0, 10)).toEqual([
        { ...created, sequence: 1, loggedAt: created.occurredAt },
      ]);
      expect(await store.outbox.pending(10)).toEqual([]);
      expect(await store.eventLog.takeSequence()).toBe(2);
    } finally {
      await store.close();
    }

    const migrated = new Database(filename, { readonly: true });
    try {
      const indexes = migrated
        .prepare<[], { name: string }>(
          "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name IN ('event_log', 'event_outbox') " +
            "AND name NOT LIKE 'sqlite_autoindex_%' ORDER BY name",
        )
        .all()
        .map((row) => row.name);
      // Migration 10 adds the user index on top, migration 12 the audit and order-history ones.
      expect(indexes).toEqual([
        'event_log_audit',
        'event_log_audit_actor',
        'event_log_compactable',
        'event_log_order_sequence',
        'event_log_sequence',
        'event_log_user_sequence',
        'event_outbox_pending',
      ]);
      const outboxColumns = migrated
        .prepare<[string], { name: string }>('SELECT name FROM pragma_table_info(?)')
        .all('event_outbox')
        .map((row) => row.name);
      expect(outboxColumns).toEqual(['position', 'event_id', 'source', 'source_id', 'occurred_at', 'body']);
    } finally {
      migrated.close();
    }
  });

  it('adds the window counters to a version-8 file, swept in reset order (migration 9)', async () => {
    const filename = freshFile();
    const old = new Database(filename);
    for (const migration of MIGRATIONS.slice(0, 8)) old.exec(migration);
    old.pragma('user_version = 8');
    old.close();

    const at = (ms: number) => new Date(BUILDER_NOW.getTime() + ms);
    const store = await openSqliteStore({ filename });
    try {
      expect(await store.windowCounters.hit('login:a', 1_000, at(0))).toEqual({
        count: 1,
        resetAt: at(1_000),
      });
      expect(await store.windowCounters.hit('login:a', 1_000, at(999))).toEqual({
        count: 2,
        resetAt: at(1_000),
      });
      expect(await store.windowCounters.sweep(at(1_001), 10)).toBe(1);
      expect(await store.windowCounters.peek('login:a', at(0))).toBeNull();
    } finally {
      await store.close();
    }
    expect(inspect(filename).version).toBe(MIGRATIONS.length);

    const migrated = new Database(filename, { readonly: true });
    try {
      const indexes = migrated
        .prepare<[], { name: string }>(
          "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'window_counters' " +
            "AND name NOT LIKE 'sqlite_autoindex_%' ORDER BY name",
        )
        .all()
        .map((row) => row.name);
      expect(indexes).toEqual(['window_counters_reset_at']);
      const table = migrated
        .prepare<[], { sql: string }>("SELECT sql FROM sqlite_master WHERE name = 'window_counters'")
        .get();
      expect(table?.sql).toMatch(/WITHOUT ROWID/);
    } finally {
      migrated.close();
    }
  });

  it('adds webhook endpoints and their delivery queue to a version-10 file (migration 11)', async () => {
    const filename = freshFile();
    const old = new Database(filename);
    for (const migration of MIGRATIONS.slice(0, 10)) old.exec(migration);
    old.pragma('user_version = 10');
    old.close();

    const at = (ms: number) => new Date(BUILDER_NOW.getTime() + ms);
    const store = await openSqliteStore({ filename });
    try {
      const endpoint = await store.webhooks.insertEndpoint(buildWebhookEndpoint());
      const delivery = buildWebhookDelivery({ endpointId: endpoint.id });
      expect(await store.webhooks.enqueue([delivery, { ...delivery, id: buildWebhookDelivery().id }])).toBe(
        1,
      );
      const [claimed] = await store.webhooks.claimDue(at(0), 'worker-a', at(30_000), 10);
      expect(claimed?.claim).toEqual({ holder: 'worker-a', until: at(30_000), attempt: 1 });
      const attempt = buildWebhookAttempt({ statusCode: 200, response: 'ok' });
      expect(
        await store.webhooks.recordAttempt(delivery.id, 'worker-a', {
          attempt,
          status: 'succeeded',
          nextAttemptAt: null,
        }),
      ).toBe(true);
      expect(await store.webhooks.findDelivery(delivery.id)).toEqual({
        ...delivery,
        status: 'succeeded',
        attempts: [attempt],
        roundAttempts: 1,
        nextAttemptAt: null,
      });
    } finally {
      await store.close();
    }
    expect(inspect(filename).version).toBe(MIGRATIONS.length);

    const migrated = new Database(filename, { readonly: true });
    try {
      const indexes = migrated
        .prepare<[], { name: string }>(
          "SELECT name FROM sqlite_master WHERE type = 'index' " +
            "AND tbl_name IN ('webhook_endpoints', 'webhook_deliveries') " +
            "AND name NOT LIKE 'sqlite_autoindex_%' ORDER BY name",
        )
        .all()
        .map((row) => row.name);
      expect(indexes).toEqual([
        'webhook_deliveries_due',
        'webhook_deliveries_endpoint_created',
        'webhook_endpoints_created',
      ]);
      const due = migrated
        .prepare<[], { sql: string }>("SELECT sql FROM sqlite_master WHERE name = 'webhook_deliveries_due'")
        .get();
      expect(due?.sql).toMatch(/WHERE status = 'pending'/);
    } finally {
      migrated.close();
    }
  });

  it("adds actors and webhook subjects to a version-11 file's event log, reading older events without them (migration 12)", async () => {
    const filename = freshFile();
    const old = new Database(filename);
    for (const migration of MIGRATIONS.slice(0, 11)) old.exec(migration);
    old.pragma('user_version = 11');
    const orderId = buildOrder().id;
    const { actor: _logged, ...before } = buildShopEvent({ subjects: { ...NO_SUBJECTS, orderId } });
    const { actor: _pending, ...unrelayed } = buildShopEvent({ type: 'order.cancelled' });
    const { webhookId: _webhook, ...version11Subjects } = unrelayed.subjects;
    old
      .prepare(
        'INSERT INTO event_log (id, sequence, type, occurred_at, logged_at, user_id, order_id, transaction_id, ' +
          'product_id, payload) VALUES (?, 1, ?, ?, ?, ?, ?, NULL, NULL, ?)',
      )
      .run(
        before.id,
        before.type,
        before.occurredAt.getTime(),
        BUILDER_NOW.getTime(),
        before.subjects.userId,
        orderId,
        JSON.stringify(before.payload),
      );
    old.prepare("INSERT INTO counters (name, value) VALUES ('events', 1)").run();
    old
      .prepare(
        'INSERT INTO event_outbox (event_id, source, source_id, occurred_at, body) VALUES (?, ?, ?, ?, ?)',
      )
      .run(
        unrelayed.id,
        'order',
        orderId,
        unrelayed.occurredAt.getTime(),
        JSON.stringify({ ...unrelayed, subjects: version11Subjects }),
      );
    old.close();

    const store = await openSqliteStore({ filename });
    try {
      const loggedBefore = { ...before, actor: null, sequence: 1, loggedAt: BUILDER_NOW };
      expect(await store.eventLog.findById(before.id)).toEqual(loggedBefore);
      expect(await store.eventLog.orderHistory(orderId)).toEqual([loggedBefore]);
      expect(await store.outbox.pending(10)).toEqual([
        { source: 'order', sourceId: orderId, event: { ...unrelayed, actor: null } },
      ]);
      const audited = buildShopEvent({
        type: 'webhook.deleted',
        subjects: { ...NO_SUBJECTS, webhookId: buildOrder().id },
        actor: buildEventActor(),
      });
      const logged = await store.eventLog.insert(audited, await store.eventLog.takeSequence(), BUILDER_NOW);
      expect((await store.eventLog.listAudit({}, { limit: 10, page: 1 })).items).toEqual([logged]);
    } finally {
      await store.close();
    }
    expect(inspect(filename).version).toBe(MIGRATIONS.length);

    const migrated = new Database(filename, { readonly: true });
    try {
      const columns = migrated
        .prepare<[], { name: string }>("SELECT name FROM pragma_table_info('event_log')")
        .all()
        .map((row) => row.name);
      expect(columns.slice(-3)).toEqual(['webhook_id', 'actor', 'actor_id']);
      const indexSql = (name: string) =>
        migrated.prepare<[string], { sql: string }>('SELECT sql FROM sqlite_master WHERE name = ?').get(name)
          ?.sql;
      expect(indexSql('event_log_compactable')).toMatch(/WHERE order_id IS NULL AND actor IS NULL$/);
      expect(indexSql('event_log_audit')).toMatch(/\(occurred_at, id\) WHERE actor IS NOT NULL$/);
      expect(indexSql('event_log_audit_actor')).toMatch(
        /\(actor_id, occurred_at, id\) WHERE actor IS NOT NULL$/,
      );
      expect(indexSql('event_log_order_sequence')).toMatch(
        /\(order_id, sequence\) WHERE order_id IS NOT NULL$/,
      );
    } finally {
      migrated.close();
    }
  });

  it('adds API keys to a version-12 file, listed newest first (migration 13)', async () => {
    const filename = freshFile();
    const old = new Database(filename);
    for (const migration of MIGRATIONS.slice(0, 12)) old.exec(migration);
    old.pragma('user_version = 12');
    old.close();

    const at = (ms: number) => new Date(BUILDER_NOW.getTime() + ms);
    const older = buildApiKey({ createdAt: at(0), expiresAt: at(86_400_000) });
    const newer = buildApiKey({ scopes: ['stats:read'], createdAt: at(1_000) });
    const store = await openSqliteStore({ filename });
    try {
      for (const key of [older, newer]) await store.apiKeys.insert(key);
      await expect(store.apiKeys.insert({ ...buildApiKey(), hash: older.hash })).rejects.toThrow(
        /UNIQUE constraint failed: api_keys.hash/,
      );
      await store.apiKeys.touch(older.id, at(5_000));
      const revoked = { ...older, lastUsedAt: at(5_000), revokedAt: at(6_000) };
      expect(await store.apiKeys.revoke(older.id, at(6_000))).toEqual(revoked);
      expect(await store.apiKeys.findByHash(newer.hash)).toEqual(newer);
      expect(await store.apiKeys.list()).toEqual([newer, revoked]);
    } finally {
      await store.close();
    }
    expect(inspect(filename).version).toBe(MIGRATIONS.length);

    const migrated = new Database(filename, { readonly: true });
    try {
      const indexes = migrated
        .prepare<[], { name: string }>(
          "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'api_keys' " +
            "AND name NOT LIKE 'sqlite_autoindex_%' ORDER BY name",
        )
        .all()
        .map((row) => row.name);
      expect(indexes).toEqual(['api_keys_created']);
      const columns = migrated
        .prepare<[], { name: string; notnull: number }>(
          'SELECT name, "notnull" FROM pragma_table_info(\'api_keys\')',
        )
        .all();
      expect(columns).toEqual([
        { name: 'id', notnull: 0 },
        { name: 'name', notnull: 1 },
        { name: 'prefix', notnull: 1 },
        { name: 'hash', notnull: 1 },
        { name: 'scopes', notnull: 1 },
        { name: 'created_by', notnull: 1 },
        { name: 'created_at', notnull: 1 },
        { name: 'expires_at', notnull: 0 },
        { name: 'revoked_at', notnull: 0 },
        { name: 'last_used_at', notnull: 0 },
      ]);
      const stored = migrated
        .prepare<[string], { scopes: string; created_at: number }>(
          'SELECT scopes, created_at FROM api_keys WHERE id = ?',
        )
        .get(newer.id);
      expect(stored).toEqual({ scopes: '["stats:read"]', created_at: at(1_000).getTime() });
    } finally {
      migrated.close();
    }
  });

  it('keeps the one report of a version-25 file under its id, in the history of runs (migration 26)', async () => {
    const filename = freshFile();
    const old = new Database(filename);
    const before = MIGRATIONS.indexOf(reconciliationHistoryMigration());
    expect(before).toBe(25);
    for (const migration of MIGRATIONS.slice(0, before)) old.exec(migration);
    old.pragma(`user_version = ${before}`);
    const kept: ReconciliationReport = {
      id: '6760c0f4a1b2c3d4e5f60770',
      startedAt: new Date('2025-01-15T11:00:00.123Z'),
      finishedAt: new Date('2025-01-15T11:00:04.456Z'),
      blocks: { from: 10, to: 20 },
      transfersChecked: 3,
      linesChecked: 4,
      allWallets: false,
      walletsChecked: 2,
      walletsSkipped: 0,
      openingsRecorded: 1,
      counts: { ...noDiscrepancies(), mismatch: 1 },
      discrepancies: [
        {
          kind: 'mismatch',
          txHash: 'ab'.repeat(32),
          transactionId: '6760c0f4a1b2c3d4e5f60740',
          address: null,
          blockNumber: 12,
          field: 'amount',
          ledger: '1990000',
          chain: '1000000',
          detail: 'the ledger line and the transfer disagree on the amount',
        },
      ],
    };
    // As the earlier version kept it: the whole report as JSON text in the one 'latest' row.
    old
      .prepare("INSERT INTO reconciliation_reports (name, report) VALUES ('latest', ?)")
      .run(JSON.stringify(kept));
    old.close();

    const store = await openSqliteStore({ filename });
    try {
      expect(await store.reconciliation.findReport(kept.id)).toEqual(kept);
      expect(await store.reconciliation.latestReport()).toEqual(kept);
      const { discrepancies: _rows, ...summary } = kept;
      expect(await store.reconciliation.listReports({ limit: 10, page: 1 })).toMatchObject({
        items: [summary],
        total: 1,
      });
    } finally {
      await store.close();
    }
    const db = new Database(filename, { readonly: true });
    try {
      // Its start to the millisecond, as the history sorts by it.
      expect(db.prepare('SELECT started_at FROM reconciliation_reports').pluck().all()).toEqual([
        kept.startedAt.getTime(),
      ]);
    } finally {
      db.close();
    }
  });

  it('adds the mail queue and the mailbox to a version-26 file, each list served by its index (migration 27)', async () => {
    const filename = freshFile();
    const old = new Database(filename);
    const before = MIGRATIONS.indexOf(mailMigration());
    expect(before).toBe(26);
    for (const migration of MIGRATIONS.slice(0, before)) old.exec(migration);
    old.pragma(`user_version = ${before}`);
    old.close();

    const at = (ms: number) => new Date(BUILDER_NOW.getTime() + ms);
    const message = buildMailMessage({ nextAttemptAt: at(0) });
    const entry = buildMailboxEntry({ messageId: message.id, deliveredAt: at(1_000) });
    const store = await openSqliteStore({ filename });
    try {
      expect(await store.mail.enqueue([message, message])).toBe(1);
      const [claimed] = await store.mail.claimDue(at(0), 'worker-a', at(30_000), 10);
      expect(claimed?.claim).toEqual({ holder: 'worker-a', until: at(30_000), attempt: 1 });
      const attempt = buildMailAttempt({ at: at(1_000), error: null });
      expect(
        await store.mail.recordAttempt(message.id, 'worker-a', {
          attempt,
          status: 'sent',
          nextAttemptAt: null,
        }),
      ).toBe(true);
      expect(await store.mail.findMessage(message.id)).toEqual({
        ...message,
        status: 'sent',
        attempts: [attempt],
        roundAttempts: 1,
        nextAttemptAt: null,
        sentAt: at(1_000),
      });
      await store.mailbox.deliver(entry);
      expect(await store.mailbox.find(message.id)).toEqual(entry);
    } finally {
      await store.close();
    }
    expect(inspect(filename).version).toBe(MIGRATIONS.length);

    const migrated = new Database(filename, { readonly: true });
    try {
      const indexes = migrated
        .prepare<[], { name: string }>(
          "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name IN ('mail_messages', 'mailbox') " +
            "AND name NOT LIKE 'sqlite_autoindex_%' ORDER BY name",
        )
        .all()
        .map((row) => row.name);
      expect(indexes).toEqual([
        'mail_messages_created',
        'mail_messages_due',
        'mail_messages_status_created',
        'mailbox_delivered',
      ]);
    } finally {
      migrated.close();
    }
  });

  it('adds mailed tokens to a version-27 file and counts its existing accounts as verified (migration 28)', async () => {
    const filename = freshFile();
    const old = new Database(filename);
    const before = MIGRATIONS.indexOf(accountTokensMigration());
    expect(before).toBe(27);
    for (const migration of MIGRATIONS.slice(0, before)) old.exec(migration);
    old.pragma(`user_version = ${before}`);
    const existing = buildUser();
    const { email_verified: _none, ...version27Row } = userToRow(existing);
    const columns = Object.keys(version27Row);
    old
      .prepare(`INSERT INTO users (${columns.join(', ')}) VALUES (${columns.map((c) => `@${c}`).join(', ')})`)
      .run(version27Row);
    old.close();

    const store = await openSqliteStore({ filename });
    try {
      expect((await store.users.findById(existing.id))?.emailVerified).toBe(true);
      const token = buildAccountToken({ userId: existing.id });
      await store.accountTokens.replace(token);
      expect(await store.accountTokens.consume('password-reset', token.tokenHash, BUILDER_NOW)).toEqual(
        token,
      );
    } finally {
      await store.close();
    }
    expect(inspect(filename).version).toBe(MIGRATIONS.length);
  });

  it('adds mail preferences to a file migrated up to the mail queue, keeping what the file held', async () => {
    const filename = freshFile();
    const old = new Database(filename);
    const before = MIGRATIONS.indexOf(mailPreferencesMigration());
    expect(before).toBeGreaterThan(MIGRATIONS.indexOf(mailMigration()));
    for (const migration of MIGRATIONS.slice(0, before)) old.exec(migration);
    old.pragma(`user_version = ${before}`);
    old.close();
    const customer = buildUser();
    const admin = buildUser({ role: 'admin' });

    const store = await openSqliteStore({ filename });
    try {
      for (const user of [customer, admin]) await store.users.insert(user);
      // Nobody has chosen yet: no row, so the defaults apply to every account.
      expect(await store.mailPreferences.findMany([customer.id, admin.id])).toEqual(new Map());
      const chosen = {
        receipts: false,
        alerts: { orderPaid: true, reconciliation: false, webhookDisabled: true, lowBalance: true },
      };
      await store.mailPreferences.save(customer.id, chosen, BUILDER_NOW);
      expect(await store.mailPreferences.findMany([customer.id, admin.id])).toEqual(
        new Map([[customer.id, chosen]]),
      );
      expect(await store.users.listAdmins()).toEqual([admin]);
    } finally {
      await store.close();
    }
    expect(inspect(filename).version).toBe(MIGRATIONS.length);
  });

  it('reads the products of a file from before USDT prices as not sold in USDT, and moves the catalogue with a USDT price', async () => {
    const filename = freshFile();
    const old = new Database(filename);
    const before = MIGRATIONS.indexOf(productUsdtPriceMigration());
    expect(before).toBeGreaterThan(0);
    for (const migration of MIGRATIONS.slice(0, before)) old.exec(migration);
    old.pragma(`user_version = ${before}`);
    const existing = buildProduct({ priceSun: 4_500_000, priceUsdt: 1 });
    insertProductAtVersion(old, existing);
    old.close();

    const store = await openSqliteStore({ filename });
    try {
      expect(await store.products.findById(existing.id)).toEqual({ ...existing, priceUsdt: null });
      const version = await store.versions.current({ kind: 'catalogue' });
      // A write of the USDT price alone, by any code, moves the catalogue its answers are filed under.
      const other = new Database(filename);
      other.prepare('UPDATE products SET price_usdt = 2500000 WHERE id = ?').run(existing.id);
      other.close();
      expect(await store.versions.current({ kind: 'catalogue' })).not.toBe(version);
      expect((await store.products.findById(existing.id))?.priceUsdt).toBe(2_500_000);
    } finally {
      await store.close();
    }
    expect(inspect(filename).version).toBe(MIGRATIONS.length);
  });

  it('opens an already migrated file again without touching its data', async () => {
    const filename = freshFile();
    const user = buildUser();
    const first = await openSqliteStore({ filename });
    await first.users.insert(user);
    await first.close();
    const second = await openSqliteStore({ filename });
    expect(await second.users.findById(user.id)).toEqual(user);
    expect(await second.ping()).toBe(true);
    await second.close();
    expect(inspect(filename).version).toBe(MIGRATIONS.length);
  });

  it('lets two connections open one new file at the same time', async () => {
    const filename = freshFile();
    const [a, b] = await Promise.all([openSqliteStore({ filename }), openSqliteStore({ filename })]);
    await a.users.insert(buildUser({ email: 'shared@example.com' }));
    expect((await b.users.findByEmail('shared@example.com'))?.email).toBe('shared@example.com');
    await a.close();
    await b.close();
  });

  it('refuses a file whose schema is newer than the code', async () => {
    const filename = freshFile();
    const db = new Database(filename);
    db.pragma(`user_version = ${MIGRATIONS.length + 1}`);
    db.close();
    await expect(openSqliteStore({ filename })).rejects.toThrow(/newer than this code/);
  });

  it('works on :memory:, each store with its own private database', async () => {
    const one = await openSqliteStore({ filename: ':memory:' });
    const two = await openSqliteStore({ filename: ':memory:' });
    const user = buildUser();
    expect((await one.users.insert(user)).ok).toBe(true);
    expect(await one.users.findById(user.id)).toEqual(user);
    expect(await two.users.findById(user.id)).toBeNull();
    expect(await one.counters.next('order')).toBe(1);
    await one.close();
    await two.close();
    expect(await one.ping()).toBe(false);
  });
});
