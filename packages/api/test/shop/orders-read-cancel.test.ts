import { devnetControl } from '@trx-shop/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoggedIn } from '../support/http.js';
import { expectError, json } from '../support/http.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import {
  createMerchantAdmin,
  createProduct,
  fundedShopperWithProduct,
  type Merchant,
  type OrderView,
  orderOf,
  payRequest,
  placeOrder,
  registerShopper,
} from './shop-fixtures.js';

let h: TestApp;
let merchant: Merchant;
let productId: string;

beforeAll(async () => {
  h = await createTestApp();
  merchant = await createMerchantAdmin(h);
  await devnetControl(h.devnet.url).fundSolid(merchant.address, 10_000_000);
  productId = await createProduct(h, merchant.admin, { price: 1 });
});
afterAll(() => h.close());

const cancel = (user: LoggedIn, orderId: string) =>
  h.app.inject({ method: 'POST', url: `/api/orders/${orderId}/cancel`, headers: user.jar.header() });

const listOrders = (user: LoggedIn, query = '') =>
  h.app.inject({ url: `/api/orders${query}`, headers: user.jar.header() });

/** Three orders, a minute apart: two cancelled, the newest pending (one pending order at a time). */
const threeOrders = async (user: LoggedIn): Promise<OrderView[]> => {
  const orders: OrderView[] = [];
  for (let index = 0; index < 3; index += 1) {
    h.clock.advance(60_000);
    const order = await placeOrder(h, user, [{ productId, quantity: 1 }]);
    if (index < 2) expect((await cancel(user, order._id)).statusCode).toBe(200);
    orders.push(order);
  }
  return orders;
};

describe('GET /api/orders', () => {
  it('lists only the caller’s orders, newest first, with pagination', async () => {
    const shopper = await registerShopper(h);
    const other = await registerShopper(h);
    await placeOrder(h, other, [{ productId, quantity: 1 }]);
    const [oldest, middle, newest] = await threeOrders(shopper);

    const response = await listOrders(shopper);

    expect(response.statusCode).toBe(200);
    const body = json(response);
    expect((body.orders as OrderView[]).map((o) => o._id)).toEqual([newest?._id, middle?._id, oldest?._id]);
    expect(body.pagination).toEqual({ total: 3, page: 1, pages: 1, limit: 10 });
  });

  it('filters by status and pages with limit and page', async () => {
    const shopper = await registerShopper(h);
    const [oldest, middle, newest] = await threeOrders(shopper);

    const cancelled = json(await listOrders(shopper, '?status=cancelled'));
    expect((cancelled.orders as OrderView[]).map((o) => o._id)).toEqual([middle?._id, oldest?._id]);
    const pending = json(await listOrders(shopper, '?status=pending'));
    expect((pending.orders as OrderView[]).map((o) => o._id)).toEqual([newest?._id]);
    const secondPage = json(await listOrders(shopper, '?limit=2&page=2'));
    expect((secondPage.orders as OrderView[]).map((o) => o._id)).toEqual([oldest?._id]);
    expect(secondPage.pagination).toEqual({ total: 3, page: 2, pages: 2, limit: 2 });
  });

  it('takes the last value of a repeated status parameter', async () => {
    const shopper = await registerShopper(h);
    const [, , newest] = await threeOrders(shopper);

    const response = await listOrders(shopper, '?status=cancelled&status=pending');

    expect(response.statusCode).toBe(200);
    expect((json(response).orders as OrderView[]).map((o) => o._id)).toEqual([newest?._id]);
  });
});

describe('GET /api/orders/:id', () => {
  it('answers the caller’s own order as {success, order}', async () => {
    const shopper = await registerShopper(h);
    const order = await placeOrder(h, shopper, [{ productId, quantity: 2 }]);

    const response = await h.app.inject({ url: `/api/orders/${order._id}`, headers: shopper.jar.header() });

    expect(response.statusCode).toBe(200);
    expect(json(response)).toEqual({ success: true, order });
  });

  it('lets an admin read any order', async () => {
    const shopper = await registerShopper(h);
    const order = await placeOrder(h, shopper, [{ productId, quantity: 1 }]);

    const response = await h.app.inject({
      url: `/api/orders/${order._id}`,
      headers: merchant.admin.jar.header(),
    });

    expect(orderOf(response)._id).toBe(order._id);
  });

  it('answers 404 ORDER_NOT_FOUND for an unknown id and 400 INVALID_ID for a malformed one', async () => {
    const shopper = await registerShopper(h);
    expectError(
      await h.app.inject({ url: '/api/orders/aaaaaaaaaaaaaaaaaaaaaaaa', headers: shopper.jar.header() }),
      404,
      'ORDER_NOT_FOUND',
    );
    expectError(
      await h.app.inject({ url: '/api/orders/AAAAAAAAAAAAAAAAAAAAAAAA', headers: shopper.jar.header() }),
      400,
      'INVALID_ID',
    );
  });
});

describe('POST /api/orders/:id/cancel', () => {
  it('cancels the owner’s pending order and frees the pending slot for a new order', async () => {
    const shopper = await registerShopper(h);
    const order = await placeOrder(h, shopper, [{ productId, quantity: 1 }]);

    const response = await cancel(shopper, order._id);

    expect(response.statusCode).toBe(200);
    expect(json(response)).toMatchObject({ success: true, message: expect.any(String) });
    expect(orderOf(response)).toMatchObject({ _id: order._id, status: 'cancelled' });
    expect((await h.store.orders.findById(order._id))?.status).toBe('cancelled');
    await placeOrder(h, shopper, [{ productId, quantity: 1 }]);
  });

  it('answers 400 ORDER_NOT_PENDING for an order that is no longer pending', async () => {
    const shopper = await registerShopper(h);
    const order = await placeOrder(h, shopper, [{ productId, quantity: 1 }]);
    await cancel(shopper, order._id);

    expectError(await cancel(shopper, order._id), 400, 'ORDER_NOT_PENDING');
  });

  it('answers 409 PAYMENT_IN_PROGRESS while a payment of the order is pending', async () => {
    const devnet = devnetControl(h.devnet.url);
    const scene = await fundedShopperWithProduct(h, devnet, merchant, { price: 1, fundSun: 5_000_000 });
    const order = await placeOrder(h, scene.shopper, [{ productId: scene.productId, quantity: 1 }]);
    expect((await payRequest(h, scene.shopper, order._id)).statusCode).toBe(200);

    expectError(await cancel(scene.shopper, order._id), 409, 'PAYMENT_IN_PROGRESS');

    expect((await h.store.orders.findById(order._id))?.status).toBe('pending');
    expect(await devnet.transfersBetween(scene.shopper.address, merchant.address)).toHaveLength(1);
  });
});

describe('another user’s order (IDOR)', () => {
  it('user B can neither read, pay nor cancel user A’s order, and the order stays untouched', async () => {
    const owner = await registerShopper(h);
    const intruder = await registerShopper(h);
    const order = await placeOrder(h, owner, [{ productId, quantity: 1 }]);

    expectError(
      await h.app.inject({ url: `/api/orders/${order._id}`, headers: intruder.jar.header() }),
      404,
      'ORDER_NOT_FOUND',
    );
    expectError(await payRequest(h, intruder, order._id), 403, 'NOT_ORDER_OWNER');
    expectError(await cancel(intruder, order._id), 404, 'ORDER_NOT_FOUND');
    const listed = json(await listOrders(intruder));
    expect(listed.orders).toEqual([]);

    const stored = await h.store.orders.findById(order._id);
    expect({ status: stored?.status, payment: stored?.payment }).toEqual({
      status: 'pending',
      payment: null,
    });
  });
});
