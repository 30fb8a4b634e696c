import type { DevnetControl } from '@trx-shop/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json } from '../support/http.js';
import type { TestApp } from '../support/test-app.js';
import {
  fundedShopperWithProduct,
  type Merchant,
  type PayingShop,
  payRequest,
  placeOrder,
  postOrder,
  startPayingShop,
} from './shop-fixtures.js';

const CONCURRENT_REQUESTS = 20;

let shop: PayingShop;
let h: TestApp;
let devnet: DevnetControl;
let merchant: Merchant;

beforeAll(async () => {
  shop = await startPayingShop();
  ({ h, devnet, merchant } = shop);
});
afterAll(() => shop.stop());

const countStatuses = (statuses: readonly number[]): Record<number, number> => {
  const counts: Record<number, number> = {};
  for (const status of statuses) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
};

describe('concurrent requests on one user’s orders', () => {
  it('20 concurrent POST /api/orders: one 201, nineteen 409 PENDING_ORDER_EXISTS naming the created order', async () => {
    const { shopper, productId } = await fundedShopperWithProduct(h, devnet, merchant, {
      price: 1,
      fundSun: 1_000_000,
    });

    const responses = await Promise.all(
      Array.from({ length: CONCURRENT_REQUESTS }, () => postOrder(h, shopper, [{ productId, quantity: 1 }])),
    );

    expect(countStatuses(responses.map((r) => r.statusCode))).toEqual({ 201: 1, 409: 19 });
    const created = responses
      .filter((r) => r.statusCode === 201)
      .map((r) => json(r).order as { _id: string });
    const createdId = created[0]?._id;
    for (const response of responses.filter((r) => r.statusCode === 409)) {
      expect(json(response)).toMatchObject({ code: 'PENDING_ORDER_EXISTS', pendingOrderId: createdId });
    }
    const listed = await h.app.inject({ url: '/api/orders', headers: shopper.jar.header() });
    expect((json(listed).pagination as { total: number }).total).toBe(1);
  });

  it('20 concurrent POST /pay on one order: exactly one transfer reaches the devnet, nineteen answer 409', async () => {
    const { shopper, productId } = await fundedShopperWithProduct(h, devnet, merchant, {
      price: 2,
      fundSun: 50_000_000,
    });
    const order = await placeOrder(h, shopper, [{ productId, quantity: 1 }]);

    const responses = await Promise.all(
      Array.from({ length: CONCURRENT_REQUESTS }, () => payRequest(h, shopper, order._id)),
    );

    expect(countStatuses(responses.map((r) => r.statusCode))).toEqual({ 200: 1, 409: 19 });
    for (const response of responses.filter((r) => r.statusCode === 409)) {
      expect(json(response).code).toBe('PAYMENT_IN_PROGRESS');
    }
    const winners = responses
      .filter((r) => r.statusCode === 200)
      .map((r) => (json(r).transaction as { hash: string }).hash);
    const onChain = await devnet.transfersBetween(shopper.address, merchant.address);
    expect(onChain.map((t) => ({ txId: t.txId, amountSun: t.amountSun }))).toEqual(
      winners.map((hash) => ({ txId: hash, amountSun: 1_990_000 })),
    );
    expect(await h.store.transactions.listPending(100)).toEqual([
      expect.objectContaining({ orderId: order._id, type: 'purchase' }),
    ]);
  });
});
