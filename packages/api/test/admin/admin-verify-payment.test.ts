import type { DevnetControl } from '@trx-shop/test-kit';
import type { RunningDevnet } from '@trx-shop/tron-devnet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, json } from '../support/http.js';
import type { TestApp } from '../support/test-app.js';
import {
  fundedShopperWithProduct,
  type Merchant,
  type OrderView,
  orderOf,
  placeOrder,
  settleAndScan,
  type Shopper,
  SUN_PER_TRX,
  startScanningShop,
} from '../shop/shop-fixtures.js';

/*
 * POST /api/admin/orders/:id/verify-payment (docs/api.md, "Verifying a payment") on the devnet
 * through TronWeb: a customer pays the merchant address from outside the service (a devnet funding
 * stands for an exchange's withdrawal), the scanner records it as a merchant deposit, and an admin
 * links it to the customer's order after the service checked it on the solidified chain.
 */

let node: RunningDevnet;
let h: TestApp;
let devnet: DevnetControl;
let merchant: Merchant;
let shopper: Shopper;
let productId: string;

const toSun = (trx: number) => Math.round(trx * SUN_PER_TRX);
const verify = (
  orderId: string,
  payload: unknown,
  headers: Record<string, string> = merchant.admin.jar.header(),
) =>
  h.app.inject({
    method: 'POST',
    url: `/api/admin/orders/${orderId}/verify-payment`,
    headers,
    payload: payload as object,
  });

/** A transfer from outside into `address`, and its txID as the devnet lists it. */
const payFromOutside = async (address: string, amountSun: number): Promise<string> =>
  (await devnet.fund(address, amountSun)).txId;

const stockOf = async (id: string) => (await h.store.products.findById(id))?.stock;

beforeAll(async () => {
  ({ node, h, devnet, merchant } = await startScanningShop());
  const scene = await fundedShopperWithProduct(h, devnet, merchant, { price: 3, fundSun: 1, stock: 20 });
  shopper = scene.shopper;
  productId = scene.productId;
}, 60_000);
afterAll(async () => {
  await h.close();
  await node.stop();
});

const newOrder = (): Promise<OrderView> => placeOrder(h, shopper, [{ productId, quantity: 2 }]);

describe('POST /api/admin/orders/:id/verify-payment', () => {
  it('completes the order with a transfer the scanner recorded as a merchant deposit; the ledger shows it as the purchase', async () => {
    const order = await newOrder();
    const txId = await payFromOutside(merchant.address, toSun(order.total));
    await settleAndScan(h, devnet);
    const before = await stockOf(productId);

    const response = await verify(order._id, { txHash: txId });
    expect(response.statusCode, response.body).toBe(200);
    expect(orderOf(response)).toMatchObject({ _id: order._id, status: 'completed', transactionHash: txId });
    expect(await stockOf(productId)).toBe((before ?? 0) - 2);
    const own = await h.app.inject({ url: `/api/orders/${order._id}`, headers: shopper.jar.header() });
    expect(orderOf(own).status).toBe('completed');

    const ledger = json(
      await h.app.inject({ url: '/api/admin/ledger?limit=100', headers: merchant.admin.jar.header() }),
    );
    const lines = (ledger.movements as { transactionHash: string; type: string; amount: number }[]).filter(
      (line) => line.transactionHash === txId,
    );
    expect(lines).toEqual([expect.objectContaining({ type: 'purchase', amount: order.total })]);

    // The audit trail names the admin who verified it, on the payment it confirmed.
    await h.frames();
    const audited = json(
      await h.app.inject({
        url: `/api/admin/audit?target=${order._id}`,
        headers: merchant.admin.jar.header(),
      }),
    ).entries as { action: string; actor: { id: string }; after: { txHash?: string } }[];
    expect(audited.map((entry) => [entry.action, entry.actor.id]).sort()).toEqual(
      [
        ['order.completed', merchant.admin.userId],
        ['payment.confirmed', merchant.admin.userId],
      ].sort(),
    );
    expect(audited.find((entry) => entry.action === 'payment.confirmed')?.after.txHash).toBe(txId);

    // Verifying again answers the same order and moves no more stock.
    const again = await verify(order._id, { txHash: txId.toUpperCase() });
    expect(again.statusCode, again.body).toBe(200);
    expect(orderOf(again).status).toBe('completed');
    expect(await stockOf(productId)).toBe((before ?? 0) - 2);

    // The transfer now pays that order: another order cannot have it.
    const other = await newOrder();
    expectError(await verify(other._id, { txHash: txId }), 400, 'TX_ALREADY_LINKED');
    expect(
      orderOf(await h.app.inject({ url: `/api/orders/${other._id}`, headers: shopper.jar.header() })).status,
    ).toBe('pending');
    await h.app.inject({
      method: 'POST',
      url: `/api/orders/${other._id}/cancel`,
      headers: shopper.jar.header(),
    });
  });

  it('answers which check failed: not found, not solidified, wrong recipient, too little', async () => {
    const order = await newOrder();
    expectError(await verify(order._id, { txHash: 'ab'.repeat(32) }), 400, 'TX_NOT_FOUND');
    const unsettled = await payFromOutside(merchant.address, toSun(order.total));
    expectError(await verify(order._id, { txHash: unsettled }), 400, 'TX_NOT_SOLIDIFIED');
    await settleAndScan(h, devnet);
    const elsewhere = await payFromOutside(shopper.address, toSun(order.total));
    const short = await payFromOutside(merchant.address, toSun(order.total) - 1);
    await settleAndScan(h, devnet);
    expectError(await verify(order._id, { txHash: elsewhere }), 400, 'TX_WRONG_RECIPIENT');
    expectError(await verify(order._id, { txHash: short }), 400, 'TX_AMOUNT_TOO_LOW');
    const still = await h.app.inject({ url: `/api/orders/${order._id}`, headers: shopper.jar.header() });
    expect(orderOf(still)).toMatchObject({ status: 'pending', transactionHash: null });
    // The full transfer that was not solid a moment ago now completes it.
    const verified = await verify(order._id, { txHash: unsettled });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(orderOf(verified).status).toBe('completed');
  });

  it('is for admins only, and refuses malformed input with a code', async () => {
    const order = await newOrder();
    const txHash = 'cd'.repeat(32);
    expectError(await verify(order._id, { txHash }, {}), 401, 'UNAUTHENTICATED');
    expectError(await verify(order._id, { txHash }, shopper.jar.header()), 403, 'FORBIDDEN');
    expectError(await verify(order._id, { txHash: 'not-a-txid' }), 400, 'VALIDATION_ERROR');
    expectError(await verify(order._id, {}), 400, 'VALIDATION_ERROR');
    expectError(await verify(order._id, { txHash, extra: 1 }), 400, 'VALIDATION_ERROR');
    expectError(await verify('not-an-id', { txHash }), 400, 'INVALID_ID');
    expectError(await verify('0'.repeat(24), { txHash }), 404, 'ORDER_NOT_FOUND');
    const cancelled = await h.app.inject({
      method: 'POST',
      url: `/api/orders/${order._id}/cancel`,
      headers: shopper.jar.header(),
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const txId = await payFromOutside(merchant.address, toSun(order.total));
    await settleAndScan(h, devnet);
    expectError(await verify(order._id, { txHash: txId }), 400, 'ORDER_NOT_PENDING');
  });
});
