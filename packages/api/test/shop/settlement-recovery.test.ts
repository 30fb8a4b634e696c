import type { DevnetControl } from '@trx-shop/test-kit';
import { type PaymentDeps, payOrder, runSettlement, type ShopStore } from '@trx-shop/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json } from '../support/http.js';
import type { TestApp } from '../support/test-app.js';
import {
  BLOCKS_TO_SOLIDIFY,
  crashingOnce,
  fundedShopperWithProduct,
  type Merchant,
  type PayingShop,
  paymentDepsOf,
  payRequest,
  placeOrder,
  SimulatedCrash,
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

const newPaymentScene = async (stock = 10, quantity = 1) => {
  const scene = await fundedShopperWithProduct(h, devnet, merchant, { price: 1, fundSun: 10_000_000, stock });
  const order = await placeOrder(h, scene.shopper, [{ productId: scene.productId, quantity }]);
  return { ...scene, order };
};

const withTransactions = (store: ShopStore, transactions: ShopStore['transactions']): ShopStore =>
  new Proxy(store, {
    get: (real, property) => (property === 'transactions' ? transactions : Reflect.get(real, property, real)),
  });

/** Runs the listener, makes whatever it (re-)broadcast solid, and runs it again. */
const settleThroughChain = async (deps: PaymentDeps) => {
  await runSettlement(deps);
  await devnet.produceBlocks(BLOCKS_TO_SOLIDIFY);
  await runSettlement(deps);
};

describe('settlement of a sent payment', () => {
  it('leaves it pending until the chain has solidified it, then confirms it and applies its effect once', async () => {
    const { shopper, productId, order } = await newPaymentScene(10, 3);
    const paid = await payRequest(h, shopper, order._id);
    const hash = (json(paid).transaction as { hash: string }).hash;
    const deps = paymentDepsOf(h);
    // Only chain time judges expiry: a day on the service clock must not fail the transfer.
    const serviceNow = h.clock.now();
    h.clock.advance(24 * 60 * 60 * 1000);
    await runSettlement(deps);
    // Back to the present, so the other tests' access tokens stay valid.
    h.clock.set(serviceNow);
    expect(await h.store.transactions.findByHash(hash)).toMatchObject({
      status: 'pending',
      confirmations: 0,
    });
    expect((await h.store.orders.findById(order._id))?.status).toBe('pending');

    await devnet.produceBlocks(BLOCKS_TO_SOLIDIFY);
    await runSettlement(deps);
    await runSettlement(deps);

    const onChain = await devnet.transfersBetween(shopper.address, merchant.address);
    expect(onChain).toHaveLength(1);
    expect(await h.store.transactions.findByHash(hash)).toMatchObject({
      status: 'confirmed',
      confirmations: 21,
      blockNumber: onChain[0]?.blockNumber,
    });
    expect((await h.store.orders.findById(order._id))?.status).toBe('completed');
    expect((await h.store.products.findById(productId))?.stock).toBe(7);
    const events = (await h.frames()).filter((e) => e.userId === shopper.userId);
    expect(events).toEqual([
      {
        userId: shopper.userId,
        event: {
          event: 'transaction:confirmed',
          data: {
            orderId: order._id,
            txHash: hash,
            message: expect.any(String),
            timestamp: expect.any(String),
          },
        },
      },
    ]);
  });

  it('re-broadcasts a transfer the node accepted but dropped while it is unexpired; exactly one lands', async () => {
    const { shopper, order } = await newPaymentScene();
    await devnet.injectFaults('drop', 1);
    const paid = await payRequest(h, shopper, order._id);
    const hash = (json(paid).transaction as { hash: string }).hash;
    await devnet.produceBlocks(BLOCKS_TO_SOLIDIFY);
    expect(await devnet.transfersBetween(shopper.address, merchant.address)).toEqual([]);

    await settleThroughChain(paymentDepsOf(h));
    await settleThroughChain(paymentDepsOf(h));

    const onChain = await devnet.transfersBetween(shopper.address, merchant.address);
    expect(onChain.map((t) => t.txId)).toEqual([hash]);
    expect((await h.store.orders.findById(order._id))?.status).toBe('completed');
  });
});

describe('recovery after a crash inside pay', () => {
  it('leaves the order payable when the crash comes before the claim was written', async () => {
    const { shopper, order } = await newPaymentScene();
    const crashing: PaymentDeps = {
      ...paymentDepsOf(h),
      store: new Proxy(h.store, {
        get: (real, property) =>
          property === 'orders'
            ? crashingOnce(real.orders, 'claimTransfer')
            : Reflect.get(real, property, real),
      }),
    };

    await expect(payOrder(crashing, shopper.userId, order._id)).rejects.toBeInstanceOf(SimulatedCrash);

    expect((await h.store.orders.findById(order._id))?.payment).toBeNull();
    await settleThroughChain(paymentDepsOf(h));
    expect(await devnet.transfersBetween(shopper.address, merchant.address)).toEqual([]);
    const retried = await payRequest(h, shopper, order._id);
    expect(retried.statusCode, retried.body).toBe(200);
    await settleThroughChain(paymentDepsOf(h));
    const onChain = await devnet.transfersBetween(shopper.address, merchant.address);
    expect(onChain.map((t) => t.txId)).toEqual([(json(retried).transaction as { hash: string }).hash]);
  });

  it('finishes a claim that has no transaction record (crash after the claim) with exactly one transfer', async () => {
    const { shopper, order } = await newPaymentScene();
    const crashing: PaymentDeps = {
      ...paymentDepsOf(h),
      store: withTransactions(h.store, crashingOnce(h.store.transactions, 'insert')),
    };

    await expect(payOrder(crashing, shopper.userId, order._id)).rejects.toBeInstanceOf(SimulatedCrash);

    const claimed = await h.store.orders.findById(order._id);
    const txId = claimed?.payment?.txId ?? '';
    expect(claimed?.payment).toMatchObject({ state: 'pending', recorded: false });
    expect(await h.store.transactions.findByHash(txId)).toBeNull();
    expect(await devnet.transfersBetween(shopper.address, merchant.address)).toEqual([]);

    const deps = paymentDepsOf(h);
    await settleThroughChain(deps);
    await settleThroughChain(deps);

    const onChain = await devnet.transfersBetween(shopper.address, merchant.address);
    expect(onChain.map((t) => ({ txId: t.txId, amountSun: t.amountSun }))).toEqual([
      { txId, amountSun: 990_000 },
    ]);
    expect(await h.store.transactions.findByHash(txId)).toMatchObject({
      status: 'confirmed',
      type: 'purchase',
      orderId: order._id,
      userId: shopper.userId,
    });
    expect((await h.store.orders.findById(order._id))?.status).toBe('completed');
  });

  it('broadcasts a recorded but never broadcast transfer (crash after the record) exactly once', async () => {
    const { shopper, order } = await newPaymentScene();
    const crashing: PaymentDeps = { ...paymentDepsOf(h), chain: crashingOnce(h.chain, 'broadcast') };

    await expect(payOrder(crashing, shopper.userId, order._id)).rejects.toBeInstanceOf(SimulatedCrash);

    const recorded = await h.store.orders.findById(order._id);
    const txId = recorded?.payment?.txId ?? '';
    expect(await h.store.transactions.findByHash(txId)).toMatchObject({ status: 'pending' });
    await devnet.produceBlocks(BLOCKS_TO_SOLIDIFY);
    expect(await devnet.transfersBetween(shopper.address, merchant.address)).toEqual([]);

    const deps = paymentDepsOf(h);
    await settleThroughChain(deps);
    await settleThroughChain(deps);

    const onChain = await devnet.transfersBetween(shopper.address, merchant.address);
    expect(onChain.map((t) => t.txId)).toEqual([txId]);
    expect((await h.store.orders.findById(order._id))?.status).toBe('completed');
  });

  it('never sends twice when the crash comes right after the broadcast reached the node', async () => {
    const { shopper, order } = await newPaymentScene();
    const crashing: PaymentDeps = { ...paymentDepsOf(h), chain: crashingOnce(h.chain, 'broadcast', 'after') };

    await expect(payOrder(crashing, shopper.userId, order._id)).rejects.toBeInstanceOf(SimulatedCrash);

    const deps = paymentDepsOf(h);
    await settleThroughChain(deps);
    await settleThroughChain(deps);

    const txId = (await h.store.orders.findById(order._id))?.payment?.txId;
    const onChain = await devnet.transfersBetween(shopper.address, merchant.address);
    expect(onChain.map((t) => t.txId)).toEqual([txId]);
    expect((await h.store.orders.findById(order._id))?.status).toBe('completed');
    expect((await h.frames()).filter((e) => e.userId === shopper.userId).map((e) => e.event.event)).toEqual([
      'transaction:confirmed',
    ]);
  });
});
