import { NO_SUBJECTS, relayRun } from '@trx-shop/domain';
import { buildOrder, buildShopEvent } from '@trx-shop/store-contract';
import { describe, expect, it } from 'vitest';
import { createDomainWorld } from '../support/domain-world.js';

/*
 * A scheduled relay run looks at the outbox before it takes the relay's lease: on a store that
 * logs at the write the outbox stays empty, and an idle run must not be a lease write.
 */

const leaseSpy = (answer: boolean) => {
  const calls: string[] = [];
  const holdLease = async () => {
    calls.push('lease');
    return answer;
  };
  return { calls, holdLease };
};

const orderWithEvent = async (world: ReturnType<typeof createDomainWorld>) => {
  const order = buildOrder();
  const created = buildShopEvent({ subjects: { ...NO_SUBJECTS, userId: order.userId, orderId: order.id } });
  expect((await world.store.orders.create(order, [created])).ok).toBe(true);
  return created;
};

describe('a relay run', () => {
  it('takes no lease while the outbox is empty, then takes it and logs the events once there are some', async () => {
    const world = createDomainWorld();
    const { calls, holdLease } = leaseSpy(true);
    expect(await relayRun(world.deps, holdLease)).toBe(0);
    expect(calls).toEqual([]);
    // The same spy records the lease as soon as there is something to move.
    const created = await orderWithEvent(world);
    expect(await relayRun(world.deps, holdLease)).toBe(1);
    expect(calls.length).toBeGreaterThan(0);
    expect((await world.store.eventLog.readAfter(0, 10)).map((event) => event.id)).toEqual([created.id]);
    expect(await world.store.outbox.pending(10)).toEqual([]);
  });

  it('moves nothing while another instance holds the lease', async () => {
    const world = createDomainWorld();
    const created = await orderWithEvent(world);
    const { calls, holdLease } = leaseSpy(false);
    expect(await relayRun(world.deps, holdLease)).toBe(0);
    expect(calls).toEqual(['lease']);
    expect((await world.store.outbox.pending(10)).map((entry) => entry.event.id)).toEqual([created.id]);
    expect(await world.store.eventLog.readAfter(0, 10)).toEqual([]);
  });
});
