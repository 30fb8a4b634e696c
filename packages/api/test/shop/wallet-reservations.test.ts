import { type DevnetControl, devnetControl } from '@trx-shop/test-kit';
import { runSettlement } from '@trx-shop/domain';
import type { RunningDevnet } from '@trx-shop/tron-devnet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, json, type LoggedIn } from '../support/http.js';
import { createTestApp, startTestDevnet, type TestApp } from '../support/test-app.js';
import {
  BLOCKS_TO_SOLIDIFY,
  createMerchantAdmin,
  createProduct,
  type Merchant,
  type OrderView,
  paymentDepsOf,
  payRequest,
  placeOrder,
  registerShopper,
  type Shopper,
  SUN_PER_TRX,
} from './shop-fixtures.js';

/*
 * Issue 14, item 3: one wallet's outgoing transfers cannot race its balance. The spendable check
 * and the claim of the amount are one guarded step per wallet, so losers get 400 before anything
 * is signed and no failed record is left; the same holds for the merchant wallet's refunds.
 */

let devnetNode: RunningDevnet;
let h: TestApp;
let devnet: DevnetControl;
let merchant: Merchant;
/** An existing account, so transfers to it cost no account-creation fee. */
let recipient: string;

beforeAll(async () => {
  devnetNode = await startTestDevnet();
  h = await createTestApp({ devnet: devnetNode });
  devnet = devnetControl(devnetNode.url);
  merchant = await createMerchantAdmin(h);
  recipient = (await h.chain.createWallet()).address;
  await devnet.fund(merchant.address, 1_000_000);
  await devnet.fundSolid(recipient, 1_000_000);
});
afterAll(async () => {
  await h.close();
  await devnetNode.stop();
});

const fundedShopper = async (trx: number): Promise<Shopper> => {
  const shopper = await registerShopper(h);
  await devnet.fundSolid(shopper.address, trx * SUN_PER_TRX);
  return shopper;
};

const withdraw = (user: LoggedIn, amount: number) =>
  h.app.inject({
    method: 'POST',
    url: '/api/wallets/send',
    headers: user.jar.header(),
    payload: { toAddress: recipient, amount },
  });

const recordsOf = async (userId: string) =>
  (await h.store.transactions.listByUser(userId, {}, { limit: 100, page: 1 })).items;

const settle = async () => {
  await devnet.produceBlocks(BLOCKS_TO_SOLIDIFY);
  await runSettlement(paymentDepsOf(h));
};

describe('concurrent withdrawals from one wallet', () => {
  it('sends 2 of 10 concurrent 400 TRX withdrawals from 1,000 TRX; 8 answer 400 INSUFFICIENT_BALANCE and leave no record', async () => {
    const shopper = await fundedShopper(1_000);

    const responses = await Promise.all(Array.from({ length: 10 }, () => withdraw(shopper, 400)));

    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([200, 200, 400, 400, 400, 400, 400, 400, 400, 400]);
    // What is left once the two winners' amounts (and their estimated fees) are held.
    const held = await h.store.walletReservations.reservedSun(shopper.address);
    expect(held).toBeGreaterThanOrEqual(800 * SUN_PER_TRX);
    for (const response of responses.filter((candidate) => candidate.statusCode === 400)) {
      const body = expectError(response, 400, 'INSUFFICIENT_BALANCE');
      expect(body.userBalance).toBe((1_000 * SUN_PER_TRX - held) / SUN_PER_TRX);
      expect(body.requiredAmount).toBe(
        (400 * SUN_PER_TRX + Number(body.estimatedFee) * SUN_PER_TRX) / SUN_PER_TRX,
      );
    }
    expect(await devnet.transfersBetween(shopper.address, recipient)).toHaveLength(2);
    const records = await recordsOf(shopper.userId);
    expect(records.map((record) => ({ type: record.type, status: record.status }))).toEqual([
      { type: 'withdrawal', status: 'pending' },
      { type: 'withdrawal', status: 'pending' },
    ]);

    await settle();
    expect((await recordsOf(shopper.userId)).map((record) => record.status)).toEqual([
      'confirmed',
      'confirmed',
    ]);
    // Settled transfers no longer hold anything: the rest of the balance is spendable again.
    expect(await h.store.walletReservations.reservedSun(shopper.address)).toBe(0);
    expect((await withdraw(shopper, 199)).statusCode).toBe(200);
    expectError(await withdraw(shopper, 2), 400, 'INSUFFICIENT_BALANCE');
  });
});

describe('a payment racing a withdrawal', () => {
  it('lets exactly one through; the order of the loser is never failed', async () => {
    const productId = await createProduct(h, merchant.admin, { price: 90, stock: 10 });
    for (let round = 0; round < 3; round++) {
      const shopper = await fundedShopper(100);
      const order = await placeOrder(h, shopper, [{ productId, quantity: 1 }]);

      const [paid, withdrawn] = await Promise.all([payRequest(h, shopper, order._id), withdraw(shopper, 50)]);

      expect([paid.statusCode, withdrawn.statusCode].sort()).toEqual([200, 400]);
      expectError(paid.statusCode === 400 ? paid : withdrawn, 400, 'INSUFFICIENT_BALANCE');
      const stored = await h.store.orders.findById(order._id);
      expect(stored?.status).toBe('pending');
      expect(stored?.payment?.state ?? 'none').toBe(paid.statusCode === 200 ? 'pending' : 'none');
      expect((await recordsOf(shopper.userId)).filter((record) => record.status === 'failed')).toEqual([]);
      const sent = [
        ...(await devnet.transfersBetween(shopper.address, merchant.address)),
        ...(await devnet.transfersBetween(shopper.address, recipient)),
      ];
      expect(sent).toHaveLength(1);
    }
    await settle();
  });
});

describe('refunds from the merchant wallet', () => {
  it('sends one of two concurrent refunds the merchant balance covers only once; the other answers 400 INSUFFICIENT_ADMIN_BALANCE', async () => {
    const productId = await createProduct(h, merchant.admin, { price: 6, stock: 10 });
    const buyers = [await fundedShopper(10), await fundedShopper(10)];
    const orders: OrderView[] = [];
    for (const buyer of buyers) {
      const order = await placeOrder(h, buyer, [{ productId, quantity: 1 }]);
      expect((await payRequest(h, buyer, order._id)).statusCode).toBe(200);
      orders.push(order);
    }
    await settle();
    // The merchant now holds 1 + 2 x 5.99 TRX; move most of it away so only one refund fits.
    const keep = 8;
    const balance = await h.chain.getConfirmedBalance(merchant.address);
    const drain = await h.app.inject({
      method: 'POST',
      url: '/api/wallets/send',
      headers: merchant.admin.jar.header(),
      payload: { toAddress: recipient, amount: (balance - keep * SUN_PER_TRX) / SUN_PER_TRX },
    });
    expect(drain.statusCode, drain.body).toBe(200);
    await settle();

    const responses = await Promise.all(
      orders.map((order) =>
        h.app.inject({
          method: 'POST',
          url: `/api/admin/orders/${order._id}/refund`,
          headers: merchant.admin.jar.header(),
        }),
      ),
    );

    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 400]);
    const loser = responses.findIndex((response) => response.statusCode === 400);
    const refused = responses[loser];
    if (!refused) throw new Error('no refused refund');
    const body = expectError(refused, 400, 'INSUFFICIENT_ADMIN_BALANCE');
    expect(body).toMatchObject({ adminBalance: keep - 5.99, requiredAmount: 5.99 });
    const loserOrder = await h.store.orders.findById(orders[loser]?._id ?? '');
    expect(loserOrder?.refunds).toEqual([]);
    expect(
      (
        await h.store.transactions.listByUser(
          buyers[loser]?.userId ?? '',
          { type: 'refund' },
          { limit: 10, page: 1 },
        )
      ).items,
    ).toEqual([]);
    await settle();
    expect(
      json(
        await h.app.inject({
          url: `/api/orders/${orders[1 - loser]?._id}`,
          headers: buyers[1 - loser]?.jar.header() ?? {},
        }),
      ).order,
    ).toMatchObject({ status: 'refunded' });
  });
});
