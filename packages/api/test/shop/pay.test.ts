import { type DevnetControl, devnetControl } from '@trx-shop/test-kit';
import { runSettlement } from '@trx-shop/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, json } from '../support/http.js';
import { createTestApp, startTestDevnet, type TestApp } from '../support/test-app.js';
import {
  BLOCKS_TO_SOLIDIFY,
  createMerchantAdmin,
  createProduct,
  fundedShopperWithProduct,
  type Merchant,
  type PayingShop,
  paymentDepsOf,
  payRequest,
  placeOrder,
  registerShopper,
  startPayingShop,
} from './shop-fixtures.js';

let shop: PayingShop;
let h: TestApp;
let devnet: DevnetControl;
let merchant: Merchant;

beforeAll(async () => {
  shop = await startPayingShop();
  ({ h, devnet, merchant } = shop);
});
afterAll(() => shop.stop());

describe('POST /api/orders/:id/pay', () => {
  it('sends exactly |total| SUN to the merchant: prices 0.1 and 0.2 give 0.3, total 0.29, 290,000 SUN on chain', async () => {
    const shopper = await registerShopper(h);
    await devnet.fundSolid(shopper.address, 1_000_000);
    const first = await createProduct(h, merchant.admin, { price: 0.1 });
    const second = await createProduct(h, merchant.admin, { price: 0.2 });
    const order = await placeOrder(h, shopper, [
      { productId: first, quantity: 1 },
      { productId: second, quantity: 1 },
    ]);
    expect({ subtotal: order.subtotal, networkFee: order.networkFee, total: order.total }).toEqual({
      subtotal: 0.3,
      networkFee: -0.01,
      total: 0.29,
    });

    const response = await payRequest(h, shopper, order._id);

    expect(response.statusCode, response.body).toBe(200);
    const body = json(response);
    const transaction = body.transaction as { hash: string };
    expect(body).toMatchObject({
      success: true,
      transaction: { from: shopper.address, to: merchant.address, amount: 0.29, status: 'pending' },
      order: { _id: order._id, status: 'pending', transactionHash: transaction.hash },
    });
    expect(String(body.message)).toMatch(/sent/i);
    expect(String(body.message)).toMatch(/confirm/i);
    const onChain = await devnet.transfersBetween(shopper.address, merchant.address);
    expect(onChain.map((t) => ({ txId: t.txId, amountSun: t.amountSun }))).toEqual([
      { txId: transaction.hash, amountSun: 290_000 },
    ]);
    const stored = await h.store.transactions.findByHash(transaction.hash);
    expect(stored).toMatchObject({
      userId: shopper.userId,
      orderId: order._id,
      type: 'purchase',
      amountSun: 290_000,
      status: 'pending',
      confirmations: 0,
      fromAddress: shopper.address,
      toAddress: merchant.address,
    });
  });

  it('answers 403 NOT_ORDER_OWNER when another user pays the order, and sends nothing', async () => {
    const { shopper, productId } = await fundedShopperWithProduct(h, devnet, merchant, {
      price: 1,
      fundSun: 5_000_000,
    });
    const order = await placeOrder(h, shopper, [{ productId, quantity: 1 }]);
    const intruder = await registerShopper(h);
    await devnet.fundSolid(intruder.address, 5_000_000);

    expectError(await payRequest(h, intruder, order._id), 403, 'NOT_ORDER_OWNER');

    expect((await h.store.orders.findById(order._id))?.payment).toBeNull();
    expect(await devnet.transactionsOf(intruder.address)).toHaveLength(1); // the funding only
    expect(await devnet.transactionsOf(shopper.address)).toHaveLength(1);
  });

  it('answers 403 before 400: another user paying a cancelled order still gets NOT_ORDER_OWNER', async () => {
    const { shopper, productId } = await fundedShopperWithProduct(h, devnet, merchant, {
      price: 1,
      fundSun: 5_000_000,
    });
    const order = await placeOrder(h, shopper, [{ productId, quantity: 1 }]);
    await h.app.inject({
      method: 'POST',
      url: `/api/orders/${order._id}/cancel`,
      headers: shopper.jar.header(),
    });
    const intruder = await registerShopper(h);

    expectError(await payRequest(h, intruder, order._id), 403, 'NOT_ORDER_OWNER');
  });

  it('answers 400 ORDER_NOT_PENDING for the owner’s cancelled order, even with no balance at all', async () => {
    const shopper = await registerShopper(h);
    const productId = await createProduct(h, merchant.admin, { price: 1 });
    const order = await placeOrder(h, shopper, [{ productId, quantity: 1 }]);
    const cancel = await h.app.inject({
      method: 'POST',
      url: `/api/orders/${order._id}/cancel`,
      headers: shopper.jar.header(),
    });
    expect(cancel.statusCode).toBe(200);

    expectError(await payRequest(h, shopper, order._id), 400, 'ORDER_NOT_PENDING');
    expect(await devnet.transactionsOf(shopper.address)).toEqual([]);
  });

  it('answers 409 PAYMENT_IN_PROGRESS for a second pay while the first is pending, before the balance check', async () => {
    // Funded for one payment only: a balance check on the second pay would answer 400.
    const { shopper, productId } = await fundedShopperWithProduct(h, devnet, merchant, {
      price: 1,
      fundSun: 1_500_000,
    });
    const order = await placeOrder(h, shopper, [{ productId, quantity: 1 }]);
    expect((await payRequest(h, shopper, order._id)).statusCode).toBe(200);

    expectError(await payRequest(h, shopper, order._id), 409, 'PAYMENT_IN_PROGRESS');

    expect(await devnet.transfersBetween(shopper.address, merchant.address)).toHaveLength(1);
  });

  it('answers 400 INSUFFICIENT_BALANCE with userBalance, requiredAmount and estimatedFee, and changes nothing', async () => {
    const { shopper, productId } = await fundedShopperWithProduct(h, devnet, merchant, {
      price: 0.3,
      fundSun: 200_000,
    });
    const order = await placeOrder(h, shopper, [{ productId, quantity: 1 }]);

    const body = expectError(await payRequest(h, shopper, order._id), 400, 'INSUFFICIENT_BALANCE');

    // The merchant account exists and the fresh sender has free bandwidth: the fee is 0.
    expect(body).toMatchObject({ userBalance: 0.2, requiredAmount: 0.29, estimatedFee: 0 });
    const stored = await h.store.orders.findById(order._id);
    expect({ status: stored?.status, payment: stored?.payment }).toEqual({
      status: 'pending',
      payment: null,
    });
    const listed = await h.app.inject({ url: '/api/transactions', headers: shopper.jar.header() });
    expect(json(listed).transactions).toEqual([]);
    expect(await devnet.transfersBetween(shopper.address, merchant.address)).toEqual([]);
  });

  it('counts a balance that is exactly |total| + fee as sufficient', async () => {
    const { shopper, productId } = await fundedShopperWithProduct(h, devnet, merchant, {
      price: 0.3,
      fundSun: 290_000,
    });
    const order = await placeOrder(h, shopper, [{ productId, quantity: 1 }]);

    const response = await payRequest(h, shopper, order._id);

    expect(response.statusCode, response.body).toBe(200);
    expect(await devnet.transfersBetween(shopper.address, merchant.address)).toHaveLength(1);
  });

  it('answers 404 ORDER_NOT_FOUND for an unknown order id and 400 INVALID_ID for a malformed one', async () => {
    const shopper = await registerShopper(h);
    expectError(await payRequest(h, shopper, 'aaaaaaaaaaaaaaaaaaaaaaaa'), 404, 'ORDER_NOT_FOUND');
    expectError(await payRequest(h, shopper, 'not-an-id'), 400, 'INVALID_ID');
  });

  it('never lets a paid order be paid again: the override back to pending is refused (409 ORDER_HAS_PAYMENT)', async () => {
    const { shopper, productId } = await fundedShopperWithProduct(h, devnet, merchant, {
      price: 1,
      fundSun: 5_000_000,
    });
    const order = await placeOrder(h, shopper, [{ productId, quantity: 1 }]);
    expect((await payRequest(h, shopper, order._id)).statusCode).toBe(200);
    await devnet.produceBlocks(BLOCKS_TO_SOLIDIFY);
    await runSettlement(paymentDepsOf(h));
    expect((await h.store.orders.findById(order._id))?.status).toBe('completed');
    const override = await h.app.inject({
      method: 'PATCH',
      url: `/api/orders/${order._id}/status`,
      headers: merchant.admin.jar.header(),
      payload: { status: 'pending' },
    });
    expectError(override, 409, 'ORDER_HAS_PAYMENT');
    expect((await h.store.orders.findById(order._id))?.status).toBe('completed');

    expectError(await payRequest(h, shopper, order._id), 400, 'ORDER_NOT_PENDING');
    // The customer is not stranded: the paid order stays completed and a new one can be placed.
    await placeOrder(h, shopper, [{ productId, quantity: 1 }]);

    expect(await devnet.transfersBetween(shopper.address, merchant.address)).toHaveLength(1);
  });

  it('answers 401 UNAUTHENTICATED without a token', async () => {
    expectError(
      await h.app.inject({ method: 'POST', url: '/api/orders/aaaaaaaaaaaaaaaaaaaaaaaa/pay' }),
      401,
      'UNAUTHENTICATED',
    );
  });
});

describe('POST /api/orders/:id/pay with the chain unreachable', () => {
  it('answers 503 CHAIN_UNAVAILABLE and leaves the order, the records and the chain unchanged', async () => {
    const ownNode = await startTestDevnet();
    const own = await createTestApp({ devnet: ownNode });
    try {
      const ownDevnet = devnetControl(ownNode.url);
      const ownMerchant = await createMerchantAdmin(own);
      const { shopper, productId } = await fundedShopperWithProduct(own, ownDevnet, ownMerchant, {
        price: 1,
        fundSun: 5_000_000,
      });
      const order = await placeOrder(own, shopper, [{ productId, quantity: 1 }]);
      await ownNode.stop();

      expectError(await payRequest(own, shopper, order._id), 503, 'CHAIN_UNAVAILABLE');

      const stored = await own.store.orders.findById(order._id);
      expect({ status: stored?.status, payment: stored?.payment, hash: stored?.transactionHash }).toEqual({
        status: 'pending',
        payment: null,
        hash: null,
      });
      expect(await own.store.transactions.listPending(10)).toEqual([]);
      expect(await own.frames()).toEqual([]);
    } finally {
      await own.close();
    }
  });
});
