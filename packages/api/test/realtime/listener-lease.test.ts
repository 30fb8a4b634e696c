import type { PaymentDeps, ScheduledTask, Scheduler, ShopStore } from '@trx-shop/domain';
import type { RunningDevnet } from '@trx-shop/tron-devnet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIntervalScheduler } from '../../src/adapters/interval-scheduler.js';
import { LISTENER_LEASE, startSettlementListener } from '../../src/composition/settlement-listener.js';
import { json } from '../support/http.js';
import { createTestApp, startTestDevnet, type TestApp } from '../support/test-app.js';
import {
  BLOCKS_TO_SOLIDIFY,
  createMerchantAdmin,
  fundedShopperWithProduct,
  type Merchant,
  paymentDepsOf,
  payRequest,
  placeOrder,
} from '../shop/shop-fixtures.js';
import { type DevnetControl, devnetControl, eventually } from '@trx-shop/test-kit';

let devnetNode: RunningDevnet;
let h: TestApp;
let devnet: DevnetControl;
let merchant: Merchant;

/** The shortest interval configuration allows, with the default lease (30 s). */
const INTERVAL_MS = 50;
const LEASE_MS = 30_000;

beforeAll(async () => {
  devnetNode = await startTestDevnet();
  h = await createTestApp({ devnet: devnetNode });
  devnet = devnetControl(devnetNode.url);
  merchant = await createMerchantAdmin(h);
});
afterAll(async () => {
  await h.close();
  await devnetNode.stop();
});

/** One service instance's listener, with every answer it got from the lease store recorded. */
interface Instance {
  readonly leaseAnswers: boolean[];
  /** The numbers (from 1) of the scheduler's runs that the lease store answered yes. */
  readonly leaderRuns: number[];
  /** How many runs the scheduler has started so far. */
  runsStarted(): number;
  /** Errors the scheduler caught from runs: none expected. */
  readonly runErrors: unknown[];
  readonly listener: ScheduledTask;
}

/** `crashes`: the instance never hands its lease back, as a killed process would not. */
const startInstance = (instanceId: string, crashes = false): Instance => {
  const leaseAnswers: boolean[] = [];
  const leaderRuns: number[] = [];
  const runErrors: unknown[] = [];
  let runsStarted = 0;
  const scheduler = createIntervalScheduler((error) => runErrors.push(error));
  const countingRuns: Scheduler = {
    every: (intervalMs, task) =>
      scheduler.every(intervalMs, () => {
        runsStarted += 1;
        return task();
      }),
  };
  const leases: ShopStore['leases'] = {
    tryAcquire: async (name, holder, now, ttlMs) => {
      const run = runsStarted;
      const acquired = await h.store.leases.tryAcquire(name, holder, now, ttlMs);
      if (name === LISTENER_LEASE) leaseAnswers.push(acquired);
      if (name === LISTENER_LEASE && acquired) leaderRuns.push(run);
      return acquired;
    },
    release: (name, holder) => (crashes ? Promise.resolve() : h.store.leases.release(name, holder)),
  };
  const store = new Proxy(h.store, {
    get: (real, property) => (property === 'leases' ? leases : Reflect.get(real, property, real)),
  });
  const deps: PaymentDeps = { ...paymentDepsOf(h), store };
  const listener = startSettlementListener({
    deps,
    scheduler: countingRuns,
    intervalMs: INTERVAL_MS,
    leaseMs: LEASE_MS,
    scan: { startBlock: null, maxBlocks: 100 },
    instanceId,
    eventRetentionMs: 30 * 86_400_000,
  });
  return { leaseAnswers, leaderRuns, runsStarted: () => runsStarted, runErrors, listener };
};

/** A funded shopper's order, paid and made solid: the next listener run that happens confirms it. */
const solidPayment = async () => {
  const { shopper, productId } = await fundedShopperWithProduct(h, devnet, merchant, {
    price: 1,
    fundSun: 10_000_000,
    stock: 10,
  });
  const order = await placeOrder(h, shopper, [{ productId, quantity: 2 }]);
  const paid = await payRequest(h, shopper, order._id);
  expect(paid.statusCode, paid.body).toBe(200);
  await devnet.produceBlocks(BLOCKS_TO_SOLIDIFY);
  return { shopper, productId, order, txHash: (json(paid).transaction as { hash: string }).hash };
};

const orderStatus = async (orderId: string) => (await h.store.orders.findById(orderId))?.status;
const attempted = (instance: Instance, runs: number) => () =>
  Promise.resolve(instance.leaseAnswers.length >= runs);

describe('the listener lease', () => {
  it('lets exactly one of two running instances settle, and every effect happens once', async () => {
    const first = startInstance('instance-a');
    const second = startInstance('instance-b');
    try {
      await eventually(attempted(first, 3), Boolean, 'first instance runs');
      await eventually(attempted(second, 3), Boolean, 'second instance runs');
      const leaders = [first, second].filter((instance) => instance.leaseAnswers.includes(true));
      expect(leaders).toHaveLength(1);
      const follower = leaders[0] === first ? second : first;
      expect(follower.leaseAnswers.every((answer) => !answer)).toBe(true);

      const eventsBefore = (await h.frames()).length;
      const { productId, order, txHash } = await solidPayment();
      await eventually(
        () => orderStatus(order._id),
        (status) => status === 'completed',
        'order completion',
      );
      const followerRuns = follower.leaseAnswers.length;
      await eventually(attempted(follower, followerRuns + 2), Boolean, 'follower keeps trying');

      expect((await h.store.products.findById(productId))?.stock).toBe(8);
      expect(follower.leaseAnswers.every((answer) => !answer)).toBe(true);
      const events = (await h.frames()).slice(eventsBefore).map((e) => [e.event.event, e.event.data.txHash]);
      // The leader also scans for deposits (the shopper's funding is one); each event comes once.
      expect(events.filter(([name]) => name !== 'wallet:deposit')).toEqual([
        ['transaction:confirmed', txHash],
      ]);
      expect(new Set(events.map(String)).size).toBe(events.length);
    } finally {
      await first.listener.stop();
      await second.listener.stop();
    }
    expect([...first.runErrors, ...second.runErrors]).toEqual([]);
  });

  it('hands the listener to another instance only once a dead holder’s lease has expired', async () => {
    // A fresh lease history: whatever the previous test left behind has expired.
    h.clock.advance(LEASE_MS + 1);
    const dying = startInstance('instance-dying', true);
    await eventually(attempted(dying, 1), Boolean, 'first run of the dying instance');
    // Stopping without the release reaching the store is what a crashed process leaves behind.
    await dying.listener.stop();
    expect(dying.leaseAnswers).toContain(true);

    const { productId, order } = await solidPayment();
    const successor = startInstance('instance-successor');
    try {
      await eventually(attempted(successor, 3), Boolean, 'successor runs');
      expect(successor.leaseAnswers.every((answer) => !answer)).toBe(true);
      expect(await orderStatus(order._id)).toBe('pending');

      h.clock.advance(LEASE_MS + 1);
      const runsBeforeExpiry = successor.runsStarted();
      await eventually(
        () => orderStatus(order._id),
        (status) => status === 'completed',
        'takeover',
      );
      // The first run to start after the expiry took the lease: a takeover waits one interval at
      // most (a run started before it read the clock before it, and was refused).
      expect(successor.leaderRuns[0]).toBe(runsBeforeExpiry + 1);
      expect((await h.store.products.findById(productId))?.stock).toBe(8);
    } finally {
      await successor.listener.stop();
    }
    expect([...dying.runErrors, ...successor.runErrors]).toEqual([]);
  });
});
