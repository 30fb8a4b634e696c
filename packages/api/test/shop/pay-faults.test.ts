import type { DevnetControl } from '@trx-shop/test-kit';
import { runSettlement } from '@trx-shop/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, json } from '../support/http.js';
import type { TestApp } from '../support/test-app.js';
import {
  BLOCKS_TO_SOLIDIFY,
  fundedShopperWithProduct,
  type Merchant,
  type PayingShop,
  paymentDepsOf,
  payRequest,
  placeOrder,
  startPayingShop,
} from './shop-fixtures.js';

/** TronWeb sets a transfer's expiration 60 s after the head block it references. */
const PAST_EXPIRATION_MS = 120_000;

let shop: PayingShop;
let h: TestApp;
let devnet: DevnetControl;
let merchant: Merchant;

beforeAll(async () => {
  shop = await startPayingShop();
  ({ h, devnet, merchant } = shop);
});
afterAll(() => shop.stop());

const newPaymentScene = async () => {
  const { shopper, productId } = await fundedShopperWithProduct(h, devnet, merchant, {
    price: 1,
    fundSun: 5_000_000,
  });
  const order = await placeOrder(h, shopper, [{ productId, quantity: 1 }]);
  return { shopper, order };
};

describe('pay when the node rejects the broadcast', () => {
  it('answers 502 PAYMENT_FAILED with reason BROADCAST_REJECTED, fails transaction and order, sends transaction:failed', async () => {
    const { shopper, order } = await newPaymentScene();
    await devnet.injectFaults('reject', 1);

    const body = expectError(await payRequest(h, shopper, order._id), 502, 'PAYMENT_FAILED');

    expect(body.reason).toBe('BROADCAST_REJECTED');
    const stored = await h.store.orders.findById(order._id);
    expect(stored?.status).toBe('failed');
    const hash = stored?.payment?.txId ?? '';
    expect(await h.store.transactions.findByHash(hash)).toMatchObject({
      status: 'failed',
      type: 'purchase',
      orderId: order._id,
      failureReason: body.reason,
    });
    expect((await h.frames()).filter((e) => e.userId === shopper.userId)).toEqual([
      {
        userId: shopper.userId,
        event: {
          event: 'transaction:failed',
          data: expect.objectContaining({ orderId: order._id, txHash: hash }),
        },
      },
    ]);
    expect(await devnet.transfersBetween(shopper.address, merchant.address)).toEqual([]);
  });
});

describe('pay when the broadcast times out without being accepted', () => {
  it('answers 200 with the transaction pending; settlement re-broadcasts it and exactly one transfer lands', async () => {
    const { shopper, order } = await newPaymentScene();
    await devnet.injectFaults('timeout', 1);

    const response = await payRequest(h, shopper, order._id);

    expect(response.statusCode, response.body).toBe(200);
    const hash = (json(response).transaction as { hash: string; status: string }).hash;
    expect(json(response).transaction).toMatchObject({ status: 'pending' });
    expect(await devnet.transfersBetween(shopper.address, merchant.address)).toEqual([]);

    const deps = paymentDepsOf(h);
    await runSettlement(deps);
    await devnet.produceBlocks(BLOCKS_TO_SOLIDIFY);
    await runSettlement(deps);
    await runSettlement(deps);

    const onChain = await devnet.transfersBetween(shopper.address, merchant.address);
    expect(onChain.map((t) => ({ txId: t.txId, amountSun: t.amountSun }))).toEqual([
      { txId: hash, amountSun: 990_000 },
    ]);
    expect(await h.store.transactions.findByHash(hash)).toMatchObject({
      status: 'confirmed',
      confirmations: 21,
    });
    expect((await h.store.orders.findById(order._id))?.status).toBe('completed');
    // The chain adapter waits 5 s for the hanging broadcast before calling the outcome unknown.
  }, 30_000);
});

describe('pay when the node accepts the broadcast but its answer never comes', () => {
  it('answers 200 pending; settlement finds the transfer on chain and confirms it once, re-broadcasting nothing new', async () => {
    const { shopper, order } = await newPaymentScene();
    await devnet.injectFaults('accept-timeout', 1);

    const response = await payRequest(h, shopper, order._id);

    expect(response.statusCode, response.body).toBe(200);
    const hash = (json(response).transaction as { hash: string }).hash;
    await devnet.produceBlocks(BLOCKS_TO_SOLIDIFY);
    const deps = paymentDepsOf(h);
    await runSettlement(deps);
    await runSettlement(deps);

    expect(await devnet.transfersBetween(shopper.address, merchant.address)).toEqual([
      expect.objectContaining({ txId: hash, amountSun: 990_000 }),
    ]);
    expect(await h.store.transactions.findByHash(hash)).toMatchObject({ status: 'confirmed' });
    expect((await h.store.orders.findById(order._id))?.status).toBe('completed');
    expect(await h.store.walletReservations.reservedSun(shopper.address)).toBe(0);
    // The chain adapter waits 5 s for the hanging broadcast before calling the outcome unknown.
  }, 30_000);
});

describe('pay when the node accepts the broadcast but never includes it', () => {
  it('keeps it pending, then fails transaction and order once chain time passes its expiration', async () => {
    const { shopper, order } = await newPaymentScene();
    await devnet.injectFaults('drop', 1);

    const response = await payRequest(h, shopper, order._id);

    expect(response.statusCode, response.body).toBe(200);
    const hash = (json(response).transaction as { hash: string }).hash;
    await devnet.produceBlocks(BLOCKS_TO_SOLIDIFY);
    expect(await devnet.transfersBetween(shopper.address, merchant.address)).toEqual([]);
    expect((await h.store.transactions.findByHash(hash))?.status).toBe('pending');

    await devnet.advanceTime(PAST_EXPIRATION_MS);
    await devnet.produceBlocks(BLOCKS_TO_SOLIDIFY);
    const deps = paymentDepsOf(h);
    await runSettlement(deps);
    await runSettlement(deps);

    expect(await h.store.transactions.findByHash(hash)).toMatchObject({ status: 'failed' });
    expect((await h.store.orders.findById(order._id))?.status).toBe('failed');
    expect((await h.frames()).filter((e) => e.userId === shopper.userId).map((e) => e.event.event)).toEqual([
      'transaction:failed',
    ]);
    // The expired payment holds neither stock nor the buyer's balance any more.
    const productId = order.products[0]?.productId ?? '';
    expect((await h.store.products.findById(productId))?.reservedStock).toBe(0);
    expect(await h.store.walletReservations.reservedSun(shopper.address)).toBe(0);
    await devnet.produceBlocks(BLOCKS_TO_SOLIDIFY);
    expect(await devnet.transfersBetween(shopper.address, merchant.address)).toEqual([]);
  });
});
