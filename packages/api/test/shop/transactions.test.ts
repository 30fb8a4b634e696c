import { type DevnetControl, devnetControl } from '@trx-shop/test-kit';
import { runSettlement } from '@trx-shop/domain';
import type { RunningDevnet } from '@trx-shop/tron-devnet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, json, type LoggedIn } from '../support/http.js';
import { createTestApp, startTestDevnet, type TestApp } from '../support/test-app.js';
import {
  BLOCKS_TO_SOLIDIFY,
  createMerchantAdmin,
  fundedShopperWithProduct,
  type Merchant,
  paymentDepsOf,
  payRequest,
  placeOrder,
  type Shopper,
} from './shop-fixtures.js';

interface TransactionBody {
  readonly _id: string;
  readonly transactionHash: string;
  readonly type: string;
  readonly status: string;
  readonly userId: string;
}

let devnetNode: RunningDevnet;
let h: TestApp;
let devnet: DevnetControl;
let merchant: Merchant;
/** A shopper with, newest first: a pending withdrawal, then a purchase that is confirmed and refunded. */
let shopper: Shopper;
let purchaseHash: string;
let withdrawalHash: string;
let refundHash: string;
let orderId: string;

const list = async (user: LoggedIn, query = '') => {
  const response = await h.app.inject({ url: `/api/transactions${query}`, headers: user.jar.header() });
  expect(response.statusCode, response.body).toBe(200);
  return json(response) as { transactions: TransactionBody[]; pagination: unknown };
};

beforeAll(async () => {
  devnetNode = await startTestDevnet();
  h = await createTestApp({ devnet: devnetNode });
  devnet = devnetControl(devnetNode.url);
  merchant = await createMerchantAdmin(h);
  await devnet.fundSolid(merchant.address, 10_000_000);

  const scene = await fundedShopperWithProduct(h, devnet, merchant, { price: 2, fundSun: 10_000_000 });
  shopper = scene.shopper;
  const order = await placeOrder(h, shopper, [{ productId: scene.productId, quantity: 1 }]);
  orderId = order._id;
  const paid = await payRequest(h, shopper, order._id);
  purchaseHash = (json(paid).transaction as { hash: string }).hash;
  await devnet.produceBlocks(BLOCKS_TO_SOLIDIFY);
  await runSettlement(paymentDepsOf(h));

  h.clock.advance(60_000);
  const refund = await h.app.inject({
    method: 'POST',
    url: `/api/admin/orders/${order._id}/refund`,
    headers: merchant.admin.jar.header(),
  });
  expect(refund.statusCode, refund.body).toBe(200);
  refundHash = (json(refund).transaction as { hash: string }).hash;

  h.clock.advance(60_000);
  const recipient = (await h.chain.createWallet()).address;
  const sent = await h.app.inject({
    method: 'POST',
    url: '/api/wallets/send',
    headers: shopper.jar.header(),
    payload: { toAddress: recipient, amount: 1 },
  });
  expect(sent.statusCode, sent.body).toBe(200);
  withdrawalHash = (json(sent).transaction as { hash: string }).hash;
});
afterAll(async () => {
  await h.close();
  await devnetNode.stop();
});

describe('GET /api/transactions', () => {
  it('lists the caller’s transactions newest first, the refund of their order included', async () => {
    const body = await list(shopper);

    expect(body.transactions.map((t) => [t.type, t.transactionHash])).toEqual([
      ['withdrawal', withdrawalHash],
      ['refund', refundHash],
      ['purchase', purchaseHash],
    ]);
    expect(body.transactions.every((t) => t.userId === shopper.userId)).toBe(true);
    expect(body.pagination).toEqual({ total: 3, page: 1, pages: 1, limit: 10 });
  });

  it('shows a confirmed purchase with the transaction fields of the specification', async () => {
    const [purchase] = (await list(shopper, '?type=purchase')).transactions;

    expect(purchase).toMatchObject({
      userId: shopper.userId,
      orderId,
      type: 'purchase',
      amount: 1.99,
      currency: 'TRX',
      network: 'TRC-20',
      transactionHash: purchaseHash,
      fromAddress: shopper.address,
      toAddress: merchant.address,
      status: 'confirmed',
      confirmations: 21,
    });
  });

  it('filters by type and by status, and the last of repeated parameters wins', async () => {
    expect((await list(shopper, '?type=withdrawal')).transactions.map((t) => t.transactionHash)).toEqual([
      withdrawalHash,
    ]);
    expect((await list(shopper, '?status=confirmed')).transactions.map((t) => t.transactionHash)).toEqual([
      purchaseHash,
    ]);
    expect((await list(shopper, '?status=pending')).transactions.map((t) => t.type)).toEqual([
      'withdrawal',
      'refund',
    ]);
    expect((await list(shopper, '?type=purchase&type=refund')).transactions.map((t) => t.type)).toEqual([
      'refund',
    ]);
  });

  it('answers 400 VALIDATION_ERROR for an unknown type filter', async () => {
    expectError(
      await h.app.inject({ url: '/api/transactions?type=gift', headers: shopper.jar.header() }),
      400,
      'VALIDATION_ERROR',
    );
  });
});

describe('GET /api/transactions/:id', () => {
  it('answers the caller’s own transaction as {success, transaction}', async () => {
    const [withdrawal] = (await list(shopper, '?type=withdrawal')).transactions;

    const response = await h.app.inject({
      url: `/api/transactions/${withdrawal?._id}`,
      headers: shopper.jar.header(),
    });

    expect(response.statusCode).toBe(200);
    expect(json(response)).toEqual({ success: true, transaction: withdrawal });
  });

  it('answers 404 TRANSACTION_NOT_FOUND for an unknown id and 400 INVALID_ID for a malformed one', async () => {
    expectError(
      await h.app.inject({
        url: '/api/transactions/aaaaaaaaaaaaaaaaaaaaaaaa',
        headers: shopper.jar.header(),
      }),
      404,
      'TRANSACTION_NOT_FOUND',
    );
    expectError(
      await h.app.inject({ url: '/api/transactions/%24ne', headers: shopper.jar.header() }),
      400,
      'INVALID_ID',
    );
  });
});

describe('another user’s transactions (IDOR)', () => {
  it('user B sees none of user A’s transactions, in the list or by id', async () => {
    const intruder = (await fundedShopperWithProduct(h, devnet, merchant, { price: 1, fundSun: 1_000_000 }))
      .shopper;

    expect((await list(intruder)).transactions).toEqual([]);
    for (const transaction of (await list(shopper)).transactions) {
      expectError(
        await h.app.inject({ url: `/api/transactions/${transaction._id}`, headers: intruder.jar.header() }),
        404,
        'TRANSACTION_NOT_FOUND',
      );
    }
  });

  it('answers 401 UNAUTHENTICATED without a token', async () => {
    expectError(await h.app.inject({ url: '/api/transactions' }), 401, 'UNAUTHENTICATED');
  });
});
