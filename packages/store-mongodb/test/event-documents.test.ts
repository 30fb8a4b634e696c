import { NO_SUBJECTS } from '@trx-shop/domain';
import {
  BUILDER_NOW,
  buildOrder,
  buildShopEvent,
  buildTransferClaim,
  minutesAfter,
} from '@trx-shop/store-contract';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { openMongoStore } from '../src/index.js';
import { describeWithMongo } from './support/mongo-test-env.js';
import { openStoreWithRawAccess, type StoreWithRawAccess } from './support/raw-database.js';

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

  it('creates the event log and outbox indexes, and opening again changes nothing', async () => {
    const names = async (collection: string) =>
      (await indexesOf(collection)).map((index) => index.name).sort();
    expect(await names('event_log')).toEqual([
      '_id_',
      'event_log_order_sequence',
      'event_log_sequence_unique',
    ]);
    expect(
      (await indexesOf('event_log')).find((index) => index.name === 'event_log_sequence_unique'),
    ).toMatchObject({ unique: true });
    expect(await names('orders')).toContain('orders_outbox_occurred');
    const [eventLogBefore, ordersBefore] = [await names('event_log'), await names('orders')];
    const again = await openMongoStore({ uri, dbName: env.dbName });
    await again.close();
    expect(await names('event_log')).toEqual(eventLogBefore);
    expect(await names('orders')).toEqual(ordersBefore);
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
    const event = buildShopEvent();
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
    const event = buildShopEvent();
    const wider = { ...event, sequence: 7, loggedAt: BUILDER_NOW };
    await env.store.orders.create(order, [wider]);
    expect((await env.store.outbox.pending(10)).map((entry) => entry.event)).toEqual([event]);
    const logged = await env.store.eventLog.insert(
      wider,
      await env.store.eventLog.takeSequence(),
      BUILDER_NOW,
    );
    expect(logged.sequence).toBe(1);
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
      { sourceId: second.id, event: earliest },
      { sourceId: first.id, event: sameTime[0] },
      { sourceId: first.id, event: sameTime[1] },
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
    expect(await env.store.outbox.pending(10)).toEqual([{ sourceId: order.id, event: claimed }]);
    await env.store.outbox.clear({ sourceId: order.id, event: claimed });
    expect((await rawOrders().findOne({ _id: order.id }))?.outbox).toEqual([]);
    expect(await env.store.outbox.pending(10)).toEqual([]);
  });
});
