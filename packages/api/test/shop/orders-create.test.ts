import { buildProduct } from '@trx-shop/store-contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, json } from '../support/http.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import {
  createMerchantAdmin,
  createProduct,
  insertUserAndLogin,
  type Merchant,
  orderOf,
  placeOrder,
  postOrder,
  registerShopper,
} from './shop-fixtures.js';

const UNKNOWN_PRODUCT_ID = 'bbbbbbbbbbbbbbbbbbbbbbbb';

let h: TestApp;
let merchant: Merchant;

beforeAll(async () => {
  h = await createTestApp();
  merchant = await createMerchantAdmin(h);
});
afterAll(() => h.close());

const countOrders = () => h.store.orders.count();

describe('POST /api/orders: creation', () => {
  it('answers 201 {success, order} priced from the products, with the network fee, wallet and merchant addresses', async () => {
    const shopper = await registerShopper(h);
    const mug = await createProduct(h, merchant.admin, { name: 'Mug', price: 0.1 });
    const shirt = await createProduct(h, merchant.admin, { name: 'Shirt', price: 0.2 });

    const response = await postOrder(h, shopper, [
      { productId: mug, quantity: 2, color: 'red' },
      { productId: shirt, quantity: 1 },
    ]);

    expect(response.statusCode, response.body).toBe(201);
    expect(json(response).success).toBe(true);
    const order = orderOf(response);
    expect(order).toMatchObject({
      userId: shopper.userId,
      products: [
        { productId: mug, name: 'Mug', price: 0.1, quantity: 2, color: 'red' },
        { productId: shirt, name: 'Shirt', price: 0.2, quantity: 1, color: null },
      ],
      subtotal: 0.4,
      networkFee: -0.01,
      discount: 0,
      total: 0.39,
      status: 'pending',
      paymentMethod: 'TRC-20',
      transactionHash: null,
      walletAddress: shopper.address,
      merchantAddress: merchant.address,
    });
    expect(order.orderId).toMatch(/^#TRX-\d+$/);
    expect((await h.store.orders.findById(order._id))?.totalSun).toBe(390_000);
  });

  it('gives prices 0.1 and 0.2 the exact subtotal 0.3 and total 0.29', async () => {
    const shopper = await registerShopper(h);
    const first = await createProduct(h, merchant.admin, { price: 0.1 });
    const second = await createProduct(h, merchant.admin, { price: 0.2 });

    const order = await placeOrder(h, shopper, [
      { productId: first, quantity: 1 },
      { productId: second, quantity: 1 },
    ]);

    expect([order.subtotal, order.total]).toEqual([0.3, 0.29]);
  });

  it('numbers orders #TRX-<n> one after the other', async () => {
    const productId = await createProduct(h, merchant.admin, { price: 1 });
    const first = await placeOrder(h, await registerShopper(h), [{ productId, quantity: 1 }]);
    const second = await placeOrder(h, await registerShopper(h), [{ productId, quantity: 1 }]);

    const numberOf = (orderId: string) => Number(orderId.replace('#TRX-', ''));
    expect(numberOf(second.orderId)).toBe(numberOf(first.orderId) + 1);
    expect(numberOf(second.orderId)).toBe(await countOrders());
  });

  it('accepts a quantity equal to the stock and does not take stock before payment is confirmed', async () => {
    const shopper = await registerShopper(h);
    const productId = await createProduct(h, merchant.admin, { price: 1, stock: 3 });

    await placeOrder(h, shopper, [{ productId, quantity: 3 }]);

    expect((await h.store.products.findById(productId))?.stock).toBe(3);
  });
});

describe('POST /api/orders: rules in the specification’s order', () => {
  it('answers 409 PENDING_ORDER_EXISTS with pendingOrderId when the user already has a pending order', async () => {
    const shopper = await registerShopper(h);
    const productId = await createProduct(h, merchant.admin, { price: 1 });
    const first = await placeOrder(h, shopper, [{ productId, quantity: 1 }]);
    const before = await countOrders();

    const body = expectError(
      await postOrder(h, shopper, [{ productId, quantity: 1 }]),
      409,
      'PENDING_ORDER_EXISTS',
    );

    expect(body.pendingOrderId).toBe(first._id);
    expect(await countOrders()).toBe(before);
  });

  it('answers 409, not 404, for a user with a pending order who orders a missing product', async () => {
    const shopper = await registerShopper(h);
    const productId = await createProduct(h, merchant.admin, { price: 1 });
    const first = await placeOrder(h, shopper, [{ productId, quantity: 1 }]);

    const body = expectError(
      await postOrder(h, shopper, [{ productId: UNKNOWN_PRODUCT_ID, quantity: 1 }]),
      409,
      'PENDING_ORDER_EXISTS',
    );
    expect(body.pendingOrderId).toBe(first._id);
  });

  it('answers 400 NO_WALLET, before 404, for a user without a wallet address', async () => {
    const walletless = await insertUserAndLogin(h, { role: 'user', wallet: null });
    const before = await countOrders();

    expectError(
      await postOrder(h, walletless, [{ productId: UNKNOWN_PRODUCT_ID, quantity: 1 }]),
      400,
      'NO_WALLET',
    );
    expect(await countOrders()).toBe(before);
  });

  it('answers 404 PRODUCT_NOT_FOUND for an unknown product', async () => {
    const shopper = await registerShopper(h);
    const before = await countOrders();
    expectError(
      await postOrder(h, shopper, [{ productId: UNKNOWN_PRODUCT_ID, quantity: 1 }]),
      404,
      'PRODUCT_NOT_FOUND',
    );
    expect(await countOrders()).toBe(before);
  });

  it('answers 404 PRODUCT_NOT_FOUND for an archived product', async () => {
    const shopper = await registerShopper(h);
    const productId = await createProduct(h, merchant.admin, { price: 1 });
    const archive = await h.app.inject({
      method: 'DELETE',
      url: `/api/admin/products/${productId}`,
      headers: merchant.admin.jar.header(),
    });
    expect(archive.statusCode).toBe(200);

    expectError(await postOrder(h, shopper, [{ productId, quantity: 1 }]), 404, 'PRODUCT_NOT_FOUND');
  });

  it('answers 400 INSUFFICIENT_STOCK when the stock is below the quantity', async () => {
    const shopper = await registerShopper(h);
    const productId = await createProduct(h, merchant.admin, { price: 1, stock: 2 });
    const before = await countOrders();

    expectError(await postOrder(h, shopper, [{ productId, quantity: 3 }]), 400, 'INSUFFICIENT_STOCK');
    expect(await countOrders()).toBe(before);
  });

  it('adds up two lines of one product against its stock', async () => {
    const shopper = await registerShopper(h);
    const productId = await createProduct(h, merchant.admin, { price: 1, stock: 3 });

    expectError(
      await postOrder(h, shopper, [
        { productId, quantity: 2 },
        { productId, quantity: 2 },
      ]),
      400,
      'INSUFFICIENT_STOCK',
    );
  });

  it('checks the items in their order: a missing product before a short one gives 404, the reverse 400', async () => {
    const shopper = await registerShopper(h);
    const short = await createProduct(h, merchant.admin, { price: 1, stock: 1 });

    expectError(
      await postOrder(h, shopper, [
        { productId: UNKNOWN_PRODUCT_ID, quantity: 1 },
        { productId: short, quantity: 5 },
      ]),
      404,
      'PRODUCT_NOT_FOUND',
    );
    expectError(
      await postOrder(h, shopper, [
        { productId: short, quantity: 5 },
        { productId: UNKNOWN_PRODUCT_ID, quantity: 1 },
      ]),
      400,
      'INSUFFICIENT_STOCK',
    );
  });

  it('answers 400 ORDER_TOTAL_TOO_LOW when the network fee brings the total to 0', async () => {
    const shopper = await registerShopper(h);
    const productId = await createProduct(h, merchant.admin, { price: 0.01 });

    expectError(await postOrder(h, shopper, [{ productId, quantity: 1 }]), 400, 'ORDER_TOTAL_TOO_LOW');
  });

  it('answers 400 when the order total would exceed 1,000,000,000 TRX', async () => {
    const shopper = await registerShopper(h);
    const first = await createProduct(h, merchant.admin, { price: 1_000_000, stock: 1000 });
    const second = await createProduct(h, merchant.admin, { price: 1_000_000, stock: 1000 });
    const before = await countOrders();

    expectError(
      await postOrder(h, shopper, [
        { productId: first, quantity: 1000 },
        { productId: second, quantity: 1000 },
      ]),
      400,
      'VALIDATION_ERROR',
    );
    expect(await countOrders()).toBe(before);
  });

  it('answers 401 UNAUTHENTICATED without a token', async () => {
    expectError(
      await h.app.inject({ method: 'POST', url: '/api/orders', payload: { products: [] } }),
      401,
      'UNAUTHENTICATED',
    );
  });
});

describe('POST /api/orders: the merchant address', () => {
  it('uses MERCHANT_WALLET_ADDRESS when no admin exists, and answers 503 MERCHANT_NOT_CONFIGURED without either', async () => {
    const configured = (await h.chain.createWallet()).address;
    const productId = 'cccccccccccccccccccccccc';
    const withAddress = await createTestApp({ devnet: h.devnet, merchantAddress: configured });
    const withNothing = await createTestApp({ devnet: h.devnet });
    try {
      for (const app of [withAddress, withNothing]) {
        await app.store.products.insert(buildProduct({ id: productId, createdAt: app.clock.now() }));
      }
      const first = await registerShopper(withAddress);
      const order = await placeOrder(withAddress, first, [{ productId, quantity: 1 }]);
      expect(order.merchantAddress).toBe(configured);

      const second = await registerShopper(withNothing);
      expectError(
        await postOrder(withNothing, second, [{ productId, quantity: 1 }]),
        503,
        'MERCHANT_NOT_CONFIGURED',
      );
      expect(await withNothing.store.orders.count()).toBe(0);
    } finally {
      await withAddress.close();
      await withNothing.close();
    }
  });
});
