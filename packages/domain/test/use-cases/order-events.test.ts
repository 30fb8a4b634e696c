import {
  cancelOrder,
  compactEventLog,
  NO_SUBJECTS,
  overrideOrderStatus,
  payOrder,
  readLogAfter,
  refundOrder,
  relayOutbox,
} from '@trx-shop/domain';
import { buildOrder, buildShopEvent } from '@trx-shop/store-contract';
import { describe, expect, it } from 'vitest';
import { Crash, type DomainWorld, withStore } from '../support/domain-world.js';
import { shop } from '../support/shop-world.js';

/*
 * The event log (docs/api.md, "Events"): each state change of an order writes its events into
 * the order's outbox in the same write; the relay moves them to the log once, whatever crashes.
 */

const logged = async (world: DomainWorld) => world.store.eventLog.readAfter(0, 1_000);
const typesOf = async (world: DomainWorld) => (await logged(world)).map((event) => event.type);

describe('order events', () => {
  it('logs an order’s life once each, in order, with money as exact TRX, however often the listener runs', async () => {
    const { world, buyer, settle, order } = await shop();
    const placed = await order(2);
    expect((await payOrder(world.deps, buyer.id, placed.id)).ok).toBe(true);
    await settle();
    expect((await refundOrder(world.deps, placed.id, { amountSun: 1_500_000, reason: 'dent' })).ok).toBe(
      true,
    );
    await settle();
    expect((await refundOrder(world.deps, placed.id)).ok).toBe(true);
    await settle();
    await settle();
    expect(await relayOutbox(world.deps)).toBe(9);
    expect(await relayOutbox(world.deps)).toBe(0);

    expect(await typesOf(world)).toEqual([
      'order.created',
      'payment.sent',
      'payment.confirmed',
      'order.completed',
      'refund.sent',
      'refund.confirmed',
      'refund.sent',
      'refund.confirmed',
      'order.refunded',
    ]);
    const events = await logged(world);
    expect(events.map((event) => event.sequence)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(new Set(events.map((event) => event.id)).size).toBe(9);
    for (const event of events)
      expect(event.subjects).toMatchObject({ orderId: placed.id, userId: buyer.id });
    expect(events[0]?.payload).toMatchObject({ total: '5.99', lines: [{ quantity: 2, price: '3' }] });
    expect(events[1]?.payload).toMatchObject({ amount: '5.99', from: buyer.wallet.address });
    expect(events[4]?.payload).toMatchObject({ amount: '1.5', reason: 'dent' });
    expect(events[6]?.payload).toMatchObject({ amount: '4.49', reason: null });
    expect(events[8]?.payload).toEqual({ refundedAmount: '5.99', txHash: events[7]?.payload.txHash });
    expect(events[7]?.payload).toMatchObject({ partial: false });
    expect(events[5]?.payload).toMatchObject({ partial: true });
  });

  it('logs cancellations, overrides and failures', async () => {
    const { world, buyer, order } = await shop();
    const cancelled = await order();
    expect((await cancelOrder(world.deps, buyer.id, cancelled.id)).ok).toBe(true);
    const overridden = await order();
    const override = await overrideOrderStatus({ ...world.deps, orders: world.store.orders }, overridden.id, {
      status: 'completed',
      transactionHash: 'ab'.repeat(32),
    });
    expect(override.ok).toBe(true);
    const rejected = await order();
    world.controls.inject('reject');
    expect((await payOrder(world.deps, buyer.id, rejected.id)).ok).toBe(false);
    await relayOutbox(world.deps);

    const events = await logged(world);
    expect(events.map((event) => [event.type, event.subjects.orderId])).toEqual([
      ['order.created', cancelled.id],
      ['order.cancelled', cancelled.id],
      ['order.created', overridden.id],
      ['order.status_overridden', overridden.id],
      ['order.created', rejected.id],
      ['payment.sent', rejected.id],
      ['payment.failed', rejected.id],
    ]);
    expect(events[3]?.payload).toEqual({
      from: 'pending',
      to: 'completed',
      transactionHash: 'ab'.repeat(32),
    });
    expect(events[6]?.payload).toMatchObject({ amount: '2.99' });
  });

  it('finds an event in the log once after a crash between the state change and the relay, or inside the relay', async () => {
    const { world, order } = await shop();
    await order();
    // The process died before any relay ran: the event waits in the order's outbox.
    expect(await typesOf(world)).toEqual([]);
    expect(await world.store.outbox.pending(10)).toHaveLength(1);
    // This relay dies after logging it, before clearing it.
    const dying = withStore(world, {
      outbox: { ...world.store.outbox, clear: () => Promise.reject(new Crash('clear')) },
    });
    await expect(relayOutbox(dying)).rejects.toThrow(Crash);
    expect(await typesOf(world)).toEqual(['order.created']);
    // After the restart.
    expect(await relayOutbox(world.deps)).toBe(1);
    expect(await typesOf(world)).toEqual(['order.created']);
    expect((await logged(world))[0]?.sequence).toBe(1);
    expect(await world.store.outbox.pending(10)).toEqual([]);
  });

  it('compacts only what concerns no order, once it is older than the retention', async () => {
    const { world, order } = await shop();
    await order();
    await relayOutbox(world.deps);
    const log = world.store.eventLog;
    const productEvent = buildShopEvent({
      type: 'product.updated',
      subjects: { ...NO_SUBJECTS, productId: 'p' },
    });
    await log.insert(productEvent, await log.takeSequence(), world.deps.clock.now());
    const retention = { retentionMs: 60_000, batchSize: 1, maxBatches: 5 };
    expect(await compactEventLog(world.deps, retention)).toBe(0);
    world.advance(60_001);
    expect(await compactEventLog(world.deps, retention)).toBe(1);
    expect(await typesOf(world)).toEqual(['order.created']);
  });
});

describe('readLogAfter', () => {
  it('waits at a hole younger than the grace period: n+1 inserted before n, both arrive in order', async () => {
    const { world } = await shop();
    const log = world.store.eventLog;
    const [n, next] = [await log.takeSequence(), await log.takeSequence()];
    const [early, late] = [buildShopEvent(), buildShopEvent()];
    await log.insert(late, next, world.deps.clock.now());
    const options = () => ({ graceMs: 5_000, now: world.deps.clock.now(), limit: 100 });

    expect(await readLogAfter(log, n - 1, options())).toEqual({
      events: [],
      position: n - 1,
      waitingOnHole: true,
    });
    world.advance(1_000);
    await log.insert(early, n, world.deps.clock.now());
    const read = await readLogAfter(log, n - 1, options());
    expect(read.events.map((event) => event.id)).toEqual([early.id, late.id]);
    expect(read).toMatchObject({ position: next, waitingOnHole: false });
  });

  it('passes a hole once the event after it is older than the grace period (its writer died)', async () => {
    const { world } = await shop();
    const log = world.store.eventLog;
    const lost = await log.takeSequence();
    const after = buildShopEvent();
    await log.insert(after, await log.takeSequence(), world.deps.clock.now());
    world.advance(4_999);
    expect(
      (await readLogAfter(log, lost - 1, { graceMs: 5_000, now: world.deps.clock.now(), limit: 10 })).events,
    ).toEqual([]);
    world.advance(1);
    const read = await readLogAfter(log, lost - 1, {
      graceMs: 5_000,
      now: world.deps.clock.now(),
      limit: 10,
    });
    expect(read.events.map((event) => event.id)).toEqual([after.id]);
  });
});

describe('relayOutbox', () => {
  it('drains an outbox of several batches in one call, and stops after the batches it is given', async () => {
    const { world } = await shop();
    // 450 orders' events: more than two of the relay's batches (200 each).
    for (let index = 0; index < 450; index += 1) {
      const draft = buildOrder();
      const created = buildShopEvent({ subjects: { ...NO_SUBJECTS, orderId: draft.id } });
      expect((await world.store.orders.create(draft, [created])).ok).toBe(true);
    }
    expect(await relayOutbox(world.deps, 1)).toBe(200);
    expect(await relayOutbox(world.deps)).toBe(250);
    expect(await world.store.eventLog.readAfter(0, 1_000)).toHaveLength(450);
    expect(await world.store.outbox.pending(10)).toEqual([]);
  });

  it('numbers a batch consecutively in outbox order, giving none to an event a dead relay already logged', async () => {
    const { world } = await shop();
    const events = [0, 1, 2].map((minute) =>
      buildShopEvent({ occurredAt: new Date(Date.UTC(2026, 0, 1, 0, minute)) }),
    );
    for (const event of events) {
      const draft = buildOrder();
      const created = { ...event, subjects: { ...NO_SUBJECTS, orderId: draft.id } };
      expect((await world.store.orders.create(draft, [created])).ok).toBe(true);
    }
    const [first, second, third] = (await world.store.outbox.pending(10)).map((entry) => entry.event);
    if (!first || !second || !third) throw new Error('three events expected in the outbox');
    // A relay logged the middle one and died before clearing it.
    await world.store.eventLog.insert(second, await world.store.eventLog.takeSequence(), new Date());
    expect(await relayOutbox(world.deps)).toBe(3);
    expect((await logged(world)).map((event) => [event.id, event.sequence])).toEqual([
      [second.id, 1],
      [first.id, 2],
      [third.id, 3],
    ]);
    // No number was taken and left unused: the next one follows on.
    expect(await world.store.eventLog.takeSequence()).toBe(4);
    expect(await world.store.outbox.pending(10)).toEqual([]);
  });
});
