import { NO_SUBJECTS } from '@trx-shop/domain';
import {
  BUILDER_NOW,
  buildEventActor,
  buildOrder,
  buildProduct,
  buildShopEvent,
  buildTransaction,
  buildTransferClaim,
  buildUser,
  buildWithdrawal,
  minutesAfter,
  newObjectId,
} from '@trx-shop/store-contract';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { openMongoStore } from '../src/index.js';
import { describeWithMongo } from './support/mongo-test-env.js';
import { openStoreWithRawAccess, type StoreWithRawAccess } from './support/raw-database.js';

const OUTBOX_HOLDERS = [
  'orders',
  'transactions',
  'withdrawals',
  'users',
  'products',
  'api_keys',
  'balance_alerts',
] as const;

interface RawIndex {
  readonly name: string;
  readonly unique?: boolean;
}

describeWithMongo('event log and outbox documents', (uri) => {
  let env: StoreWithRawAccess;
  beforeEach(async () => {
    env = await openStoreWithRawAccess(uri, 'events');
  });
  afterEach(async () => {
    await env.dispose();
  });

  const indexesOf = async (collection: string) =>
    (await env.db.collection(collection).listIndexes().toArray()) as unknown as RawIndex[];
  const rawOrders = () => env.db.collection<{ _id: string; outbox?: unknown[] }>('orders');

  it('pushes appends where the deployment has change streams (a replica set), and answers null where not', async () => {
    // The stand-in does not even know `hello`: no replica set there.
    const hello = await env.db
      .admin()
      .command({ hello: 1 })
      .catch(() => ({}) as Record<string, unknown>);
    const replicaSet = typeof hello.setName === 'string';
    let heard = 0;
    const stop = await env.store.eventLog.watchAppends?.(
      () => {
        heard += 1;
      },
      () => {},
    );
    if (!replicaSet) {
      // The stand-in and a standalone server: readers poll (docs/operations.md).
      console.info('[event log] no replica set here: the change-stream path answers null');
      expect(stop).toBeNull();
      return;
    }
    expect(stop).toBeTypeOf('function');
    const log = env.store.eventLog;
    await log.insert(buildShopEvent(), await log.takeSequence(), BUILDER_NOW);
    const deadline = Date.now() + 10_000;
    while (heard === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(heard).toBeGreaterThanOrEqual(1);
    await stop?.();
  });

  it('creates the event log and outbox indexes, and opening again changes nothing', async () => {
    const names = async (collection: string) =>
      (await indexesOf(collection)).map((index) => index.name).sort();
    expect(await names('event_log')).toEqual([
      '_id_',
      'event_log_audit_actor',
      'event_log_audit_kind',
      'event_log_order_sequence',
      'event_log_sequence_unique',
      'event_log_user_sequence',
    ]);
    expect(
      (await indexesOf('event_log')).find((index) => index.name === 'event_log_sequence_unique'),
    ).toMatchObject({ unique: true });
    for (const holder of OUTBOX_HOLDERS) expect(await names(holder)).toContain(`${holder}_outbox_occurred`);
    const before = await Promise.all(['event_log', ...OUTBOX_HOLDERS].map(names));
    const again = await openMongoStore({ uri, dbName: env.dbName });
    await again.close();
    expect(await Promise.all(['event_log', ...OUTBOX_HOLDERS].map(names))).toEqual(before);
  });

  it('keeps the outbox in the stored order and never in an order read back', async () => {
    const order = buildOrder();
    const created = buildShopEvent({ subjects: { ...NO_SUBJECTS, orderId: order.id } });
    const createdOrder = await env.store.orders.create(order, [created]);
    expect(createdOrder.ok && createdOrder.value).not.toHaveProperty('outbox');
    const claimed = buildShopEvent({ type: 'payment.sent', occurredAt: minutesAfter(BUILDER_NOW, 1) });
    expect(await env.store.orders.claimTransfer(order.id, 'payment', buildTransferClaim(), [claimed])).toBe(
      true,
    );

    const stored = await rawOrders().findOne({ _id: order.id });
    expect(stored?.outbox).toEqual([created, claimed]);

    const reads = [
      await env.store.orders.findById(order.id),
      await env.store.orders.findPendingByUser(order.userId),
      ...(await env.store.orders.listByUser(order.userId, {}, { page: 1, limit: 10 })).items,
      ...(await env.store.orders.listSales({}, { page: 1, limit: 10 })).items.map((sale) => sale.order),
      ...(await env.store.orders.listUnrecordedClaims(10)),
    ];
    for await (const sale of env.store.orders.streamSales({})) reads.push(sale.order);
    const changed = await env.store.orders.changeStatus(order.id, {
      from: ['pending'],
      to: 'cancelled',
      events: [buildShopEvent({ type: 'order.cancelled' })],
      at: minutesAfter(BUILDER_NOW, 2),
    });
    expect(changed.ok).toBe(true);
    if (changed.ok) reads.push(changed.value);
    expect(reads).toHaveLength(7);
    for (const read of reads) {
      expect(read).not.toBeNull();
      expect(read).not.toHaveProperty('outbox');
    }
    expect(await env.store.orders.findById(order.id)).toMatchObject({ id: order.id, status: 'cancelled' });
  });

  it('stores a logged event under its id with BSON dates, and refuses a second event at a taken number', async () => {
    const event = buildShopEvent({ actor: buildEventActor() });
    const sequence = await env.store.eventLog.takeSequence();
    await env.store.eventLog.insert(event, sequence, minutesAfter(BUILDER_NOW, 1));
    const stored = await env.db
      .collection<{ _id: string; occurredAt?: unknown }>('event_log')
      .findOne({ _id: event.id });
    expect(stored).toEqual({
      _id: event.id,
      type: event.type,
      occurredAt: event.occurredAt,
      subjects: event.subjects,
      payload: event.payload,
      actor: event.actor,
      sequence,
      loggedAt: minutesAfter(BUILDER_NOW, 1),
    });
    expect(stored?.occurredAt).toBeInstanceOf(Date);
    expect((await env.store.eventLog.findById(event.id))?.loggedAt).toBeInstanceOf(Date);

    const other = buildShopEvent();
    await expect(env.store.eventLog.insert(other, sequence, BUILDER_NOW)).rejects.toThrow(/E11000/);
    expect(await env.store.eventLog.findById(other.id)).toBeNull();
  });

  it('stores only the event fields, whatever object is handed in', async () => {
    const order = buildOrder();
    const actor = buildEventActor();
    const event = buildShopEvent({ actor });
    const wider = { ...event, actor: { ...actor, extra: 2 }, sequence: 7, loggedAt: BUILDER_NOW, extra: 1 };
    await env.store.orders.create(order, [wider]);
    expect((await env.store.outbox.pending(10)).map((entry) => entry.event)).toEqual([event]);
    expect((await rawOrders().findOne({ _id: order.id }))?.outbox).toStrictEqual([event]);
    const sequence = await env.store.eventLog.takeSequence();
    const loggedAt = minutesAfter(BUILDER_NOW, 1);
    const logged = await env.store.eventLog.insert(wider, sequence, loggedAt);
    expect(logged).toStrictEqual({ ...event, sequence: 1, loggedAt });
    const { id, ...fields } = event;
    expect(await env.db.collection<{ _id: string }>('event_log').findOne({ _id: id })).toStrictEqual({
      _id: id,
      ...fields,
      sequence: 1,
      loggedAt,
    });
  });

  it('answers the oldest events across orders, one write in the order written when occurredAt ties', async () => {
    const [first, second] = [buildOrder(), buildOrder()];
    // Ids descending, so neither the id nor the order's id decides the tie.
    const sameTime = ['ffffffffffffffffffffffff', '000000000000000000000000'].map((id) =>
      buildShopEvent({ id, occurredAt: minutesAfter(BUILDER_NOW, 5) }),
    );
    const earliest = buildShopEvent({ occurredAt: minutesAfter(BUILDER_NOW, 1) });
    const latest = buildShopEvent({ occurredAt: minutesAfter(BUILDER_NOW, 9) });
    await env.store.orders.create(first, [latest]);
    await env.store.orders.create(second, [earliest]);
    await env.store.orders.claimTransfer(first.id, 'payment', buildTransferClaim(), sameTime);

    const pending = await env.store.outbox.pending(3);
    expect(pending).toEqual([
      { source: 'order', sourceId: second.id, event: earliest },
      { source: 'order', sourceId: first.id, event: sameTime[0] },
      { source: 'order', sourceId: first.id, event: sameTime[1] },
    ]);
    expect(await env.store.outbox.pending(0)).toEqual([]);
  });

  it('gives an order stored before events an outbox on its first event, and reads none before', async () => {
    const order = buildOrder();
    await env.store.orders.create(order);
    // As stored before the outbox existed.
    await rawOrders().updateOne({ _id: order.id }, { $unset: { outbox: '' } });
    expect(await env.store.outbox.pending(10)).toEqual([]);

    const claimed = buildShopEvent({ type: 'payment.sent' });
    expect(await env.store.orders.claimTransfer(order.id, 'payment', buildTransferClaim(), [claimed])).toBe(
      true,
    );
    expect(await env.store.outbox.pending(10)).toEqual([
      { source: 'order', sourceId: order.id, event: claimed },
    ]);
    await env.store.outbox.clear([{ source: 'order', sourceId: order.id, event: claimed }]);
    expect((await rawOrders().findOne({ _id: order.id }))?.outbox).toEqual([]);
    expect(await env.store.outbox.pending(10)).toEqual([]);
  });

  const rawOutbox = async (collection: (typeof OUTBOX_HOLDERS)[number], id: string) =>
    (await env.db.collection<{ _id: string; outbox?: unknown[] }>(collection).findOne({ _id: id }))?.outbox;

  it('keeps a balance crossing under the wallet address with its event in the outbox, until the relay clears it', async () => {
    const address = 'TMerchantWalletAddress00000000000a';
    const at = minutesAfter(BUILDER_NOW, 1);
    const low = buildShopEvent({ type: 'merchant.balance_low', subjects: NO_SUBJECTS, occurredAt: at });
    expect(await env.store.balanceAlerts.recordLow(address, true, at, [low])).toBe(true);
    expect(await env.db.collection<{ _id: string }>('balance_alerts').findOne({ _id: address })).toEqual({
      _id: address,
      low: true,
      changedAt: at,
      outbox: [low],
    });
    expect(await env.store.outbox.pending(10)).toEqual([
      { source: 'balanceAlert', sourceId: address, event: low },
    ]);
    await env.store.outbox.clear([{ source: 'balanceAlert', sourceId: address, event: low }]);
    expect(await rawOutbox('balance_alerts', address)).toEqual([]);
  });

  it('keeps the outbox in stored users, products, transactions and withdrawals, never in one read back', async () => {
    const at = minutesAfter(BUILDER_NOW, 1);
    const [user, admin] = [buildUser(), buildUser({ role: 'admin' })];
    for (const each of [user, admin]) {
      expect((await env.store.users.insert(each)).ok).toBe(true);
      expect(
        await env.store.users.setActive(each.id, false, at, [buildShopEvent({ type: 'customer.blocked' })]),
      ).not.toHaveProperty('outbox');
    }
    const product = buildProduct();
    await env.store.products.insert(product, [buildShopEvent({ type: 'product.created' })]);
    const payment = buildTransaction({ userId: user.id });
    const deposit = buildTransaction({
      type: 'deposit',
      orderId: null,
      status: 'confirmed',
      blockNumber: 7,
      signedTransaction: '',
    });
    await env.store.transactions.insert(payment, [buildShopEvent()]);
    await env.store.transactions.insertMany([deposit], [[buildShopEvent({ type: 'deposit.received' })]]);
    const withdrawal = buildWithdrawal({ userId: user.id });
    await env.store.withdrawals.claim(withdrawal, minutesAfter(BUILDER_NOW, -60), [buildShopEvent()]);

    expect(await rawOutbox('users', user.id)).toHaveLength(1);
    expect(await rawOutbox('products', product.id)).toHaveLength(1);
    expect(await rawOutbox('transactions', payment.id)).toHaveLength(1);
    expect(await rawOutbox('transactions', deposit.id)).toHaveLength(1);
    expect(await rawOutbox('withdrawals', withdrawal.id)).toHaveLength(1);

    const page = { page: 1, limit: 10 };
    const users = [
      await env.store.users.findById(user.id),
      await env.store.users.findByEmail(user.email),
      ...(await env.store.users.findByWalletAddresses([user.wallet.address ?? ''])),
      await env.store.users.setActive(user.id, true, at, [buildShopEvent()]),
      await env.store.users.updatePasswordHash(user.id, 'rehashed', at),
      await env.store.users.firstAdmin(),
      ...(await env.store.users.listCustomers({}, page)).items.map((row) => row.user),
    ];
    for await (const row of env.store.users.streamCustomers()) users.push(row.user);
    const profile = await env.store.users.updateProfile(user.id, { country: 'DE' }, at);
    if (profile.ok) users.push(profile.value);
    const products = [
      await env.store.products.findById(product.id),
      ...(await env.store.products.findManyByIds([product.id])),
      ...(await env.store.products.list({}, page)).items,
      await env.store.products.update(product.id, { stock: 2 }, at, [buildShopEvent()]),
    ];
    const transactions = [
      await env.store.transactions.findById(payment.id),
      await env.store.transactions.findByHash(payment.transactionHash),
      ...(await env.store.transactions.findByHashes([payment.transactionHash])),
      ...(await env.store.transactions.listByHashes([payment.transactionHash])),
      ...(await env.store.transactions.listByUser(user.id, {}, page)).items,
      ...(await env.store.transactions.listPending(10)),
      await env.store.transactions.findReceived(deposit.transactionHash, deposit.toAddress),
      ...(await env.store.transactions.listConfirmedInBlocks({ from: 7, to: 7 }, null, 10)),
      ...(await env.store.transactions.listWalletMovements(deposit.toAddress, {}, page)).items,
    ];
    const sameKey = { ...withdrawal, id: newObjectId() };
    const lost = await env.store.withdrawals.claim(sameKey, minutesAfter(BUILDER_NOW, -60));
    const withdrawals = [
      await env.store.withdrawals.find(withdrawal.userId, withdrawal.key),
      ...(await env.store.withdrawals.listUnrecorded(10)),
      lost.claimed ? null : lost.existing,
    ];

    expect([users.length, products.length, transactions.length, withdrawals.length]).toEqual([9, 4, 10, 3]);
    for (const read of [...users, ...products, ...transactions, ...withdrawals]) {
      expect(read).not.toBeNull();
      expect(read).not.toHaveProperty('outbox');
    }
    expect(await env.store.products.findById(product.id)).toEqual({ ...product, stock: 2, updatedAt: at });
    expect(await env.store.transactions.findById(payment.id)).toEqual(payment);
    expect(await env.store.withdrawals.find(withdrawal.userId, withdrawal.key)).toEqual(withdrawal);
  });

  it('answers the oldest entries across every kind of record, ties in a fixed order of kinds', async () => {
    const event = (minutes: number) => buildShopEvent({ occurredAt: minutesAfter(BUILDER_NOW, minutes) });
    const [ofOrder, ofProduct, ofTransaction, ofUser] = [event(3), event(1), event(1), event(2)];
    const order = buildOrder();
    await env.store.orders.create(order, [ofOrder]);
    const product = buildProduct();
    await env.store.products.insert(product, [ofProduct]);
    const line = buildTransaction();
    await env.store.transactions.insert(line, [ofTransaction]);
    const user = buildUser();
    await env.store.users.insert(user);
    await env.store.users.setActive(user.id, false, BUILDER_NOW, [ofUser]);

    expect(await env.store.outbox.pending(3)).toEqual([
      { source: 'transaction', sourceId: line.id, event: ofTransaction },
      { source: 'product', sourceId: product.id, event: ofProduct },
      { source: 'user', sourceId: user.id, event: ofUser },
    ]);
    await env.store.outbox.clear([{ source: 'user', sourceId: user.id, event: ofUser }]);
    // Cleared from the user only: an entry is found by its record's kind, not by its id alone.
    await env.store.outbox.clear([{ source: 'order', sourceId: line.id, event: ofTransaction }]);
    expect((await env.store.outbox.pending(10)).map((entry) => entry.event.id)).toEqual([
      ofTransaction.id,
      ofProduct.id,
      ofOrder.id,
    ]);
    expect(await rawOutbox('users', user.id)).toEqual([]);
  });

  it('moves the unrelayed events of an expired withdrawal record into the record that takes its key', async () => {
    const expired = buildWithdrawal();
    const sent = buildShopEvent({ type: 'withdrawal.sent' });
    await env.store.withdrawals.claim(expired, minutesAfter(BUILDER_NOW, -60), [sent]);
    const confirmed = buildShopEvent({
      type: 'withdrawal.confirmed',
      occurredAt: minutesAfter(BUILDER_NOW, 1),
    });
    await env.store.withdrawals.settle(expired.id, 'confirmed', [confirmed]);

    const next = buildWithdrawal({
      userId: expired.userId,
      key: expired.key,
      createdAt: minutesAfter(BUILDER_NOW, 90),
    });
    const nextSent = buildShopEvent({ type: 'withdrawal.sent', occurredAt: minutesAfter(BUILDER_NOW, 90) });
    expect(await env.store.withdrawals.claim(next, minutesAfter(BUILDER_NOW, 30), [nextSent])).toEqual({
      claimed: true,
    });
    expect(await env.store.withdrawals.find(next.userId, next.key)).toEqual(next);
    expect(await env.store.outbox.pending(10)).toEqual([
      { source: 'withdrawal', sourceId: next.id, event: sent },
      { source: 'withdrawal', sourceId: next.id, event: confirmed },
      { source: 'withdrawal', sourceId: next.id, event: nextSent },
    ]);
  });

  it('keeps the events of an expired withdrawal record once when claimers of its key race', async () => {
    const expired = buildWithdrawal();
    const sent = buildShopEvent({ type: 'withdrawal.sent' });
    await env.store.withdrawals.claim(expired, minutesAfter(BUILDER_NOW, -60), [sent]);
    const stores = [env.store, ...(await Promise.all([1, 2, 3].map(() => env.openAnother())))];
    const claimers = Array.from({ length: 12 }, (_, index) => ({
      record: buildWithdrawal({
        userId: expired.userId,
        key: expired.key,
        createdAt: minutesAfter(BUILDER_NOW, 90),
      }),
      event: buildShopEvent({ occurredAt: minutesAfter(BUILDER_NOW, 90 + index) }),
    }));
    const outcomes = await Promise.all(
      claimers.map(({ record, event }, index) =>
        stores[index % stores.length]?.withdrawals.claim(record, minutesAfter(BUILDER_NOW, 30), [event]),
      ),
    );
    const winners = claimers.filter((_, index) => outcomes[index]?.claimed);
    expect(winners).toHaveLength(1);
    expect(await env.store.outbox.pending(100)).toEqual([
      { source: 'withdrawal', sourceId: winners[0]?.record.id, event: sent },
      { source: 'withdrawal', sourceId: winners[0]?.record.id, event: winners[0]?.event },
    ]);
  });
});
