import { BUILDER_NOW, buildOrder, minutesAfter, newObjectId } from '@trx-shop/store-contract';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { describeWithMongo } from './support/mongo-test-env.js';
import { openStoreWithRawAccess, type StoreWithRawAccess } from './support/raw-database.js';

const secondsAfter = (moment: Date, seconds: number): Date => new Date(moment.getTime() + seconds * 1000);

describeWithMongo('pending-order lock (crash recovery and status changes)', (uri) => {
  let env: StoreWithRawAccess;
  beforeEach(async () => {
    env = await openStoreWithRawAccess(uri, 'lock');
  });
  afterEach(async () => {
    await env.dispose();
  });

  const locks = () =>
    env.db.collection<{ _id: string; orderId: string; createdAt: Date; settling?: boolean }>(
      'pending_order_locks',
    );
  const rawOrders = () => env.db.collection<{ _id: string; userId: string; status: string }>('orders');

  it('takes over a lock left behind by an order that is no longer pending (crash before release)', async () => {
    const userId = newObjectId();
    const first = buildOrder({ userId });
    expect((await env.store.orders.create(first)).ok).toBe(true);
    // The crash: the status write happened, the lock release did not.
    await rawOrders().updateOne({ _id: first.id }, { $set: { status: 'completed' } });
    expect(await locks().findOne({ _id: userId })).toMatchObject({ orderId: first.id });

    const second = buildOrder({ userId, createdAt: minutesAfter(BUILDER_NOW, 1) });
    const created = await env.store.orders.create(second);
    expect(created.ok).toBe(true);
    expect(await locks().findOne({ _id: userId })).toMatchObject({ orderId: second.id });
  });

  it('keeps a lock without an order for 60 s (an insert may be in flight), then lets it go', async () => {
    const userId = newObjectId();
    const abandonedOrderId = newObjectId();
    await locks().insertOne({ _id: userId, orderId: abandonedOrderId, createdAt: BUILDER_NOW });

    const early = await env.store.orders.create(
      buildOrder({ userId, createdAt: secondsAfter(BUILDER_NOW, 30) }),
    );
    expect(early.ok).toBe(false);
    if (!early.ok) {
      expect(early.error.code).toBe('PENDING_ORDER_EXISTS');
      expect(early.error.data.pendingOrderId).toBe(abandonedOrderId);
    }

    const late = buildOrder({ userId, createdAt: secondsAfter(BUILDER_NOW, 61) });
    const created = await env.store.orders.create(late);
    expect(created.ok).toBe(true);
    expect(await locks().findOne({ _id: userId })).toMatchObject({ orderId: late.id });
    // The refused attempt consumed no number.
    if (created.ok) expect(created.value.number).toBe(1);
  });

  it('treats a lock taken for an order moving back into pending as held while it settles', async () => {
    const userId = newObjectId();
    const moving = buildOrder({ userId });
    await env.store.orders.create(moving);
    await env.store.orders.changeStatus(moving.id, { from: ['pending'], to: 'completed', at: BUILDER_NOW });
    // The crash: the admin override took the lock (settling) but never wrote the status.
    await locks().insertOne({ _id: userId, orderId: moving.id, createdAt: BUILDER_NOW, settling: true });

    const during = await env.store.orders.create(
      buildOrder({ userId, createdAt: secondsAfter(BUILDER_NOW, 10) }),
    );
    expect(during.ok).toBe(false);
    if (!during.ok) expect(during.error.data.pendingOrderId).toBe(moving.id);

    const after = await env.store.orders.create(
      buildOrder({ userId, createdAt: secondsAfter(BUILDER_NOW, 61) }),
    );
    expect(after.ok).toBe(true);
  });

  it('clears the settling mark once the order is pending again, and frees the lock when it leaves', async () => {
    const userId = newObjectId();
    const order = buildOrder({ userId });
    await env.store.orders.create(order);
    await env.store.orders.changeStatus(order.id, { from: ['pending'], to: 'completed', at: BUILDER_NOW });
    expect(await locks().countDocuments({ _id: userId })).toBe(0);

    const back = await env.store.orders.changeStatus(order.id, {
      from: ['completed'],
      to: 'pending',
      at: BUILDER_NOW,
    });
    expect(back.ok && back.value.status).toBe('pending');
    const lock = await locks().findOne({ _id: userId });
    expect(lock).toMatchObject({ orderId: order.id });
    expect(lock?.settling).toBeUndefined();

    await env.store.orders.changeStatus(order.id, { from: ['pending'], to: 'cancelled', at: BUILDER_NOW });
    expect(await locks().countDocuments({ _id: userId })).toBe(0);
  });

  it('gives the lock back when the status write of a move into pending loses', async () => {
    const userId = newObjectId();
    const order = buildOrder({ userId });
    await env.store.orders.create(order);
    await env.store.orders.changeStatus(order.id, { from: ['pending'], to: 'completed', at: BUILDER_NOW });
    const claim = await env.store.orders.changeStatus(order.id, {
      from: ['completed'],
      to: 'pending',
      paymentTxId: 'a-payment-this-order-never-had',
      at: BUILDER_NOW,
    });
    expect(claim).toEqual({ ok: false, error: 'STATUS_MISMATCH' });
    expect(await locks().countDocuments({ _id: userId })).toBe(0);
    expect((await env.store.orders.create(buildOrder({ userId }))).ok).toBe(true);
  });

  it('never leaves two pending orders when a move back into pending races new orders of the user', async () => {
    const other = await env.openAnother();
    for (let round = 0; round < 10; round++) {
      const userId = newObjectId();
      const old = buildOrder({ userId });
      await env.store.orders.create(old);
      await env.store.orders.changeStatus(old.id, { from: ['pending'], to: 'completed', at: BUILDER_NOW });
      const outcomes = await Promise.all([
        env.store.orders.changeStatus(old.id, { from: ['completed'], to: 'pending', at: BUILDER_NOW }),
        other.orders.create(buildOrder({ userId })),
        env.store.orders.create(buildOrder({ userId })),
      ]);
      expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(1);
      expect(await rawOrders().countDocuments({ userId, status: 'pending' })).toBe(1);
      const lock = await locks().findOne({ _id: userId });
      const pendingOrder = await rawOrders().findOne({ userId, status: 'pending' });
      expect(lock?.orderId).toBe(pendingOrder?._id);
    }
  });
});
