import {
  ADMINISTRATION_EVENT_TYPES,
  type ChainCursorStore,
  createProduct,
  NO_SUBJECTS,
  relayOutbox,
  type ShopEvent,
  updateWebhook,
  type WebhookDeps,
} from '@trx-shop/domain';
import { describe, expect, it } from 'vitest';
import { Crash } from '../support/domain-world.js';
import { successOf } from '../support/results.js';
import { createWebhookWorld, HOLE_GRACE_MS, type WebhookWorld } from '../support/webhook-world.js';

/*
 * Fan-out (docs/api.md, "Webhooks"): the events logged since the webhook cursor become one
 * delivery per interested endpoint, each (endpoint, event) once, read past young holes never.
 * Admin changes to endpoints may be logged too (the audit trail): the assertions look at the
 * deliveries of the events each test logs, and the counts at what the store gained.
 */

/** The deliveries of these events to these endpoints, as `endpointId eventId` pairs, sorted. */
const pairs = async (w: WebhookWorld, endpointIds: readonly string[], events: readonly ShopEvent[]) => {
  const ids = new Set(events.map((event) => event.id));
  const all = (await Promise.all(endpointIds.map((id) => w.deliveriesOf(id)))).flat();
  return all
    .filter((delivery) => ids.has(delivery.eventId))
    .map((delivery) => `${delivery.endpointId} ${delivery.eventId}`)
    .sort();
};

/** How many deliveries the endpoints have in all: a fan-out's answer is what it adds. */
const total = async (w: WebhookWorld, endpointIds: readonly string[]) =>
  (await Promise.all(endpointIds.map((id) => w.deliveriesOf(id)))).flat().length;

const cursor = (w: WebhookWorld) => w.store.chainCursors.read('webhooks');

describe('fanOutWebhooks', () => {
  it('starts at the newest event: nothing is queued for what was logged before the first run', async () => {
    const w = createWebhookWorld();
    const { endpoint } = await w.endpoint();
    await w.log(w.event());
    await w.log(w.event());
    const newest = await w.newest();

    expect(await w.fanOut()).toBe(0);
    expect(await cursor(w)).toBe(newest);
    expect(await w.deliveriesOf(endpoint.id)).toEqual([]);
    // The marker: an event logged after the first run is queued, and it is the only one.
    const later = w.event();
    await w.log(later);
    expect(await w.fanOut()).toBe(1);
    expect((await w.deliveriesOf(endpoint.id)).map((d) => [d.eventId, d.sequence])).toEqual([
      [later.id, newest + 1],
    ]);
  });

  it('queues each event for the enabled endpoints whose filter takes it and that existed when it happened', async () => {
    const w = createWebhookWorld();
    const all = (await w.endpoint()).endpoint;
    const orders = (await w.endpoint({ events: ['order.created', 'refund.sent'] })).endpoint;
    const products = (await w.endpoint({ events: ['product.created'] })).endpoint;
    const off = (await w.endpoint({ enabled: false })).endpoint;
    const order = w.event({ type: 'order.created' });
    const deposit = w.event({ type: 'deposit.received' });
    w.advance(1);
    // Created a millisecond after both events happened (logged after it, which does not matter).
    const late = (await w.endpoint()).endpoint;
    await w.start();
    await w.log(order);
    await w.log(deposit);

    const ids = [all.id, orders.id, products.id, off.id, late.id];
    expect(await w.fanOut()).toBe(3);
    expect(await pairs(w, ids, [order, deposit])).toEqual(
      [`${all.id} ${order.id}`, `${all.id} ${deposit.id}`, `${orders.id} ${order.id}`].sort(),
    );

    // The markers: a later order reaches the late endpoint, and the disabled one once enabled.
    successOf(await updateWebhook(w.deps, off.id, { enabled: true }));
    const next = w.event({ type: 'order.created' });
    await w.log(next);
    const before = await total(w, ids);
    const queued = await w.fanOut();
    expect(queued).toBe((await total(w, ids)) - before);
    expect(await pairs(w, ids, [next])).toEqual(
      [all.id, orders.id, off.id, late.id].map((id) => `${id} ${next.id}`).sort(),
    );
  });

  it("sends the administration's events only to endpoints that name them, each of them", async () => {
    const w = createWebhookWorld();
    const all = (await w.endpoint()).endpoint;
    const audit = (await w.endpoint({ events: [...ADMINISTRATION_EVENT_TYPES] })).endpoint;
    const oneKind = (await w.endpoint({ events: ['api_key.revoked'] })).endpoint;
    await w.start();
    const administration = ADMINISTRATION_EVENT_TYPES.map((type) => w.event({ type }));
    const order = w.event({ type: 'order.created' });
    for (const event of [...administration, order]) await w.log(event);

    await w.fanOut();
    const revoked = administration.find((event) => event.type === 'api_key.revoked');
    expect(await pairs(w, [all.id, audit.id, oneKind.id], [...administration, order])).toEqual(
      [
        `${all.id} ${order.id}`,
        ...administration.map((event) => `${audit.id} ${event.id}`),
        `${oneKind.id} ${revoked?.id}`,
      ].sort(),
    );
  });

  it('writes the body as exactly the type, id, sequence, time and data (non-null subject ids, then payload)', async () => {
    const w = createWebhookWorld();
    const { endpoint } = await w.endpoint();
    await w.start();
    w.advance(1_250);
    const event = w.event({
      type: 'refund.sent',
      subjects: { ...NO_SUBJECTS, userId: 'user-7', orderId: 'order-9' },
      payload: { orderNumber: '#TRX-42', amount: '12.5', lines: [{ productId: 'p-1', quantity: 2 }] },
    });
    const { sequence } = await w.log(event);
    w.advance(10);

    expect(await w.fanOut()).toBe(1);
    const [delivery] = await w.deliveriesOf(endpoint.id);
    expect(delivery?.body).toBe(
      JSON.stringify({
        type: 'refund.sent',
        id: event.id,
        sequence,
        timestamp: '2026-06-01T12:00:01.250Z',
        data: {
          userId: 'user-7',
          orderId: 'order-9',
          orderNumber: '#TRX-42',
          amount: '12.5',
          lines: [{ productId: 'p-1', quantity: 2 }],
        },
      }),
    );
    expect(delivery).toMatchObject({
      endpointId: endpoint.id,
      eventId: event.id,
      eventType: 'refund.sent',
      sequence,
      status: 'pending',
      attempts: [],
      roundAttempts: 0,
      claim: null,
      // Due at once: queued at the fan-out's time.
      nextAttemptAt: new Date('2026-06-01T12:00:01.260Z'),
      createdAt: new Date('2026-06-01T12:00:01.260Z'),
    });
  });

  it('queues an event a real use case recorded, once the relay has logged it', async () => {
    const w = createWebhookWorld();
    const { endpoint } = await w.endpoint({ events: ['product.created'] });
    await w.start();
    const product = successOf(
      await createProduct({ products: w.store.products, clock: w.deps.clock, ids: w.deps.ids }, 'admin-1', {
        name: 'Pen',
        price: '5.5',
        category: 'physical',
        stock: 3,
      }),
    );
    // Not logged yet: the event waits in the product's outbox.
    expect(await w.fanOut()).toBe(0);
    await relayOutbox({ store: w.store, clock: w.deps.clock });

    expect(await w.fanOut()).toBe(1);
    const [delivery] = await w.deliveriesOf(endpoint.id);
    expect(delivery?.eventType).toBe('product.created');
    expect(JSON.parse(delivery?.body ?? '{}').data).toEqual({
      productId: product.id,
      name: 'Pen',
      price: '5.5',
      priceUsdt: null,
      category: 'physical',
      stock: 3,
      isActive: true,
    });
  });

  it('queues nothing twice when run again, run concurrently, or run again after a crash before the cursor moved', async () => {
    const w = createWebhookWorld();
    const { endpoint } = await w.endpoint();
    await w.start();
    const start = await cursor(w);
    const first = [w.event(), w.event()];
    for (const event of first) await w.log(event);
    let crashed = false;
    const cursors: ChainCursorStore = {
      ...w.store.chainCursors,
      advance: async (...args) => {
        if (!crashed) {
          crashed = true;
          throw new Crash('died before moving the cursor');
        }
        return w.store.chainCursors.advance(...args);
      },
    };
    const crashing: WebhookDeps = { ...w.deps, store: { ...w.store, chainCursors: cursors } };

    await expect(w.fanOut(crashing)).rejects.toBeInstanceOf(Crash);
    expect(await w.deliveriesOf(endpoint.id)).toHaveLength(2);
    expect(await cursor(w)).toBe(start);
    expect(await w.fanOut()).toBe(0);
    expect(await w.fanOut()).toBe(0);
    expect(await cursor(w)).toBe(await w.newest());

    const second = [w.event(), w.event(), w.event()];
    for (const event of second) await w.log(event);
    const counts = await Promise.all([w.fanOut(), w.fanOut()]);
    expect(counts[0] + counts[1]).toBe(3);
    const queued = (await w.deliveriesOf(endpoint.id)).map((d) => d.eventId);
    expect(queued.sort()).toEqual([...first, ...second].map((event) => event.id).sort());
  });

  it('waits at a young hole, then queues both events in sequence order once the late one lands', async () => {
    const w = createWebhookWorld();
    const { endpoint } = await w.endpoint();
    await w.start();
    const [early, late] = [w.event(), w.event()];
    const [n, next] = [await w.store.eventLog.takeSequence(), await w.store.eventLog.takeSequence()];
    await w.log(late, next);
    w.advance(HOLE_GRACE_MS - 1);

    expect(await w.fanOut()).toBe(0);
    expect(await w.deliveriesOf(endpoint.id)).toEqual([]);
    // The marker: once the missing event lands, both are queued.
    await w.log(early, n);
    expect(await w.fanOut()).toBe(2);
    // Listed newest first: the later sequence was queued after the earlier one.
    expect((await w.deliveriesOf(endpoint.id)).map((d) => [d.eventId, d.sequence])).toEqual([
      [late.id, next],
      [early.id, n],
    ]);
  });

  it('passes a hole as old as the grace period: its writer died before inserting', async () => {
    const w = createWebhookWorld();
    const { endpoint } = await w.endpoint();
    await w.start();
    await w.store.eventLog.takeSequence();
    const after = w.event();
    const { sequence } = await w.log(after);

    w.advance(HOLE_GRACE_MS - 1);
    expect(await w.fanOut()).toBe(0);
    w.advance(1);
    expect(await w.fanOut()).toBe(1);
    expect((await w.deliveriesOf(endpoint.id)).map((d) => [d.eventId, d.sequence])).toEqual([
      [after.id, sequence],
    ]);
    expect(await cursor(w)).toBe(sequence);
  });
});
