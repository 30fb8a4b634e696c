import {
  createOrder,
  type Order,
  overrideOrderStatus,
  payOrder,
  refundOrder,
  runSettlement,
} from '@trx-shop/domain';
import { describe, expect, it } from 'vitest';
import { createDomainWorld, TRX } from '../support/domain-world.js';

/*
 * Issue 14, item 5: no admin action strands a customer. Every override target x payment state:
 * the answer, then "the customer has a way forward" (a pending order can be paid, else a new
 * order can be created), the stock, and the one-pending-order rule.
 */

type PaymentState = 'none' | 'claimed' | 'pending' | 'confirmed' | 'failed';
const STATES: readonly PaymentState[] = ['none', 'claimed', 'pending', 'confirmed', 'failed'];
const TARGETS = ['pending', 'completed', 'refunded'] as const;

const withPayment = async (state: PaymentState) => {
  const world = createDomainWorld();
  await world.merchant();
  const buyer = await world.walletUser(100);
  const product = await world.product({ stock: 5, priceSun: 2 * TRX });
  const created = await createOrder(world.deps, buyer.id, [{ productId: product.id, quantity: 1 }]);
  if (!created.ok) throw new Error(created.error.code);
  const order = created.value;
  if (state === 'claimed') {
    // Claimed by a pay attempt that died before recording or broadcasting it.
    const signed = await world.chain.signTransfer(
      {
        fromAddress: buyer.wallet.address ?? '',
        toAddress: order.merchantAddress,
        amountSun: order.totalSun,
      },
      'key',
    );
    await world.store.orders.claimTransfer(order.id, 'payment', {
      txId: signed.txId,
      signedTransaction: signed.signedTransaction,
      fromAddress: buyer.wallet.address ?? '',
      toAddress: order.merchantAddress,
      amountSun: order.totalSun,
      expiresAt: signed.expiresAt,
      claimedAt: world.deps.clock.now(),
      state: 'pending',
      recorded: false,
    });
  }
  if (state === 'failed') world.controls.inject('reject');
  if (state === 'pending' || state === 'confirmed' || state === 'failed') {
    await payOrder(world.deps, buyer.id, order.id);
  }
  if (state === 'confirmed') {
    world.controls.confirm();
    await runSettlement(world.deps);
  }
  return { world, buyer, product, order };
};

const expectedAnswer = (target: (typeof TARGETS)[number], state: PaymentState) => {
  if (target === 'pending' && (state === 'claimed' || state === 'pending' || state === 'confirmed')) {
    return 'ORDER_HAS_PAYMENT';
  }
  // A payment in flight would land with the merchant on an order no refund could reach.
  if (target === 'refunded' && (state === 'claimed' || state === 'pending')) return 'PAYMENT_IN_PROGRESS';
  return 'ok';
};

describe('admin override: every target x payment state', () => {
  for (const target of TARGETS) {
    for (const state of STATES) {
      it(`to ${target} with a payment ${state}: ${expectedAnswer(target, state)}, and the customer has a way forward`, async () => {
        const { world, buyer, product, order } = await withPayment(state);
        const before = (await world.store.orders.findById(order.id)) as Order;
        const stockBefore = (await world.store.products.findById(product.id))?.stock;

        const answer = await overrideOrderStatus({ ...world.deps, orders: world.store.orders }, order.id, {
          status: target,
        });

        expect(answer.ok ? 'ok' : answer.error.code).toBe(expectedAnswer(target, state));
        const after = (await world.store.orders.findById(order.id)) as Order;
        if (!answer.ok) expect(after).toEqual(before);
        expect((await world.store.products.findById(product.id))?.stock).toBe(stockBefore);

        // The one-pending-order rule holds.
        const pendingOrders = (
          await world.store.orders.listByUser(buyer.id, { status: 'pending' }, { limit: 10, page: 1 })
        ).total;
        expect(pendingOrders).toBeLessThanOrEqual(1);

        // A way forward: pay the pending order, or order anew.
        if (after.status === 'pending' && (after.payment === null || after.payment.state === 'failed')) {
          expect((await payOrder(world.deps, buyer.id, order.id)).ok).toBe(true);
        } else if (after.status === 'pending') {
          // A payment is in flight: settling it completes or fails the order, never strands it.
          world.controls.confirm();
          await runSettlement(world.deps);
          world.controls.advanceTime(120_000);
          world.controls.confirm();
          await runSettlement(world.deps);
          expect((await world.store.orders.findById(order.id))?.status).not.toBe('pending');
          expect((await createOrder(world.deps, buyer.id, [{ productId: product.id, quantity: 1 }])).ok).toBe(
            true,
          );
        } else {
          expect((await createOrder(world.deps, buyer.id, [{ productId: product.id, quantity: 1 }])).ok).toBe(
            true,
          );
        }
        // An order that left pending holds no stock.
        if (after.status !== 'pending') {
          world.controls.confirm();
          await runSettlement(world.deps);
          const held = (await world.store.products.findById(product.id))?.reservedStock;
          expect(held).toBe(0);
        }
      });
    }
  }

  it('to refunded while a refund is in flight: REFUND_IN_PROGRESS; the refund then confirms, restores the stock and tells the customer', async () => {
    const { world, buyer, product, order } = await withPayment('confirmed');
    expect((await refundOrder(world.deps, order.id)).ok).toBe(true);
    const before = await world.store.orders.findById(order.id);
    const answer = await overrideOrderStatus({ ...world.deps, orders: world.store.orders }, order.id, {
      status: 'refunded',
    });
    expect(answer.ok ? 'ok' : answer.error.code).toBe('REFUND_IN_PROGRESS');
    expect(await world.store.orders.findById(order.id)).toEqual(before);
    world.controls.confirm();
    await runSettlement(world.deps);
    expect(await world.store.orders.findById(order.id)).toMatchObject({
      status: 'refunded',
      stockRestored: [1],
    });
    expect((await world.store.products.findById(product.id))?.stock).toBe(5);
    expect(
      (await world.frames()).filter(
        ({ userId, event }) => userId === buyer.id && event.event === 'order:refunded',
      ),
    ).toHaveLength(1);
  });

  it('to pending while the customer has another pending order: 409 PENDING_ORDER_EXISTS naming it', async () => {
    const { world, buyer, product, order } = await withPayment('failed');
    const other = await createOrder(world.deps, buyer.id, [{ productId: product.id, quantity: 1 }]);
    if (!other.ok) throw new Error(other.error.code);
    const answer = await overrideOrderStatus({ ...world.deps, orders: world.store.orders }, order.id, {
      status: 'pending',
    });
    expect(answer).toMatchObject({
      ok: false,
      error: { code: 'PENDING_ORDER_EXISTS', data: { pendingOrderId: other.value.id } },
    });
  });
});
