import { devnetControl } from '@trx-shop/test-kit';
import { runSettlement } from '@trx-shop/domain';
import { buildProduct } from '@trx-shop/store-contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, json, type LoggedIn, register } from '../support/http.js';
import { createTestApp, startTestDevnet, type TestApp } from '../support/test-app.js';
import {
  buyAndSettle,
  insertAdmin,
  insertPaidOrder,
  line,
  loginAdmin,
  settlementDeps,
} from './admin-fixtures.js';

type RunningDevnet = Awaited<ReturnType<typeof startTestDevnet>>;

let devnet: RunningDevnet;
let h: TestApp;
let merchantAddress: string;
let admin: LoggedIn;

beforeAll(async () => {
  devnet = await startTestDevnet();
  h = await createTestApp({ devnet });
  const merchant = await insertAdmin(h);
  merchantAddress = merchant.user.wallet.address ?? '';
  admin = await loginAdmin(h, merchant.user);
  await devnetControl(devnet.url).fundSolid(merchantAddress, 1_000_000_000);
});
afterAll(async () => {
  await h.close();
  await devnet.stop();
});

const refund = (orderId: string, payload?: Record<string, unknown>) =>
  h.app.inject({
    method: 'POST',
    url: `/api/admin/orders/${orderId}/refund`,
    headers: admin.jar.header(),
    ...(payload === undefined ? {} : { payload }),
  });

const settle = async () => {
  await devnetControl(devnet.url).settle();
  await runSettlement(settlementDeps(h));
};

const transfersTo = async (to: string) =>
  (await devnetControl(devnet.url).transfersSentBy(merchantAddress)).filter((transfer) => transfer.to === to);

/** A registered customer with a real wallet and a 5.99 TRX order whose payment was confirmed. */
const paidCustomerOrder = async () => {
  const customer = await register(h.app);
  const walletAddress = (await h.store.users.findById(customer.userId))?.wallet.address ?? '';
  const order = await insertPaidOrder(h, {
    userId: customer.userId,
    walletAddress,
    lines: [line(3_000_000, 2)],
  });
  return { customer, order, walletAddress };
};

describe('POST /api/admin/orders/:id/refund with an amount (partial refunds)', () => {
  it('gives back a paid order in parts: each part sent once, the order refunded and its stock back with the last', async () => {
    const product = await h.store.products.insert(buildProduct({ stock: 10, priceSun: 4_000_000 }));
    const { buyer, buyerAddress, orderId } = await buyAndSettle(h, devnet.url, product.id, 2);
    // 2 x 4 TRX less the 0.01 TRX network fee arrived.
    const paidTrx = 7.99;

    const first = await refund(orderId, { amount: 2, reason: 'One item arrived damaged' });
    expect(first.statusCode, first.body).toBe(200);
    expect(json(first).transaction).toEqual({
      hash: expect.stringMatching(/^[0-9a-f]{64}$/),
      from: merchantAddress,
      to: buyerAddress,
      amount: 2,
      status: 'pending',
    });
    const second = await refund(orderId, { amount: '1.5' });
    expect(second.statusCode, second.body).toBe(200);
    const tooMuch = expectError(await refund(orderId, { amount: 4.490001 }), 400, 'REFUND_EXCEEDS_PAID');
    expect(tooMuch.refundable).toBe(4.49);

    const pendingView = json(
      await h.app.inject({ url: `/api/orders/${orderId}`, headers: buyer.jar.header() }),
    );
    expect(pendingView.order).toMatchObject({
      status: 'completed',
      refundedAmount: 0,
      refundableAmount: 4.49,
      refunds: [
        {
          amount: 2,
          reason: 'One item arrived damaged',
          status: 'pending',
          txHash: (json(first).transaction as { hash: string }).hash,
        },
        {
          amount: 1.5,
          reason: null,
          status: 'pending',
          txHash: (json(second).transaction as { hash: string }).hash,
        },
      ],
    });

    await settle();
    expect(await h.store.orders.findById(orderId)).toMatchObject({
      status: 'completed',
      refundedSun: 3_500_000,
    });
    expect((await h.store.products.findById(product.id))?.stock).toBe(8);

    // No body: the rest.
    const rest = await refund(orderId);
    expect(rest.statusCode, rest.body).toBe(200);
    expect((json(rest).transaction as { amount: number }).amount).toBe(4.49);
    await settle();

    const done = json(await h.app.inject({ url: `/api/orders/${orderId}`, headers: buyer.jar.header() }));
    expect(done.order).toMatchObject({ status: 'refunded', refundedAmount: paidTrx, refundableAmount: 0 });
    expect((done.order as { refunds: { status: string }[] }).refunds.map((entry) => entry.status)).toEqual([
      'confirmed',
      'confirmed',
      'confirmed',
    ]);
    expect((await h.store.products.findById(product.id))?.stock).toBe(10);
    expect((await transfersTo(buyerAddress)).map((transfer) => transfer.amountSun).sort()).toEqual(
      [1_500_000, 2_000_000, 4_490_000].sort(),
    );
    expectError(await refund(orderId, { amount: 0.000001 }), 400, 'ORDER_ALREADY_REFUNDED');
    const events = (await h.frames())
      .filter((recorded) => recorded.userId === buyer.userId)
      .map((recorded) => recorded.event.event);
    expect(events).toEqual([
      'transaction:confirmed',
      'transaction:confirmed',
      'transaction:confirmed',
      'order:refunded',
    ]);
  });

  it('lets 20 concurrent partial refunds give back at most what was paid, each sent once', async () => {
    const { order, walletAddress } = await paidCustomerOrder();
    // 20 x 0.4 TRX asked of a 5.99 TRX payment: 14 fit.
    const responses = await Promise.all(Array.from({ length: 20 }, () => refund(order.id, { amount: 0.4 })));
    const accepted = responses.filter((response) => response.statusCode === 200);
    expect(accepted).toHaveLength(14);
    for (const response of responses.filter((candidate) => candidate.statusCode !== 200)) {
      expect(response.statusCode).toBe(400);
      expect(json(response)).toMatchObject({ code: 'REFUND_EXCEEDS_PAID' });
    }
    await settle();
    const sent = await transfersTo(walletAddress);
    expect(sent.map((transfer) => transfer.txId).sort()).toEqual(
      accepted.map((response) => (json(response).transaction as { hash: string }).hash).sort(),
    );
    expect(sent.reduce((sum, transfer) => sum + transfer.amountSun, 0)).toBe(14 * 400_000);
    expect(await h.store.orders.findById(order.id)).toMatchObject({
      status: 'completed',
      refundedSun: 5_600_000,
      refundClaimedSun: 5_600_000,
    });
  });

  it('refuses malformed amounts and over-long reasons with 400 VALIDATION_ERROR, sending nothing', async () => {
    const { order, walletAddress } = await paidCustomerOrder();
    for (const payload of [
      { amount: 0 },
      { amount: -1 },
      { amount: '1.0000001' },
      { amount: '1e3' },
      { amount: true },
      { reason: 'x'.repeat(501) },
      { reason: 5 },
    ]) {
      const body = expectError(await refund(order.id, payload), 400, 'VALIDATION_ERROR');
      // A union (number or text) may explain itself in several details; all of them name the field.
      const fields = (body.details as { field: string }[]).map((detail) => detail.field);
      expect(new Set(fields), JSON.stringify(payload)).toEqual(new Set(Object.keys(payload)));
    }
    expect(await h.store.orders.findById(order.id)).toMatchObject({ refunds: [], refundClaimedSun: 0 });
    // A marker that would have shown a transfer: one valid refund, and only it reaches the chain.
    expect((await refund(order.id, { amount: 1, reason: 'x'.repeat(500) })).statusCode).toBe(200);
    await devnetControl(devnet.url).settle();
    expect((await transfersTo(walletAddress)).map((transfer) => transfer.amountSun)).toEqual([1_000_000]);
  });

  it('shows refunded and netRevenue on the dashboard beside the specified totals', async () => {
    // Refunds earlier tests left unsettled confirm now, not in the middle of this one.
    await settle();
    const before = json(await h.app.inject({ url: '/api/admin/stats', headers: admin.jar.header() }));
    const totalsBefore = (before.stats as { totals: Record<string, number> }).totals;
    const { order } = await paidCustomerOrder();
    expect((await refund(order.id, { amount: 1.25 })).statusCode).toBe(200);
    await settle();
    const after = json(await h.app.inject({ url: '/api/admin/stats', headers: admin.jar.header() }));
    const totals = (after.stats as { totals: Record<string, number> }).totals;
    expect(totals.totalRevenue).toBeCloseTo((totalsBefore.totalRevenue ?? 0) + 5.99, 6);
    expect(totals.refunded).toBeCloseTo((totalsBefore.refunded ?? 0) + 1.25, 6);
    expect(totals.netRevenue).toBeCloseTo((totalsBefore.netRevenue ?? 0) + 5.99 - 1.25, 6);
  });
});
