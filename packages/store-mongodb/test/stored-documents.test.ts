import {
  BUILDER_NOW,
  buildApiKey,
  buildMailboxEntry,
  buildMailMessage,
  buildOrder,
  buildProduct,
  buildTransaction,
  buildUser,
} from '@trx-shop/store-contract';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { openMongoStore } from '../src/index.js';
import { describeWithMongo } from './support/mongo-test-env.js';
import { openStoreWithRawAccess, type StoreWithRawAccess } from './support/raw-database.js';

describeWithMongo('stored documents and start-up', (uri) => {
  let env: StoreWithRawAccess;
  beforeEach(async () => {
    env = await openStoreWithRawAccess(uri, 'docs');
  });
  afterEach(async () => {
    await env.dispose();
  });

  it('keeps ids as 24-hex strings and case-folded keys beside the display values', async () => {
    const user = buildUser({ email: 'Mixed.Case@Example.COM', username: 'MiXeD' });
    await env.store.users.insert(user);
    const stored = await env.db.collection<{ _id: string }>('users').findOne({ _id: user.id });
    expect(stored).toMatchObject({
      _id: user.id,
      email: 'Mixed.Case@Example.COM',
      emailKey: 'mixed.case@example.com',
      username: 'MiXeD',
      usernameKey: 'mixed',
    });
    expect(typeof stored?._id).toBe('string');
  });

  it('stores money as exact integer SUN, beyond 32 bits too', async () => {
    // 1,000,000 TRX x 1,000 units: the largest line the limits allow, far above 2^31 SUN.
    const price = 1_000_000 * 1_000_000;
    const order = buildOrder({
      lines: [{ productId: buildProduct().id, name: 'Big', priceSun: price, quantity: 1000, color: null }],
    });
    const created = await env.store.orders.create(order);
    expect(created.ok).toBe(true);
    const stored = await env.db
      .collection<{ _id: string; totalSun: number }>('orders')
      .findOne({ _id: order.id });
    expect(stored?.totalSun).toBe(price * 1000 - 10_000);
    expect(Number.isSafeInteger(stored?.totalSun)).toBe(true);
  });

  it('remembers an applied stock change inside the product until it is forgotten, never in the product read', async () => {
    const product = buildProduct({ stock: 5 });
    await env.store.products.insert(product);
    expect(
      await env.store.products.applyStockChange(
        { productId: product.id, effectKey: 'order-1:0', kind: 'take', quantity: 7 },
        BUILDER_NOW,
      ),
    ).toBe(5);
    const products = env.db.collection<{ _id: string; stockJournal: { key: string; quantity: number }[] }>(
      'products',
    );
    expect((await products.findOne({ _id: product.id }))?.stockJournal).toEqual([
      { key: 'order-1:0', quantity: 5 },
    ]);
    expect(await env.store.products.findById(product.id)).toEqual({
      ...product,
      stock: 0,
      updatedAt: BUILDER_NOW,
    });

    await env.store.products.forgetStockChange(product.id, 'order-1:0');
    expect((await products.findOne({ _id: product.id }))?.stockJournal).toEqual([]);
  });

  it('creates its indexes at start-up and opening again on the same database changes nothing', async () => {
    const indexNames = async (collection: string) =>
      (await env.db.collection(collection).listIndexes().toArray()).map((index) => String(index.name)).sort();
    const before = await indexNames('users');
    expect(before).toEqual(
      [
        '_id_',
        'users_active',
        'users_created',
        'users_email_grams',
        'users_email_key_unique',
        'users_holders_mark',
        'users_outbox_occurred',
        'users_role_created',
        'users_search_mark',
        'users_username_grams',
        'users_username_key_unique',
        'users_wallet_address_key_unique',
        'users_wallet_holders',
      ].sort(),
    );
    const again = await openMongoStore({ uri, dbName: env.dbName });
    await again.close();
    expect(await indexNames('users')).toEqual(before);
    expect(await indexNames('transactions')).toContain('transactions_entry_key_unique');
    expect(await indexNames('transactions')).not.toContain('transactions_hash_unique');
    expect(await indexNames('transactions')).toEqual(
      expect.arrayContaining(['transactions_hash', 'transactions_status_block']),
    );
    expect(await indexNames('withdrawals')).toContain('withdrawals_user_key_unique');
    expect(await indexNames('orders')).toContain('orders_number_unique');
    expect(await indexNames('window_counters')).toContain('window_counters_reset');
    expect(await indexNames('api_keys')).toEqual([
      '_id_',
      'api_keys_created',
      'api_keys_hash_unique',
      'api_keys_outbox_occurred',
    ]);
    const hashIndex = (await env.db.collection('api_keys').listIndexes().toArray()).find(
      (index) => index.name === 'api_keys_hash_unique',
    );
    expect(hashIndex).toMatchObject({ key: { hash: 1 }, unique: true });
    expect(hashIndex).not.toHaveProperty('partialFilterExpression');
  });

  it('keeps an API key under its id with BSON dates, no id field, and an outbox for its audit events', async () => {
    const key = buildApiKey({ expiresAt: new Date(BUILDER_NOW.getTime() + 86_400_001) });
    await env.store.apiKeys.insert(key);
    await env.store.apiKeys.touch(key.id, new Date(BUILDER_NOW.getTime() + 7));
    const stored = await env.db
      .collection<{ _id: string; createdAt: unknown; expiresAt: unknown }>('api_keys')
      .findOne({ _id: key.id });
    const { id: _id, ...fields } = key;
    expect(stored).toEqual({
      _id: key.id,
      ...fields,
      lastUsedAt: new Date(BUILDER_NOW.getTime() + 7),
      outbox: [],
    });
    expect(stored?.createdAt).toBeInstanceOf(Date);
    expect(stored?.expiresAt).toBeInstanceOf(Date);
  });

  it('keeps mail under its id and the mailbox under the message id, with BSON dates, and indexes both lists', async () => {
    const message = buildMailMessage({ claim: { holder: 'instance-a', until: BUILDER_NOW, attempt: 1 } });
    const entry = buildMailboxEntry({ messageId: message.id });
    await env.store.mail.enqueue([message]);
    await env.store.mailbox.deliver(entry);
    const { id: _messageId, ...messageFields } = message;
    const storedMessage = await env.db
      .collection<{ _id: string; nextAttemptAt: unknown; claim: { until: unknown } }>('mail_messages')
      .findOne({ _id: message.id });
    expect(storedMessage).toEqual({ _id: message.id, ...messageFields });
    expect(storedMessage?.nextAttemptAt).toBeInstanceOf(Date);
    expect(storedMessage?.claim.until).toBeInstanceOf(Date);
    const { messageId: _entryId, ...entryFields } = entry;
    const storedEntry = await env.db
      .collection<{ _id: string; deliveredAt: unknown }>('mailbox')
      .findOne({ _id: entry.messageId });
    expect(storedEntry).toEqual({ _id: entry.messageId, ...entryFields });
    expect(storedEntry?.deliveredAt).toBeInstanceOf(Date);

    const indexNames = async (collection: string) =>
      (await env.db.collection(collection).listIndexes().toArray()).map((index) => String(index.name)).sort();
    expect(await indexNames('mail_messages')).toEqual([
      '_id_',
      'mail_messages_created',
      'mail_messages_status_created',
      'mail_messages_status_next',
    ]);
    expect(await indexNames('mailbox')).toEqual(['_id_', 'mailbox_delivered']);
  });

  it('gives documents stored before the deposit scanner their key fields, and drops the unique txID index', async () => {
    const transactions = env.db.collection<Record<string, unknown>>('transactions');
    const users = env.db.collection<Record<string, unknown>>('users');
    await transactions.dropIndex('transactions_entry_key_unique');
    await users.dropIndex('users_wallet_address_key_unique');
    await transactions.createIndex(
      { transactionHash: 1 },
      { name: 'transactions_hash_unique', unique: true },
    );
    const withdrawal = buildTransaction({ type: 'withdrawal', orderId: null, status: 'confirmed' });
    const { id: withdrawalId, ...withdrawalFields } = withdrawal;
    await transactions.insertOne({ _id: withdrawalId, ...withdrawalFields } as Record<string, unknown>);
    const [holder, walletless] = [
      buildUser(),
      buildUser({ wallet: { address: null, encryptedPrivateKey: null, externalAddress: null } }),
    ];
    for (const user of [holder, walletless]) {
      const { id, ...fields } = user;
      await users.insertOne({
        _id: id,
        ...fields,
        emailKey: user.email.toLowerCase(),
        usernameKey: user.username.toLowerCase(),
      } as Record<string, unknown>);
    }

    const reopened = await openMongoStore({ uri, dbName: env.dbName });
    try {
      expect(await transactions.findOne({ _id: withdrawalId } as Record<string, unknown>)).toMatchObject({
        entryKey: withdrawal.transactionHash,
      });
      expect(await reopened.transactions.findByHash(withdrawal.transactionHash)).toEqual(withdrawal);
      const deposit = buildTransaction({
        type: 'deposit',
        orderId: null,
        transactionHash: withdrawal.transactionHash,
        toAddress: withdrawal.toAddress,
        status: 'confirmed',
      });
      expect(await reopened.transactions.insert(deposit)).toBe('inserted');
      expect(await reopened.users.findByWalletAddresses([holder.wallet.address ?? ''])).toEqual([holder]);
      expect(await users.findOne({ _id: walletless.id } as Record<string, unknown>)).toMatchObject({
        walletAddressKey: `none:${walletless.id}`,
      });
    } finally {
      await reopened.close();
    }
  });

  it('answers ping while connected and false after close', async () => {
    const store = await env.openAnother();
    expect(await store.ping()).toBe(true);
    await store.close();
    expect(await store.ping()).toBe(false);
  });
});
