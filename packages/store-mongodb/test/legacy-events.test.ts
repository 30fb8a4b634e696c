import { NO_SUBJECTS } from '@trx-shop/domain';
import {
  BUILDER_NOW,
  buildEventActor,
  buildOrder,
  buildShopEvent,
  buildWithdrawal,
  minutesAfter,
  newObjectId,
} from '@trx-shop/store-contract';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { describeWithMongo } from './support/mongo-test-env.js';
import { openStoreWithRawAccess, type StoreWithRawAccess } from './support/raw-database.js';

/** An event as stored before events had actors and webhook subjects: neither field is there. */
const storedBefore = (event: ReturnType<typeof buildShopEvent>) => {
  const { actor: _actor, subjects, ...fields } = event;
  const { webhookId: _webhook, ...olderSubjects } = subjects;
  return { ...fields, subjects: olderSubjects };
};

describeWithMongo('events stored before actors and webhook subjects', (uri) => {
  let env: StoreWithRawAccess;
  beforeEach(async () => {
    env = await openStoreWithRawAccess(uri, 'legacy-events');
  });
  afterEach(async () => {
    await env.dispose();
  });

  it('reads a logged one with no actor and no webhook, keeps it out of the audit trail, and compacts it', async () => {
    const orderId = newObjectId();
    const [ofOrder, ofNone] = [
      buildShopEvent({ subjects: { ...NO_SUBJECTS, orderId } }),
      buildShopEvent({ type: 'product.updated', subjects: NO_SUBJECTS }),
    ];
    const log = env.store.eventLog;
    const sequences = [await log.takeSequence(), await log.takeSequence()];
    await env.db.collection('event_log').insertMany(
      [ofOrder, ofNone].map((event, index) => {
        const { id, ...fields } = storedBefore(event);
        return { _id: id, ...fields, sequence: sequences[index], loggedAt: BUILDER_NOW } as never;
      }),
    );

    const logged = [ofOrder, ofNone].map((event, index) => ({
      ...event,
      sequence: sequences[index],
      loggedAt: BUILDER_NOW,
    }));
    expect(await log.readAfter(0, 10)).toEqual(logged);
    expect(await log.findById(ofNone.id)).toEqual(logged[1]);
    expect(await log.orderHistory(orderId)).toEqual([logged[0]]);
    expect(await log.listAudit({}, { limit: 10, page: 1 })).toMatchObject({ items: [], total: 0 });
    expect(await log.compact(minutesAfter(BUILDER_NOW, 1), 10)).toBe(1);
    expect(await log.readAfter(0, 10)).toEqual([logged[0]]);
  });

  it('reads an unrelayed one from an outbox with no actor and no webhook, also once carried to a new record', async () => {
    const order = buildOrder();
    const created = buildShopEvent({ subjects: { ...NO_SUBJECTS, orderId: order.id } });
    await env.store.orders.create(order);
    await env.db
      .collection<{ _id: string }>('orders')
      .updateOne({ _id: order.id }, { $set: { outbox: [storedBefore(created)] } });
    expect(await env.store.outbox.pending(10)).toEqual([
      { source: 'order', sourceId: order.id, event: created },
    ]);
    await env.store.outbox.clear([{ source: 'order', sourceId: order.id, event: created }]);

    // An expired withdrawal record hands its unrelayed events to the record that takes its key.
    const expired = buildWithdrawal();
    const sent = buildShopEvent({ type: 'withdrawal.sent', subjects: NO_SUBJECTS });
    await env.store.withdrawals.claim(expired, minutesAfter(BUILDER_NOW, -60));
    await env.db
      .collection<{ _id: string }>('withdrawals')
      .updateOne({ _id: expired.id }, { $set: { outbox: [storedBefore(sent)] } });
    const next = buildWithdrawal({
      userId: expired.userId,
      key: expired.key,
      createdAt: minutesAfter(BUILDER_NOW, 90),
    });
    expect(await env.store.withdrawals.claim(next, minutesAfter(BUILDER_NOW, 30))).toEqual({ claimed: true });
    expect(await env.store.outbox.pending(10)).toEqual([
      { source: 'withdrawal', sourceId: next.id, event: sent },
    ]);
  });

  it('reads an actor stored before addresses were recorded with no address, logged or in an outbox', async () => {
    const actor = buildEventActor({ label: 'ops@example.com' });
    const { address: _address, ...actorBefore } = actor;
    const logged = buildShopEvent({ type: 'product.updated', subjects: NO_SUBJECTS, actor });
    const sequence = await env.store.eventLog.takeSequence();
    const { id, ...fields } = logged;
    await env.db
      .collection('event_log')
      .insertOne({ _id: id, ...fields, actor: actorBefore, sequence, loggedAt: BUILDER_NOW } as never);
    const withoutAddress = { ...actor, address: null };
    expect(await env.store.eventLog.findById(logged.id)).toEqual({
      ...logged,
      actor: withoutAddress,
      sequence,
      loggedAt: BUILDER_NOW,
    });
    expect((await env.store.eventLog.listAudit({}, { limit: 10, page: 1 })).items[0]?.actor).toEqual(
      withoutAddress,
    );

    const order = buildOrder();
    const overridden = buildShopEvent({ type: 'order.status_overridden', actor });
    await env.store.orders.create(order);
    await env.db
      .collection<{ _id: string }>('orders')
      .updateOne({ _id: order.id }, { $set: { outbox: [{ ...overridden, actor: actorBefore }] } });
    expect(await env.store.outbox.pending(10)).toEqual([
      { source: 'order', sourceId: order.id, event: { ...overridden, actor: withoutAddress } },
    ]);
  });
});
