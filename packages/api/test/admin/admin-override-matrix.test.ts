import type { DevnetControl } from '@trx-shop/test-kit';
import { runSettlement } from '@trx-shop/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, json } from '../support/http.js';
import type { TestApp } from '../support/test-app.js';
import {
  BLOCKS_TO_SOLIDIFY,
  fundedShopperWithProduct,
  type Merchant,
  orderOf,
  type OrderView,
  type PayingShop,
  paymentDepsOf,
  payRequest,
  placeOrder,
  postOrder,
  type Shopper,
  startPayingShop,
} from '../shop/shop-fixtures.js';

/*
 * Issue 14, item 5: no admin action strands a customer. Every override target x the payment state
 * of the order, through HTTP over the real app, SQLite and devnet: the answer, the stock, the
 * one-pending-order rule, then "the customer has a way forward" (a pending order can be paid or
 * cancelled, or settles by itself; any other order leaves the customer free to order anew).
 * Expected answers are written from the rule (docs/decisions.md section 8, amended), not imported.
 */

type Target = 'pending' | 'completed' | 'refunded';
type PaymentState = 'none' | 'claimed' | 'pending' | 'confirmed' | 'failed';
const TARGETS: readonly Target[] = ['pending', 'completed', 'refunded'];
const PAYMENT_STATES: readonly PaymentState[] = ['none', 'claimed', 'pending', 'confirmed', 'failed'];
const URLS = ['/api/orders/:id/status', '/api/admin/orders/:id/status'] as const;
const STOCK = 10;

/**
 * The rules: back to pending is refused while a payment is claimed, pending or confirmed; to
 * refunded while a payment is in flight (claimed or pending), which would land with the merchant
 * on an order no refund could reach.
 */
const expectedAnswer = (
  target: Target,
  payment: PaymentState,
): 200 | 'ORDER_HAS_PAYMENT' | 'PAYMENT_IN_PROGRESS' => {
  if (target === 'pending' && (payment === 'claimed' || payment === 'pending' || payment === 'confirmed')) {
    return 'ORDER_HAS_PAYMENT';
  }
  if (target === 'refunded' && (payment === 'claimed' || payment === 'pending')) return 'PAYMENT_IN_PROGRESS';
  return 200;
};

/** Where each payment state leaves the order before any override (the shop's own rules). */
const STATUS_BEFORE: Record<PaymentState, string> = {
  none: 'pending',
  claimed: 'pending',
  pending: 'pending',
  confirmed: 'completed',
  failed: 'failed',
};

let shop: PayingShop;
let h: TestApp;
let devnet: DevnetControl;
let merchant: Merchant;

beforeAll(async () => {
  shop = await startPayingShop();
  ({ h, devnet, merchant } = shop);
});
afterAll(() => shop.stop());

const override = (orderId: string, status: Target, template: string = URLS[0]) =>
  h.app.inject({
    method: 'PATCH',
    url: template.replace(':id', orderId),
    headers: merchant.admin.jar.header(),
    payload: { status },
  });

const cancelRequest = (shopper: Shopper, orderId: string) =>
  h.app.inject({ method: 'POST', url: `/api/orders/${orderId}/cancel`, headers: shopper.jar.header() });

const pendingOrdersOf = async (shopper: Shopper): Promise<string[]> => {
  const response = await h.app.inject({ url: '/api/orders?status=pending', headers: shopper.jar.header() });
  expect(response.statusCode, response.body).toBe(200);
  return (json(response).orders as OrderView[]).map((order) => order._id);
};

const stockOf = async (productId: string) => (await h.store.products.findById(productId))?.stock;

/** Runs the listener, makes whatever it (re-)broadcast solid, and runs it again. */
const settleThroughChain = async () => {
  await runSettlement(paymentDepsOf(h));
  await devnet.produceBlocks(BLOCKS_TO_SOLIDIFY);
  await runSettlement(paymentDepsOf(h));
};

/**
 * A pay attempt that died right after its claim: a transfer really signed by the owner's key,
 * claimed on the order through the store, never recorded and never broadcast.
 */
const claimWithoutRecord = async (shopper: Shopper, orderId: string): Promise<string> => {
  const order = await h.store.orders.findById(orderId);
  const user = await h.store.users.findById(shopper.userId);
  if (!order || !user?.wallet.encryptedPrivateKey) throw new Error('scene incomplete');
  const request = {
    fromAddress: shopper.address,
    toAddress: order.merchantAddress,
    amountSun: order.totalSun,
  };
  const signed = await h.chain.signTransfer(
    request,
    await h.vault.open(user.wallet.encryptedPrivateKey, user.id),
  );
  const claimed = await h.store.orders.claimTransfer(orderId, 'payment', {
    ...request,
    txId: signed.txId,
    signedTransaction: signed.signedTransaction,
    expiresAt: signed.expiresAt,
    claimedAt: h.clock.now(),
    state: 'pending',
    recorded: false,
  });
  if (!claimed) throw new Error('claim lost');
  return signed.txId;
};

/** A funded shopper with one order of a fresh product (stock 10), its payment brought to `payment`. */
const orderWithPayment = async (payment: PaymentState) => {
  const { shopper, productId } = await fundedShopperWithProduct(h, devnet, merchant, {
    price: 1,
    fundSun: 10_000_000,
    stock: STOCK,
  });
  const order = await placeOrder(h, shopper, [{ productId, quantity: 1 }]);
  if (payment === 'claimed') await claimWithoutRecord(shopper, order._id);
  if (payment === 'failed') await devnet.injectFaults('reject', 1);
  if (payment === 'pending' || payment === 'confirmed' || payment === 'failed') {
    const paid = await payRequest(h, shopper, order._id);
    expect(paid.statusCode, paid.body).toBe(payment === 'failed' ? 502 : 200);
  }
  if (payment === 'confirmed') {
    await devnet.produceBlocks(BLOCKS_TO_SOLIDIFY);
    await runSettlement(paymentDepsOf(h));
  }
  const stored = await h.store.orders.findById(order._id);
  expect(stored?.status, `status after payment ${payment}`).toBe(STATUS_BEFORE[payment]);
  expect(stored?.payment?.state ?? 'none').toBe(
    payment === 'claimed' ? 'pending' : payment === 'none' ? 'none' : payment,
  );
  if (payment === 'claimed') expect(stored?.payment?.recorded).toBe(false);
  return { shopper, productId, order };
};

describe('admin status override: every target x payment state leaves the customer a way forward', () => {
  let round = 0;
  for (const target of TARGETS) {
    for (const payment of PAYMENT_STATES) {
      const expected = expectedAnswer(target, payment);
      it(`to ${target} with the payment ${payment}: ${expected}, stock untouched, then a way forward`, async () => {
        const { shopper, productId, order } = await orderWithPayment(payment);
        const before = await h.store.orders.findById(order._id);
        const stockBefore = await stockOf(productId);
        const sentByShopper = (await devnet.transfersBetween(shopper.address, merchant.address)).length;
        const template = URLS[round++ % URLS.length] ?? URLS[0];

        const response = await override(order._id, target, template);

        if (expected === 200) {
          expect(response.statusCode, response.body).toBe(200);
          expect(orderOf(response).status).toBe(target);
          expect((await h.store.orders.findById(order._id))?.status).toBe(target);
        } else {
          expectError(response, 409, expected);
          expect(await h.store.orders.findById(order._id)).toEqual(before);
        }
        // The override itself moves no stock and no money.
        expect(await stockOf(productId)).toBe(stockBefore);
        await devnet.produceBlocks(1);
        expect(await devnet.transfersBetween(shopper.address, merchant.address)).toHaveLength(sentByShopper);
        expect(await devnet.transfersBetween(merchant.address, shopper.address)).toEqual([]);
        // Never two pending orders.
        expect((await pendingOrdersOf(shopper)).length).toBeLessThanOrEqual(1);

        const after = await h.store.orders.findById(order._id);
        const livePayment = after?.payment?.state === 'pending' || after?.payment?.state === 'confirmed';
        if (after?.status === 'pending' && !livePayment) {
          // The owner can pay it again: exactly one more transfer lands.
          const paid = await payRequest(h, shopper, order._id);
          expect(paid.statusCode, paid.body).toBe(200);
          await settleThroughChain();
          expect((await h.store.orders.findById(order._id))?.status).toBe('completed');
          expect(await devnet.transfersBetween(shopper.address, merchant.address)).toHaveLength(
            sentByShopper + 1,
          );
        } else {
          if (after?.status === 'pending') {
            // Its payment is in flight: neither paid twice nor cancelled under it, and the listener
            // settles it, which moves the order out of pending.
            expectError(await payRequest(h, shopper, order._id), 409, 'PAYMENT_IN_PROGRESS');
            expectError(await cancelRequest(shopper, order._id), 409, 'PAYMENT_IN_PROGRESS');
            await settleThroughChain();
            expect((await h.store.orders.findById(order._id))?.status).toBe('completed');
          }
          // Not pending: the customer orders anew and can pay that order.
          const next = await postOrder(h, shopper, [{ productId, quantity: 1 }]);
          expect(next.statusCode, next.body).toBe(201);
          const paid = await payRequest(h, shopper, orderOf(next)._id);
          expect(paid.statusCode, paid.body).toBe(200);
        }
        expect((await pendingOrdersOf(shopper)).length).toBeLessThanOrEqual(1);
      });
    }
  }
});

describe('admin override to pending and the one-pending-order rule', () => {
  for (const payment of ['none', 'failed'] as const) {
    it(`answers 409 PENDING_ORDER_EXISTS naming the other order when the customer has one (payment ${payment})`, async () => {
      const { shopper, productId, order } = await orderWithPayment(payment);
      // A payment-less order leaves pending by its owner's cancel; a failed one already has.
      if (payment === 'none') expect((await cancelRequest(shopper, order._id)).statusCode).toBe(200);
      const other = await placeOrder(h, shopper, [{ productId, quantity: 1 }]);
      const before = await h.store.orders.findById(order._id);

      for (const template of URLS) {
        const body = expectError(await override(order._id, 'pending', template), 409, 'PENDING_ORDER_EXISTS');
        expect(body.pendingOrderId).toBe(other._id);
      }

      expect(await h.store.orders.findById(order._id)).toEqual(before);
      expect(await pendingOrdersOf(shopper)).toEqual([other._id]);
      expect(await stockOf(productId)).toBe(STOCK);
      // Once the other order leaves pending, the override goes through and the order can be paid.
      expect((await cancelRequest(shopper, other._id)).statusCode).toBe(200);
      expect((await override(order._id, 'pending')).statusCode).toBe(200);
      expect(await pendingOrdersOf(shopper)).toEqual([order._id]);
      expect((await payRequest(h, shopper, order._id)).statusCode).toBe(200);
    });
  }

  it('refuses to mark refunded while a refund is in flight (409 REFUND_IN_PROGRESS); the refund then confirms, brings the stock back and tells the customer', async () => {
    const { shopper, productId, order } = await orderWithPayment('confirmed');
    expect(await stockOf(productId)).toBe(STOCK - 1);
    const refunded = await h.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${order._id}/refund`,
      headers: merchant.admin.jar.header(),
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    const before = await h.store.orders.findById(order._id);

    for (const template of URLS)
      expectError(await override(order._id, 'refunded', template), 409, 'REFUND_IN_PROGRESS');

    expect(await h.store.orders.findById(order._id)).toEqual(before);
    const eventsBefore = (await h.frames()).length;
    await settleThroughChain();
    expect((await h.store.orders.findById(order._id))?.status).toBe('refunded');
    expect(await stockOf(productId)).toBe(STOCK);
    expect(await devnet.transfersBetween(merchant.address, shopper.address)).toHaveLength(1);
    expect(
      (await h.frames()).slice(eventsBefore).filter(({ event }) => event.event === 'order:refunded'),
    ).toHaveLength(1);
  });

  it('refuses a paid order with 409 ORDER_HAS_PAYMENT even while another order is pending', async () => {
    const { shopper, productId, order } = await orderWithPayment('confirmed');
    const other = await placeOrder(h, shopper, [{ productId, quantity: 1 }]);

    expectError(await override(order._id, 'pending'), 409, 'ORDER_HAS_PAYMENT');

    expect((await h.store.orders.findById(order._id))?.status).toBe('completed');
    expect(await pendingOrdersOf(shopper)).toEqual([other._id]);
  });

  it('lets exactly one of a racing override to pending and a new order hold the customer’s pending slot', async () => {
    const { shopper, productId, order } = await orderWithPayment('failed');

    const [overridden, created] = await Promise.all([
      override(order._id, 'pending'),
      postOrder(h, shopper, [{ productId, quantity: 1 }]),
    ]);

    const outcomes = [overridden.statusCode, created.statusCode].sort();
    expect(outcomes, `${overridden.body} ${created.body}`).toEqual(
      overridden.statusCode === 200 ? [200, 409] : [201, 409],
    );
    const loser = overridden.statusCode === 200 ? created : overridden;
    expectError(loser, 409, 'PENDING_ORDER_EXISTS');
    const pending = await pendingOrdersOf(shopper);
    expect(pending).toEqual([overridden.statusCode === 200 ? order._id : orderOf(created)._id]);
    expect(json(loser).pendingOrderId).toBe(pending[0]);
  });

  it('never lets an override to pending and a pay of the same order both take it: one transfer at most', async () => {
    const { shopper, order } = await orderWithPayment('none');

    const [overridden, paid] = await Promise.all([
      override(order._id, 'pending'),
      payRequest(h, shopper, order._id),
    ]);

    expect(paid.statusCode, paid.body).toBe(200);
    if (overridden.statusCode !== 200) expectError(overridden, 409, 'ORDER_HAS_PAYMENT');
    await settleThroughChain();
    expect(await devnet.transfersBetween(shopper.address, merchant.address)).toHaveLength(1);
    expect((await h.store.orders.findById(order._id))?.status).toBe('completed');
  });
});
