import { devnetControl } from '@trx-shop/test-kit';
import { type Order, type OrderStatus, runSettlement } from '@trx-shop/domain';
import { buildProduct, buildUser, newObjectId } from '@trx-shop/store-contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, json, type LoggedIn, register } from '../support/http.js';
import { createTestApp, startTestDevnet, type TestApp } from '../support/test-app.js';
import {
  adminPasswordHash,
  buyAndSettle,
  insertAdmin,
  insertOrder,
  insertPaidOrder,
  insertUser,
  line,
  loginAdmin,
  type StoredAdmin,
  settlementDeps,
} from './admin-fixtures.js';

type RunningDevnet = Awaited<ReturnType<typeof startTestDevnet>>;

let devnet: RunningDevnet;
let h: TestApp;
let merchant: StoredAdmin;
let merchantAddress: string;
let admin: LoggedIn;

beforeAll(async () => {
  devnet = await startTestDevnet();
  h = await createTestApp({ devnet });
  merchant = await insertAdmin(h);
  merchantAddress = merchant.user.wallet.address ?? '';
  admin = await loginAdmin(h, merchant.user);
  await devnetControl(devnet.url).fundSolid(merchantAddress, 1_000_000_000);
});
afterAll(async () => {
  await h.close();
  await devnet.stop();
});

const refund = (app: TestApp, session: LoggedIn, orderId: string) =>
  app.app.inject({
    method: 'POST',
    url: `/api/admin/orders/${orderId}/refund`,
    headers: session.jar.header(),
  });

/**
 * A registered customer (real custodial wallet) with an order of 5.99 TRX in `status`, stored
 * directly; a completed one was paid (its payment claim confirmed), unless `unpaid`.
 */
const customerOrder = async (app: TestApp, status: OrderStatus, options: { unpaid?: boolean } = {}) => {
  const customer = await register(app.app);
  const walletAddress = (await app.store.users.findById(customer.userId))?.wallet.address ?? '';
  const fields = { userId: customer.userId, walletAddress, lines: [line(3_000_000, 2)] };
  const order =
    status === 'completed' && !options.unpaid
      ? await insertPaidOrder(app, fields)
      : await insertOrder(app, status, fields);
  return { customer, order, walletAddress };
};

const refundsTo = async (from: string, to: string) =>
  (await devnetControl(devnet.url).transfersSentBy(from)).filter((transfer) => transfer.to === to);

const statusOf = async (app: TestApp, order: Order) => (await app.store.orders.findById(order.id))?.status;

describe('POST /api/admin/orders/:id/refund', () => {
  it('sends |total| once from the merchant wallet to the order wallet and leaves the status to the listener', async () => {
    const { customer, order, walletAddress } = await customerOrder(h, 'completed');

    const response = await refund(h, admin, order.id);

    expect(response.statusCode, response.body).toBe(200);
    const answer = json(response);
    const hash = (answer.transaction as { hash: string }).hash;
    expect(answer).toEqual({
      success: true,
      message: expect.any(String),
      orderId: order.id,
      transaction: { hash, from: merchantAddress, to: walletAddress, amount: 5.99, status: 'pending' },
    });
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(await statusOf(h, order)).toBe('completed');
    expect(await h.store.transactions.findByHash(hash)).toMatchObject({
      type: 'refund',
      userId: customer.userId,
      orderId: order.id,
      amountSun: 5_990_000,
      currency: 'TRX',
      network: 'TRC-20',
      fromAddress: merchantAddress,
      toAddress: walletAddress,
      status: 'pending',
      confirmations: 0,
    });
    expect(await refundsTo(merchantAddress, walletAddress)).toEqual([
      expect.objectContaining({ txId: hash, amountSun: 5_990_000 }),
    ]);

    const again = expectError(await refund(h, admin, order.id), 409, 'REFUND_IN_PROGRESS');
    expect(again.error).toEqual(expect.any(String));

    await devnetControl(devnet.url).settle();
    await runSettlement(settlementDeps(h));
    expect(await statusOf(h, order)).toBe('refunded');
    expect(await h.store.transactions.findByHash(hash)).toMatchObject({
      status: 'confirmed',
      confirmations: 21,
    });
    expect(await h.chain.getConfirmedBalance(walletAddress)).toBe(5_990_000);

    const done = expectError(await refund(h, admin, order.id), 400, 'ORDER_ALREADY_REFUNDED');
    expect(done.error).toBe('Order already refunded');

    // An admin override back to completed must not let the money go back a second time.
    const override = await h.app.inject({
      method: 'PATCH',
      url: `/api/orders/${order.id}/status`,
      headers: admin.jar.header(),
      payload: { status: 'completed' },
    });
    expect(override.statusCode).toBe(200);
    expectError(await refund(h, admin, order.id), 400, 'ORDER_ALREADY_REFUNDED');
    expect(await refundsTo(merchantAddress, walletAddress)).toHaveLength(1);
  });

  it('refunds a paid order end to end: the payment back to the buyer, status refunded and stock restored on confirmation', async () => {
    const product = await h.store.products.insert(buildProduct({ stock: 10, priceSun: 4_000_000 }));
    const { buyer, buyerAddress, orderId } = await buyAndSettle(h, devnet.url, product.id, 2);
    expect((await h.store.products.findById(product.id))?.stock).toBe(8);

    const refunded = await h.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${orderId}/refund`,
      headers: admin.jar.header(),
    });

    expect(refunded.statusCode, refunded.body).toBe(200);
    const hash = (json(refunded).transaction as { hash: string }).hash;
    expect(json(refunded).transaction).toEqual({
      hash,
      from: merchantAddress,
      to: buyerAddress,
      amount: 7.99,
      status: 'pending',
    });
    expect((await h.store.orders.findById(orderId))?.status).toBe('completed');
    await devnetControl(devnet.url).settle();
    await runSettlement(settlementDeps(h));
    expect((await h.store.orders.findById(orderId))?.status).toBe('refunded');
    expect((await h.store.products.findById(product.id))?.stock).toBe(10);
    expect(await refundsTo(merchantAddress, buyerAddress)).toEqual([
      expect.objectContaining({ txId: hash, amountSun: 7_990_000, status: 'solidified' }),
    ]);
    expect(
      (await h.frames()).filter(
        (recorded) => recorded.userId === buyer.userId && recorded.event.event === 'order:refunded',
      ),
    ).toEqual([
      {
        userId: buyer.userId,
        event: { event: 'order:refunded', data: expect.objectContaining({ orderId, txHash: hash }) },
      },
    ]);
  });

  it('sends exactly one transfer when ten refunds of the same order race', async () => {
    const { customer, order, walletAddress } = await customerOrder(h, 'completed');

    const responses = await Promise.all(Array.from({ length: 10 }, () => refund(h, admin, order.id)));

    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409, 409, 409, 409, 409, 409]);
    for (const response of responses.filter((candidate) => candidate.statusCode === 409))
      expectError(response, 409, 'REFUND_IN_PROGRESS');
    await devnetControl(devnet.url).settle();
    const sent = await refundsTo(merchantAddress, walletAddress);
    expect(sent).toEqual([expect.objectContaining({ amountSun: 5_990_000, status: 'solidified' })]);
    const records = await h.store.transactions.listByUser(
      customer.userId,
      { type: 'refund' },
      { limit: 100, page: 1 },
    );
    expect(records.items.map((record) => record.transactionHash)).toEqual([sent[0]?.txId]);
  });

  it('answers 400 NOTHING_TO_REFUND for an order completed by override with nothing paid, and sends nothing', async () => {
    const customer = await register(h.app);
    const walletAddress = (await h.store.users.findById(customer.userId))?.wallet.address ?? '';
    const product = await h.store.products.insert(buildProduct({ stock: 3, priceSun: 90_000_000 }));
    const created = await h.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: customer.jar.header(),
      payload: { products: [{ productId: product.id, quantity: 1 }] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const orderId = (json(created).order as { _id: string })._id;
    const override = await h.app.inject({
      method: 'PATCH',
      url: `/api/orders/${orderId}/status`,
      headers: admin.jar.header(),
      payload: { status: 'completed' },
    });
    expect(override.statusCode, override.body).toBe(200);

    const body = expectError(await refund(h, admin, orderId), 400, 'NOTHING_TO_REFUND');
    expect(body).toMatchObject({ refundable: 0 });
    // A hash given with the override is not a verified payment either.
    await h.app.inject({
      method: 'PATCH',
      url: `/api/orders/${orderId}/status`,
      headers: admin.jar.header(),
      payload: { status: 'completed', transactionHash: 'f'.repeat(64) },
    });
    expectError(await refund(h, admin, orderId), 400, 'NOTHING_TO_REFUND');

    expect(await refundsTo(merchantAddress, walletAddress)).toEqual([]);
    expect((await h.store.orders.findById(orderId))?.refunds).toEqual([]);
    expect(
      await h.store.transactions.listByUser(customer.userId, { type: 'refund' }, { limit: 10, page: 1 }),
    ).toMatchObject({
      items: [],
    });
  });

  it('checks NOTHING_TO_REFUND after the order checks and before the merchant wallet', async () => {
    const unpaid = await customerOrder(h, 'completed', { unpaid: true });
    const refunded = await customerOrder(h, 'refunded');
    expectError(await refund(h, admin, refunded.order.id), 400, 'ORDER_ALREADY_REFUNDED');
    expectError(await refund(h, admin, unpaid.order.id), 400, 'NOTHING_TO_REFUND');
    expect(await refundsTo(merchantAddress, unpaid.walletAddress)).toEqual([]);
  });

  it('answers the order errors with the specification texts and sends nothing', async () => {
    const before = (await devnetControl(devnet.url).transfersSentBy(merchantAddress)).length;

    const missing = expectError(await refund(h, admin, newObjectId()), 404, 'ORDER_NOT_FOUND');
    expect(missing.error).toBe('Order not found');
    expectError(await refund(h, admin, 'not-an-object-id'), 400, 'INVALID_ID');
    const refunded = expectError(
      await refund(h, admin, (await customerOrder(h, 'refunded')).order.id),
      400,
      'ORDER_ALREADY_REFUNDED',
    );
    expect(refunded.error).toBe('Order already refunded');
    for (const status of ['pending', 'failed', 'cancelled'] as const) {
      const { order } = await customerOrder(h, status);
      const body = expectError(await refund(h, admin, order.id), 400, 'ORDER_NOT_COMPLETED');
      expect(body.error).toBe('Only completed orders can be refunded');
      expect(await statusOf(h, order)).toBe(status);
    }

    expect(await devnetControl(devnet.url).transfersSentBy(merchantAddress)).toHaveLength(before);
  });

  it('answers 400 INSUFFICIENT_ADMIN_BALANCE with adminBalance and requiredAmount, claiming nothing', async () => {
    const poor = await createTestApp({ devnet });
    try {
      const poorMerchant = await insertAdmin(poor);
      const poorAddress = poorMerchant.user.wallet.address ?? '';
      const session = await loginAdmin(poor, poorMerchant.user);
      await devnetControl(devnet.url).fundSolid(poorAddress, 2_000_000);
      // A recipient that already exists costs the sender only free bandwidth (docs/decisions.md section 2).
      const existing = await customerOrder(poor, 'completed');
      await devnetControl(devnet.url).fundSolid(existing.walletAddress, 1_000_000);
      // A recipient that does not exist yet costs 0.1 TRX bandwidth + 1 TRX account creation more.
      const fresh = await customerOrder(poor, 'completed');

      const toExisting = expectError(
        await refund(poor, session, existing.order.id),
        400,
        'INSUFFICIENT_ADMIN_BALANCE',
      );
      expect({ adminBalance: toExisting.adminBalance, requiredAmount: toExisting.requiredAmount }).toEqual({
        adminBalance: 2,
        requiredAmount: 5.99,
      });
      const toFresh = expectError(
        await refund(poor, session, fresh.order.id),
        400,
        'INSUFFICIENT_ADMIN_BALANCE',
      );
      expect({ adminBalance: toFresh.adminBalance, requiredAmount: toFresh.requiredAmount }).toEqual({
        adminBalance: 2,
        requiredAmount: (5_990_000 + 1_100_000) / 1_000_000,
      });
      expect(await devnetControl(devnet.url).transfersSentBy(poorAddress)).toEqual([]);
      expect((await poor.store.orders.findById(fresh.order.id))?.refunds).toEqual([]);

      // Nothing was claimed: once the wallet can pay, the same refund goes through.
      await devnetControl(devnet.url).fundSolid(poorAddress, 10_000_000);
      expect((await refund(poor, session, fresh.order.id)).statusCode).toBe(200);
    } finally {
      await poor.close();
    }
  });

  it('answers 500 ADMIN_WALLET_NOT_CONFIGURED when the merchant admin has no usable key, after the order checks', async () => {
    const keyless = await createTestApp({ devnet });
    try {
      const first = await insertUser(
        keyless,
        buildUser({
          role: 'admin',
          passwordHash: await adminPasswordHash(),
          createdAt: new Date('2026-01-01T00:00:00Z'),
        }),
      );
      const session = await loginAdmin(keyless, first);
      const completed = await customerOrder(keyless, 'completed');
      const unpaid = await customerOrder(keyless, 'completed', { unpaid: true });
      const pending = await customerOrder(keyless, 'pending');
      const refunded = await customerOrder(keyless, 'refunded');

      const body = expectError(
        await refund(keyless, session, completed.order.id),
        500,
        'ADMIN_WALLET_NOT_CONFIGURED',
      );
      expect(body.error).toBe('Admin wallet not configured');
      expectError(await refund(keyless, session, unpaid.order.id), 400, 'NOTHING_TO_REFUND');
      expectError(await refund(keyless, session, pending.order.id), 400, 'ORDER_NOT_COMPLETED');
      expectError(await refund(keyless, session, refunded.order.id), 400, 'ORDER_ALREADY_REFUNDED');
      expectError(await refund(keyless, session, newObjectId()), 404, 'ORDER_NOT_FOUND');
      expect((await keyless.store.orders.findById(completed.order.id))?.refunds).toEqual([]);
    } finally {
      await keyless.close();
    }
  });
});
