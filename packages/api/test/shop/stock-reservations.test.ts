import type { DevnetControl } from '@trx-shop/test-kit';
import { payOrder, runSettlement } from '@trx-shop/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, json } from '../support/http.js';
import type { TestApp } from '../support/test-app.js';
import {
  BLOCKS_TO_SOLIDIFY,
  crashingOnce,
  createProduct,
  type Merchant,
  type OrderView,
  type PayingShop,
  paymentDepsOf,
  payRequest,
  placeOrder,
  postOrder,
  registerShopper,
  type Shopper,
  SimulatedCrash,
  startPayingShop,
} from './shop-fixtures.js';

/*
 * Issue 14, item 2: stock is never oversold. A pay holds the order's units before anything is
 * signed; availability (stock minus what payments in flight hold) is what order creation and pay
 * check; the hold is released when the payment fails, expires or the order is cancelled or moved
 * away from pending, and becomes the stock reduction on confirmation.
 */

/** Longer than the sweep's grace period for a reservation no claim ever used (docs/api.md). */
const PAST_RESERVATION_GRACE_MS = 3 * 60 * 1000;

let shop: PayingShop;
let h: TestApp;
let devnet: DevnetControl;
let merchant: Merchant;

beforeAll(async () => {
  shop = await startPayingShop();
  ({ h, devnet, merchant } = shop);
});
afterAll(() => shop.stop());

const fundedShoppers = async (count: number, sun: number): Promise<Shopper[]> => {
  const shoppers: Shopper[] = [];
  for (let index = 0; index < count; index++) {
    const shopper = await registerShopper(h);
    await devnet.fund(shopper.address, sun);
    shoppers.push(shopper);
  }
  await devnet.produceBlocks(BLOCKS_TO_SOLIDIFY);
  return shoppers;
};

const stockFigures = async (productId: string) => {
  const product = await h.store.products.findById(productId);
  return { stock: product?.stock, reservedStock: product?.reservedStock };
};

const settle = async () => {
  await devnet.produceBlocks(BLOCKS_TO_SOLIDIFY);
  await runSettlement(paymentDepsOf(h));
};

const publicStock = async (productId: string) =>
  (json(await h.app.inject({ url: `/api/products/${productId}` })).product as { stock: number }).stock;

describe('20 buyers racing for the last 5 units', () => {
  it('lets exactly 5 pays through; the other 15 answer 400 INSUFFICIENT_STOCK before anything is signed', async () => {
    const productId = await createProduct(h, merchant.admin, { price: 1, stock: 5 });
    const buyers = await fundedShoppers(20, 5_000_000);
    // Nothing is held at creation: all 20 orders of one unit are accepted.
    const orders: OrderView[] = [];
    for (const buyer of buyers) orders.push(await placeOrder(h, buyer, [{ productId, quantity: 1 }]));

    const responses = await Promise.all(
      buyers.map((buyer, index) => payRequest(h, buyer, orders[index]?._id ?? '')),
    );

    const paid = responses.flatMap((response, index) => (response.statusCode === 200 ? [index] : []));
    expect(paid).toHaveLength(5);
    for (const response of responses.filter((candidate) => candidate.statusCode !== 200)) {
      expectError(response, 400, 'INSUFFICIENT_STOCK');
    }
    expect(await stockFigures(productId)).toEqual({ stock: 5, reservedStock: 5 });
    // The specified stock field keeps its meaning until confirmation.
    expect(await publicStock(productId)).toBe(5);
    // Only the winners' transfers reached the chain; the losers never signed or recorded one.
    for (const [index, buyer] of buyers.entries()) {
      const sent = await devnet.transfersBetween(buyer.address, merchant.address);
      expect(sent).toHaveLength(paid.includes(index) ? 1 : 0);
      const stored = await h.store.orders.findById(orders[index]?._id ?? '');
      expect(stored?.payment === null).toBe(!paid.includes(index));
    }

    await settle();

    expect(await stockFigures(productId)).toEqual({ stock: 0, reservedStock: 0 });
    for (const [index, order] of orders.entries()) {
      expect((await h.store.orders.findById(order._id))?.status).toBe(
        paid.includes(index) ? 'completed' : 'pending',
      );
    }
    // A loser is not stranded: it can cancel its order and order something else.
    const loser = buyers.findIndex((_, index) => !paid.includes(index));
    const cancelled = await h.app.inject({
      method: 'POST',
      url: `/api/orders/${orders[loser]?._id}/cancel`,
      headers: buyers[loser]?.jar.header() ?? {},
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
  });
});

describe('availability at order creation and pay', () => {
  it('refuses an order for units a payment in flight holds, with the stock field unchanged', async () => {
    const productId = await createProduct(h, merchant.admin, { price: 1, stock: 3 });
    const [first, second] = await fundedShoppers(2, 10_000_000);
    if (!first || !second) throw new Error('no shoppers');
    const held = await placeOrder(h, first, [{ productId, quantity: 2 }]);
    expect((await payRequest(h, first, held._id)).statusCode).toBe(200);

    expectError(await postOrder(h, second, [{ productId, quantity: 2 }]), 400, 'INSUFFICIENT_STOCK');
    const one = await placeOrder(h, second, [{ productId, quantity: 1 }]);
    expect(await publicStock(productId)).toBe(3);
    expect(await stockFigures(productId)).toEqual({ stock: 3, reservedStock: 2 });

    await settle();
    expect(await stockFigures(productId)).toEqual({ stock: 1, reservedStock: 0 });
    expect((await payRequest(h, second, one._id)).statusCode).toBe(200);
    await settle();
    expect(await stockFigures(productId)).toEqual({ stock: 0, reservedStock: 0 });
  });

  it('refuses a pay whose order needs more than is available, holding nothing', async () => {
    const productId = await createProduct(h, merchant.admin, { price: 1, stock: 2 });
    const other = await createProduct(h, merchant.admin, { price: 1, stock: 10 });
    const [early, late] = await fundedShoppers(2, 10_000_000);
    if (!early || !late) throw new Error('no shoppers');
    // Both orders fit at creation; the first pay takes the units the second one needs.
    const lateOrder = await placeOrder(h, late, [
      { productId: other, quantity: 1 },
      { productId, quantity: 2 },
    ]);
    const earlyOrder = await placeOrder(h, early, [{ productId, quantity: 1 }]);
    expect((await payRequest(h, early, earlyOrder._id)).statusCode).toBe(200);

    expectError(await payRequest(h, late, lateOrder._id), 400, 'INSUFFICIENT_STOCK');

    // The line of the other product that was held first is given back.
    expect(await stockFigures(other)).toEqual({ stock: 10, reservedStock: 0 });
    expect(await stockFigures(productId)).toEqual({ stock: 2, reservedStock: 1 });
    expect(await devnet.transfersBetween(late.address, merchant.address)).toEqual([]);
    await settle();
  });
});

describe('releasing the hold', () => {
  it('gives the units back when the payment is rejected by the chain', async () => {
    const productId = await createProduct(h, merchant.admin, { price: 1, stock: 1 });
    const [unlucky, next] = await fundedShoppers(2, 5_000_000);
    if (!unlucky || !next) throw new Error('no shoppers');
    const order = await placeOrder(h, unlucky, [{ productId, quantity: 1 }]);
    await devnet.injectFaults('reject', 1);

    expectError(await payRequest(h, unlucky, order._id), 502, 'PAYMENT_FAILED');

    expect((await h.store.orders.findById(order._id))?.status).toBe('failed');
    expect(await stockFigures(productId)).toEqual({ stock: 1, reservedStock: 0 });
    const again = await placeOrder(h, next, [{ productId, quantity: 1 }]);
    expect((await payRequest(h, next, again._id)).statusCode).toBe(200);
    await settle();
    expect(await stockFigures(productId)).toEqual({ stock: 0, reservedStock: 0 });
  });

  it('gives the units back when an admin completes the order before its payment confirms; the confirmation takes none', async () => {
    const productId = await createProduct(h, merchant.admin, { price: 1, stock: 2 });
    const [buyer] = await fundedShoppers(1, 5_000_000);
    if (!buyer) throw new Error('no shopper');
    const order = await placeOrder(h, buyer, [{ productId, quantity: 2 }]);
    expect((await payRequest(h, buyer, order._id)).statusCode).toBe(200);
    expect(await stockFigures(productId)).toEqual({ stock: 2, reservedStock: 2 });

    const override = await h.app.inject({
      method: 'PATCH',
      url: `/api/orders/${order._id}/status`,
      headers: merchant.admin.jar.header(),
      payload: { status: 'completed' },
    });
    expect(override.statusCode, override.body).toBe(200);
    expect(await stockFigures(productId)).toEqual({ stock: 2, reservedStock: 0 });

    await settle();
    expect(await stockFigures(productId)).toEqual({ stock: 2, reservedStock: 0 });
  });

  it('frees a hold a crashed pay left behind: at once on cancel, or by the settlement sweep after its grace period', async () => {
    const productId = await createProduct(h, merchant.admin, { price: 1, stock: 2 });
    const [cancelling, waiting] = await fundedShoppers(2, 5_000_000);
    if (!cancelling || !waiting) throw new Error('no shoppers');
    const crashedPay = async (shopper: Shopper, orderId: string) => {
      const deps = paymentDepsOf(h);
      const store = { ...h.store, orders: crashingOnce(h.store.orders, 'claimTransfer') };
      await expect(payOrder({ ...deps, store }, shopper.userId, orderId)).rejects.toBeInstanceOf(
        SimulatedCrash,
      );
    };
    const first = await placeOrder(h, cancelling, [{ productId, quantity: 1 }]);
    const second = await placeOrder(h, waiting, [{ productId, quantity: 1 }]);
    await crashedPay(cancelling, first._id);
    await crashedPay(waiting, second._id);
    expect(await stockFigures(productId)).toEqual({ stock: 2, reservedStock: 2 });

    const cancelled = await h.app.inject({
      method: 'POST',
      url: `/api/orders/${first._id}/cancel`,
      headers: cancelling.jar.header(),
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await stockFigures(productId)).toEqual({ stock: 2, reservedStock: 1 });

    // Within the grace period the sweep keeps the hold (an attempt may still be about to claim).
    await runSettlement(paymentDepsOf(h));
    expect(await stockFigures(productId)).toEqual({ stock: 2, reservedStock: 1 });
    h.clock.advance(PAST_RESERVATION_GRACE_MS);
    await runSettlement(paymentDepsOf(h));
    expect(await stockFigures(productId)).toEqual({ stock: 2, reservedStock: 0 });
    expect(await devnet.transfersBetween(waiting.address, merchant.address)).toEqual([]);
  });
});
