import {
  adminFramesBetween,
  type DeliveredAdminFrame,
  type DeliveredFrame,
  NO_SUBJECTS,
  type ShopEvent,
  startEventDelivery,
  userFramesBetween,
} from '@trx-shop/domain';
import { buildShopEvent, newObjectId } from '@trx-shop/store-contract';
import { createMemoryStore } from '@trx-shop/store-memory';
import { describe, expect, it } from 'vitest';

/*
 * Real-time delivery from the log (docs/api.md, "Real-time events"): every instance reads the one
 * log and delivers each event's frame to its own sockets, in sequence order, once; a reconnecting
 * client replays its room from the log.
 */

const GRACE_MS = 2_000;

const world = () => {
  const store = createMemoryStore();
  let now = new Date('2026-06-01T12:00:00.000Z');
  const delivered: DeliveredFrame[] = [];
  const deliveredToAdmins: DeliveredAdminFrame[] = [];
  const clock = { now: () => now };
  const deposit = (userId: string, txHash = `tx-${newObjectId()}`): ShopEvent =>
    buildShopEvent({
      type: 'deposit.received',
      occurredAt: now,
      subjects: { ...NO_SUBJECTS, userId, transactionId: newObjectId() },
      payload: { txHash, amount: '2.5', from: 'TSender', to: 'TOwner', blockNumber: 7 },
    });
  const log = async (event: ShopEvent, sequence?: number) =>
    store.eventLog.insert(event, sequence ?? (await store.eventLog.takeSequence()), now);
  const start = () =>
    startEventDelivery(
      {
        eventLog: store.eventLog,
        notifier: {
          deliver: (frame) => delivered.push(frame),
          deliverToAdmins: (frame) => deliveredToAdmins.push(frame),
        },
        clock,
      },
      { holeGraceMs: GRACE_MS, batchSize: 3 },
    );
  return {
    store,
    delivered,
    deliveredToAdmins,
    deposit,
    log,
    start,
    advance: (ms: number) => {
      now = new Date(now.getTime() + ms);
    },
  };
};

describe('delivering the log', () => {
  it('starts at the newest event and delivers each later one once, in order, with its id and sequence', async () => {
    const w = world();
    const user = newObjectId();
    await w.log(w.deposit(user));
    const delivery = await w.start();
    expect(delivery.position()).toBe(1);

    const later = [w.deposit(user), w.deposit(newObjectId()), w.deposit(user), w.deposit(user)];
    for (const event of later) await w.log(event);
    expect(await delivery.pump()).toBe(4);
    expect(await delivery.pump()).toBe(0);

    expect(w.delivered.map(({ userId, eventId, sequence }) => ({ userId, eventId, sequence }))).toEqual(
      later.map((event, index) => ({
        userId: event.subjects.userId,
        eventId: event.id,
        sequence: index + 2,
      })),
    );
    expect(w.delivered[0]?.frame).toEqual({
      event: 'wallet:deposit',
      data: {
        transactionId: later[0]?.subjects.transactionId,
        txHash: later[0]?.payload.txHash,
        amount: 2.5,
        from: 'TSender',
        blockNumber: 7,
      },
    });
    expect(delivery.position()).toBe(5);
  });

  it('waits at a young hole, then delivers both events in sequence order once the late one lands', async () => {
    const w = world();
    const user = newObjectId();
    const delivery = await w.start();
    const [early, late] = [w.deposit(user), w.deposit(user)];
    const [n, next] = [await w.store.eventLog.takeSequence(), await w.store.eventLog.takeSequence()];
    await w.log(late, next);

    expect(await delivery.pump()).toBe(0);
    expect(delivery.position()).toBe(0);
    await w.log(early, n);
    expect(await delivery.pump()).toBe(2);
    expect(w.delivered.map(({ eventId }) => eventId)).toEqual([early.id, late.id]);
  });

  it('passes a hole older than the grace period (its writer died before inserting)', async () => {
    const w = world();
    const delivery = await w.start();
    await w.store.eventLog.takeSequence();
    const after = w.deposit(newObjectId());
    await w.log(after);
    expect(await delivery.pump()).toBe(0);
    w.advance(GRACE_MS);
    expect(await delivery.pump()).toBe(1);
    expect(w.delivered.map(({ eventId, sequence }) => [eventId, sequence])).toEqual([[after.id, 2]]);
  });

  it('delivers nothing for events no frame stands for, but moves past them', async () => {
    const w = world();
    const delivery = await w.start();
    await w.log(
      buildShopEvent({ type: 'product.updated', subjects: { ...NO_SUBJECTS, productId: newObjectId() } }),
    );
    await w.log(buildShopEvent({ type: 'fee.recorded' }));
    expect(await delivery.pump()).toBe(0);
    expect(delivery.position()).toBe(2);
    expect(w.delivered).toEqual([]);
    expect(w.deliveredToAdmins).toEqual([]);
  });

  it("delivers the admin room's frames of every customer's events, and of events that concern none, in order", async () => {
    const w = world();
    const delivery = await w.start();
    const [ann, bob] = [newObjectId(), newObjectId()];
    const created = buildShopEvent({ subjects: { ...NO_SUBJECTS, userId: ann, orderId: newObjectId() } });
    const product = buildShopEvent({
      type: 'product.created',
      subjects: { ...NO_SUBJECTS, productId: newObjectId() },
      payload: { name: 'Sticker', price: '2.5' },
    });
    const deposit = w.deposit(bob);
    const disabled = buildShopEvent({
      type: 'webhook.disabled',
      subjects: { ...NO_SUBJECTS, webhookId: newObjectId() },
      payload: { url: 'https://erp.example/hooks', reason: 'Every attempt failed' },
    });
    for (const event of [created, product, deposit, disabled]) await w.log(event);

    // The product's event reaches no room; the others reach the admins (the deposit its user too).
    expect(await delivery.pump()).toBe(3);
    expect(w.deliveredToAdmins).toEqual([
      {
        eventId: created.id,
        sequence: 1,
        frame: {
          event: 'order.created',
          data: { userId: ann, orderId: created.subjects.orderId, ...created.payload },
        },
      },
      {
        eventId: deposit.id,
        sequence: 3,
        frame: {
          event: 'deposit.received',
          data: { userId: bob, transactionId: deposit.subjects.transactionId, ...deposit.payload },
        },
      },
      {
        eventId: disabled.id,
        sequence: 4,
        frame: {
          event: 'webhook.disabled',
          data: {
            webhookId: disabled.subjects.webhookId,
            url: 'https://erp.example/hooks',
            reason: 'Every attempt failed',
          },
        },
      },
    ]);
    expect(w.delivered.map(({ eventId }) => eventId)).toEqual([deposit.id]);
  });

  it('runs pumps one after another: two at once deliver each event once', async () => {
    const w = world();
    const delivery = await w.start();
    for (let index = 0; index < 7; index += 1) await w.log(w.deposit(newObjectId()));
    const counts = await Promise.all([delivery.pump(), delivery.pump(), delivery.pump()]);
    expect(counts.reduce((sum, count) => sum + count, 0)).toBe(7);
    expect(new Set(w.delivered.map(({ sequence }) => sequence)).size).toBe(7);
  });
});

describe('replaying a room', () => {
  it("answers one user's frames after a sequence up to another, in order, across pages", async () => {
    const w = world();
    const [user, other] = [newObjectId(), newObjectId()];
    const events = Array.from({ length: 9 }, (_, index) => w.deposit(index % 3 === 1 ? other : user));
    for (const event of events) await w.log(event);
    const ofUser = events
      .map((event, index) => ({ event, sequence: index + 1 }))
      .filter(({ event }) => event.subjects.userId === user);

    const replayed = await userFramesBetween(w.store.eventLog, user, 1, 8, 2);
    expect(replayed.map(({ eventId, sequence }) => [eventId, sequence])).toEqual(
      ofUser
        .filter(({ sequence }) => sequence > 1 && sequence <= 8)
        .map(({ event, sequence }) => [event.id, sequence]),
    );
    expect(replayed.every((frame) => frame.userId === user && frame.frame.event === 'wallet:deposit')).toBe(
      true,
    );
    expect(await userFramesBetween(w.store.eventLog, user, 9, 9)).toEqual([]);
  });
});

describe('replaying the admin room', () => {
  it('answers the frames of the events it carries after a sequence up to another, in order, across pages', async () => {
    const w = world();
    const events = Array.from({ length: 9 }, (_, index) =>
      index % 3 === 1
        ? buildShopEvent({ type: 'product.updated', subjects: { ...NO_SUBJECTS, productId: newObjectId() } })
        : w.deposit(newObjectId()),
    );
    for (const event of events) await w.log(event);

    const replayed = await adminFramesBetween(w.store.eventLog, 1, 8, 2);
    expect(replayed.map(({ eventId, sequence, frame }) => [eventId, sequence, frame.event])).toEqual(
      events
        .map((event, index) => ({ event, sequence: index + 1 }))
        .filter(({ event, sequence }) => event.type === 'deposit.received' && sequence > 1 && sequence <= 8)
        .map(({ event, sequence }) => [event.id, sequence, 'deposit.received']),
    );
    expect(await adminFramesBetween(w.store.eventLog, 9, 9)).toEqual([]);
  });
});

describe('waking the reader', () => {
  it('makes one pump of any number of wakes before it starts, and delivers what they announced', async () => {
    const w = world();
    const reads: number[] = [];
    const eventLog = {
      ...w.store.eventLog,
      readAfter: async (sequence: number, limit: number) => {
        reads.push(sequence);
        return w.store.eventLog.readAfter(sequence, limit);
      },
    };
    const delivery = await startEventDelivery(
      {
        eventLog,
        notifier: { deliver: (frame) => w.delivered.push(frame), deliverToAdmins: () => {} },
        clock: { now: () => new Date() },
      },
      { holeGraceMs: GRACE_MS },
    );
    for (let index = 0; index < 50; index += 1) await w.log(w.deposit(newObjectId()));
    // A burst: the store announces each append while the reader is busy elsewhere.
    for (let index = 0; index < 50; index += 1) delivery.wake();
    // A pump queued after the wakes runs after theirs: its count is the marker they are done.
    expect(await delivery.pump()).toBe(0);
    expect(w.delivered).toHaveLength(50);
    // One read by the woken pump, one by the marker.
    expect(reads).toHaveLength(2);
  });
});

describe('abandoning a stalled read', () => {
  /** The memory log, except that the reads held in `stalled` settle only when the test says so. */
  const stallingLog = (w: ReturnType<typeof world>) => {
    const stalled: Array<() => void> = [];
    let stallNext = false;
    const eventLog = {
      ...w.store.eventLog,
      readAfter: async (sequence: number, limit: number) => {
        if (stallNext) {
          stallNext = false;
          await new Promise<void>((resolve) => stalled.push(resolve));
        }
        return w.store.eventLog.readAfter(sequence, limit);
      },
    };
    const start = () =>
      startEventDelivery(
        {
          eventLog,
          notifier: { deliver: (frame) => w.delivered.push(frame), deliverToAdmins: () => {} },
          clock: { now: () => new Date() },
        },
        { holeGraceMs: GRACE_MS },
      );
    return { start, stalled, stallNextRead: () => (stallNext = true) };
  };

  it('lets later pumps deliver past a read that never settles, and drops what it reads when it does', async () => {
    const w = world();
    const log = stallingLog(w);
    const delivery = await log.start();
    const first = [w.deposit(newObjectId()), w.deposit(newObjectId())];
    for (const event of first) await w.log(event);
    log.stallNextRead();
    const stalledPump = delivery.pump();
    // Queued behind the stalled one: without abandon() it would never run either.
    const queuedPump = delivery.pump();
    delivery.wake();
    await new Promise((resolve) => setImmediate(resolve));
    expect(log.stalled).toHaveLength(1);

    delivery.abandon();
    const second = [w.deposit(newObjectId()), w.deposit(newObjectId())];
    for (const event of second) await w.log(event);
    expect(await delivery.pump()).toBe(4);
    expect(delivery.position()).toBe(4);

    // The stalled read settles late, with what the log held then: none of it goes out again,
    // and neither do the pumps that were queued behind it.
    log.stalled[0]?.();
    expect(await stalledPump).toBe(0);
    expect(await queuedPump).toBe(0);
    const third = w.deposit(newObjectId());
    await w.log(third);
    expect(await delivery.pump()).toBe(1);
    expect(delivery.position()).toBe(5);
    expect(w.delivered.map(({ eventId }) => eventId)).toEqual(
      [...first, ...second, third].map(({ id }) => id),
    );
  });

  it('wakes again after an abandoned wake', async () => {
    const w = world();
    const log = stallingLog(w);
    const delivery = await log.start();
    log.stallNextRead();
    delivery.wake();
    await new Promise((resolve) => setImmediate(resolve));
    expect(log.stalled).toHaveLength(1);
    delivery.abandon();

    const event = w.deposit(newObjectId());
    await w.log(event);
    delivery.wake();
    // A pump queued after the wake runs after it: its count of 0 marks the wake's pump as done.
    expect(await delivery.pump()).toBe(0);
    expect(w.delivered.map(({ eventId }) => eventId)).toEqual([event.id]);
  });
});
