import { describe, expect, it } from 'vitest';
import { BUILDER_NOW, minutesAfter } from '../builders/fixed-time.js';
import { newObjectId } from '../builders/object-id.js';
import { buildOrder, buildTransferClaim } from '../builders/order.builder.js';
import { buildProduct } from '../builders/product.builder.js';
import type { ContractHarness } from '../harness.js';
import { useFreshStore } from './use-store.js';

const RACE_TIMEOUT_MS = 120_000;

export const describeRaceContract = (harness: ContractHarness): void => {
  describe('races between concurrent connections', () => {
    const store = useFreshStore(harness);

    it(
      'lets exactly one of 50 concurrent order creations of one user succeed; the others get the pending id',
      async () => {
        const userId = newObjectId();
        const orders = Array.from({ length: 50 }, () => buildOrder({ userId }));
        const outcomes = await harness.race(store(), 'createOrder', orders);
        const winners = outcomes.filter((outcome) => outcome.created);
        expect(winners).toHaveLength(1);
        const winner = winners[0];
        if (!winner?.created) throw new Error('no winner');
        for (const outcome of outcomes) {
          if (!outcome.created)
            expect(outcome).toEqual({
              created: false,
              code: 'PENDING_ORDER_EXISTS',
              pendingOrderId: winner.orderId,
            });
        }
        expect(winner.number).toBe(1);
        expect(await store().orders.count()).toBe(1);
        expect((await store().orders.findPendingByUser(userId))?.id).toBe(winner.orderId);
      },
      RACE_TIMEOUT_MS,
    );

    it(
      'allocates 200 concurrent counter values that are distinct and gap-free',
      async () => {
        const values = await harness.race(
          store(),
          'nextCounterValue',
          Array.from({ length: 200 }, () => 'order'),
        );
        const sorted = [...values].sort((a, b) => a - b);
        const expected: number[] = [];
        for (let n = 1; n <= 200; n++) expected.push(n);
        expect(sorted).toEqual(expected);
        expect(await store().counters.next('order')).toBe(201);
      },
      RACE_TIMEOUT_MS,
    );

    it(
      'hands 100 concurrent takers of 1 to 7 event sequence numbers each disjoint runs that cover every number once',
      async () => {
        const counts = Array.from({ length: 100 }, (_, index) => (index % 7) + 1);
        const firsts = await harness.race(store(), 'takeEventSequences', counts);
        const taken = firsts.flatMap((first, index) =>
          Array.from({ length: counts[index] as number }, (_, offset) => first + offset),
        );
        const total = counts.reduce((sum, count) => sum + count, 0);
        expect([...taken].sort((a, b) => a - b)).toEqual(
          Array.from({ length: total }, (_, index) => index + 1),
        );
        expect(await store().eventLog.takeSequence()).toBe(total + 1);
      },
      RACE_TIMEOUT_MS,
    );

    it(
      'gives 200 concurrent order creations of distinct users the numbers 1..200 once each',
      async () => {
        const orders = Array.from({ length: 200 }, () => buildOrder());
        const outcomes = await harness.race(store(), 'createOrder', orders);
        const numbers: number[] = [];
        for (const outcome of outcomes) if (outcome.created) numbers.push(outcome.number);
        const expected: number[] = [];
        for (let n = 1; n <= 200; n++) expected.push(n);
        expect(numbers.sort((a, b) => a - b)).toEqual(expected);
      },
      RACE_TIMEOUT_MS,
    );

    it(
      'lets exactly 10 of 50 concurrent takes of 1 succeed on stock 10 and leaves stock at 0',
      async () => {
        const product = buildProduct({ stock: 10 });
        await store().products.insert(product);
        const inputs = Array.from({ length: 50 }, (_, index) => ({
          change: {
            productId: product.id,
            effectKey: `order-${index}:0`,
            kind: 'take' as const,
            quantity: 1,
          },
          at: BUILDER_NOW,
        }));
        const moved = await harness.race(store(), 'applyStockChange', inputs);
        expect(moved.filter((quantity) => quantity === 1)).toHaveLength(10);
        expect(moved.filter((quantity) => quantity === 0)).toHaveLength(40);
        expect((await store().products.findById(product.id))?.stock).toBe(0);
      },
      RACE_TIMEOUT_MS,
    );

    it(
      'moves stock once when 20 concurrent calls apply the same effect key',
      async () => {
        const product = buildProduct({ stock: 10 });
        await store().products.insert(product);
        const change = { productId: product.id, effectKey: 'order-x:0', kind: 'take' as const, quantity: 3 };
        const moved = await harness.race(
          store(),
          'applyStockChange',
          Array.from({ length: 20 }, () => ({ change, at: BUILDER_NOW })),
        );
        expect(moved).toEqual(Array.from({ length: 20 }, () => 3));
        expect((await store().products.findById(product.id))?.stock).toBe(7);
      },
      RACE_TIMEOUT_MS,
    );

    it(
      'lets exactly one of 20 concurrent effect claims on one confirmation win',
      async () => {
        const order = buildOrder();
        await store().orders.create(order);
        const at = minutesAfter(BUILDER_NOW, 1);
        const outcomes = await harness.race(
          store(),
          'completeWithPurchaseEffect',
          Array.from({ length: 20 }, () => ({ orderId: order.id, at })),
        );
        expect(outcomes.filter((outcome) => outcome === 'changed')).toHaveLength(1);
        expect(outcomes.filter((outcome) => outcome === 'STATUS_MISMATCH')).toHaveLength(19);
        expect(await store().orders.findById(order.id)).toMatchObject({
          status: 'completed',
          purchaseEffect: 'applying',
        });
      },
      RACE_TIMEOUT_MS,
    );

    it(
      'lets exactly one of 20 concurrent payment claims on one order win and keeps its claim',
      async () => {
        const order = buildOrder();
        await store().orders.create(order);
        const claims = Array.from({ length: 20 }, () => buildTransferClaim());
        const won = await harness.race(
          store(),
          'claimPayment',
          claims.map((claim) => ({ orderId: order.id, claim })),
        );
        expect(won.filter(Boolean)).toHaveLength(1);
        const winner = claims[won.indexOf(true)];
        expect((await store().orders.findById(order.id))?.payment).toEqual(winner);
      },
      RACE_TIMEOUT_MS,
    );

    it(
      'grants a free lease to exactly one of 10 concurrent holders',
      async () => {
        const inputs = Array.from({ length: 10 }, (_, index) => ({
          name: 'listener',
          holder: `instance-${index}`,
          now: BUILDER_NOW,
          ttlMs: 30_000,
        }));
        const acquired = await harness.race(store(), 'acquireLease', inputs);
        expect(acquired.filter(Boolean)).toHaveLength(1);
        const holder = `instance-${acquired.indexOf(true)}`;
        expect(
          await store().leases.tryAcquire('listener', holder, minutesAfter(BUILDER_NOW, 0.1), 30_000),
        ).toBe(true);
        expect(
          await store().leases.tryAcquire('listener', 'someone-else', minutesAfter(BUILDER_NOW, 0.1), 30_000),
        ).toBe(false);
      },
      RACE_TIMEOUT_MS,
    );
  });
};
