import { type DevnetControl, devnetControl } from '@trx-shop/test-kit';
import { runSettlement } from '@trx-shop/domain';
import type { RunningDevnet } from '@trx-shop/tron-devnet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json } from '../support/http.js';
import { createTestApp, startTestDevnet, type TestApp } from '../support/test-app.js';
import {
  BLOCKS_TO_SOLIDIFY,
  createMerchantAdmin,
  createProduct,
  fundedShopperWithProduct,
  type Merchant,
  type OrderView,
  paymentDepsOf,
  payRequest,
  placeOrder,
  type Shopper,
} from '../shop/shop-fixtures.js';
import { connectSocket, framesNamed, type TestSocket } from './realtime-fixtures.js';

let devnetNode: RunningDevnet;
let h: TestApp;
let devnet: DevnetControl;
let merchant: Merchant;
let url: string;

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

beforeAll(async () => {
  devnetNode = await startTestDevnet();
  h = await createTestApp({ devnet: devnetNode });
  devnet = devnetControl(devnetNode.url);
  merchant = await createMerchantAdmin(h);
  await devnet.fundSolid(merchant.address, 100_000_000);
  url = await h.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await h.close();
  await devnetNode.stop();
});

interface PaidScene {
  readonly shopper: Shopper;
  readonly productId: string;
  readonly order: OrderView;
  readonly txHash: string;
  readonly socket: TestSocket;
}

interface ReadyScene extends Omit<PaidScene, 'txHash'> {
  pay(): Promise<PaidScene>;
}

/** A funded shopper listening on their own room, with a pending order of `quantity` to pay. */
const readyOrder = async (options: {
  readonly stock: number;
  readonly quantity: number;
}): Promise<ReadyScene> => {
  const { shopper, productId } = await fundedShopperWithProduct(h, devnet, merchant, {
    price: 1,
    fundSun: 10_000_000,
    stock: options.stock,
  });
  const socket = await connectSocket(url, { headers: shopper.jar.header() });
  expect(await socket.join(shopper.userId)).toMatchObject({ event: 'joined' });
  const order = await placeOrder(h, shopper, [{ productId, quantity: options.quantity }]);
  const scene = { shopper, productId, order, socket };
  return {
    ...scene,
    pay: async () => {
      const paid = await payRequest(h, shopper, order._id);
      expect(paid.statusCode, paid.body).toBe(200);
      return { ...scene, txHash: (json(paid).transaction as { hash: string }).hash };
    },
  };
};

const paidOrder = async (options: {
  readonly stock: number;
  readonly quantity: number;
}): Promise<PaidScene> => (await readyOrder(options)).pay();

/** Makes everything broadcast so far solid, then runs the listener once. */
const solidifyAndSettle = async () => {
  await devnet.produceBlocks(BLOCKS_TO_SOLIDIFY);
  return runSettlement(paymentDepsOf(h));
};

const stockOf = async (productId: string) => (await h.store.products.findById(productId))?.stock;
const orderStatus = async (orderId: string) => (await h.store.orders.findById(orderId))?.status;

const refund = async (orderId: string): Promise<string> => {
  const response = await h.app.inject({
    method: 'POST',
    url: `/api/admin/orders/${orderId}/refund`,
    headers: merchant.admin.jar.header(),
  });
  expect(response.statusCode, response.body).toBe(200);
  return (json(response).transaction as { hash: string }).hash;
};

describe('purchase confirmation end to end', () => {
  it('confirms the transaction (21), completes the order, takes the stock and tells only its user', async () => {
    const bystanderReady = await readyOrder({ stock: 5, quantity: 1 });
    const buyer = await paidOrder({ stock: 10, quantity: 3 });

    await runSettlement(paymentDepsOf(h));
    expect(await h.store.transactions.findByHash(buyer.txHash)).toMatchObject({ status: 'pending' });
    expect(await orderStatus(buyer.order._id)).toBe('pending');

    const settledAt = h.clock.advance(60_000);
    await solidifyAndSettle();

    const onChain = await devnet.transfersBetween(buyer.shopper.address, merchant.address);
    expect(onChain.map((transfer) => transfer.txId)).toEqual([buyer.txHash]);
    const transaction = await h.store.transactions.findByHash(buyer.txHash);
    expect(transaction).toMatchObject({
      status: 'confirmed',
      confirmations: 21,
      blockNumber: onChain[0]?.blockNumber,
    });
    expect(transaction?.updatedAt.toISOString()).toBe(settledAt.toISOString());
    expect(await orderStatus(buyer.order._id)).toBe('completed');
    expect(await stockOf(buyer.productId)).toBe(10 - 3);

    const confirmed = await buyer.socket.frame(
      (frame) => frame.event === 'transaction:confirmed',
      'confirmation',
    );
    expect(confirmed.data).toEqual({
      orderId: buyer.order._id,
      txHash: buyer.txHash,
      message: expect.stringMatching(/\S/),
      timestamp: expect.stringMatching(ISO_DATE_TIME),
    });
    // The bystander's own, later confirmation proves the buyer's would have reached it first.
    const bystander = await bystanderReady.pay();
    await solidifyAndSettle();
    const own = await bystander.socket.frame(
      (frame) => frame.event === 'transaction:confirmed',
      'own confirmation',
    );
    expect(own.data).toMatchObject({ orderId: bystander.order._id, txHash: bystander.txHash });
    expect(bystander.socket.frames.map((frame) => frame.event)).toEqual(['joined', 'transaction:confirmed']);
    expect(buyer.socket.frames.map((frame) => frame.event)).toEqual(['joined', 'transaction:confirmed']);

    await solidifyAndSettle();
    expect(await stockOf(buyer.productId)).toBe(7);
    expect(framesNamed(buyer.socket, 'transaction:confirmed')).toHaveLength(1);
    await buyer.socket.close();
    await bystander.socket.close();
  });
});

describe('refund confirmation end to end', () => {
  it('refunds the order, restores exactly the stock it took and sends order:refunded', async () => {
    const scene = await paidOrder({ stock: 8, quantity: 2 });
    await solidifyAndSettle();
    expect(await stockOf(scene.productId)).toBe(6);

    const refundHash = await refund(scene.order._id);
    expect(await orderStatus(scene.order._id)).toBe('completed');
    await solidifyAndSettle();

    expect(await h.store.transactions.findByHash(refundHash)).toMatchObject({
      status: 'confirmed',
      confirmations: 21,
      type: 'refund',
      orderId: scene.order._id,
    });
    expect(await orderStatus(scene.order._id)).toBe('refunded');
    expect(await stockOf(scene.productId)).toBe(8);
    const refunded = await scene.socket.frame((frame) => frame.event === 'order:refunded', 'refund event');
    expect(refunded.data).toEqual({
      orderId: scene.order._id,
      txHash: refundHash,
      message: expect.stringMatching(/\S/),
      timestamp: expect.stringMatching(ISO_DATE_TIME),
    });

    await solidifyAndSettle();
    expect(await stockOf(scene.productId)).toBe(8);
    expect(scene.socket.frames.map((frame) => frame.event)).toEqual([
      'joined',
      'transaction:confirmed',
      'order:refunded',
    ]);
    await scene.socket.close();
  });
});

describe('admin override before confirmation', () => {
  it('confirms the transaction but leaves stock alone and announces no completion', async () => {
    const scene = await paidOrder({ stock: 4, quantity: 2 });
    const override = await h.app.inject({
      method: 'PATCH',
      url: `/api/orders/${scene.order._id}/status`,
      headers: merchant.admin.jar.header(),
      payload: { status: 'completed' },
    });
    expect(override.statusCode, override.body).toBe(200);

    await solidifyAndSettle();

    expect(await h.store.transactions.findByHash(scene.txHash)).toMatchObject({
      status: 'confirmed',
      confirmations: 21,
    });
    expect(await orderStatus(scene.order._id)).toBe('completed');
    expect(await stockOf(scene.productId)).toBe(4);

    // A later refund's event proves any confirmation event, sent earlier, would have arrived.
    const refundHash = await refund(scene.order._id);
    await solidifyAndSettle();
    await scene.socket.frame((frame) => frame.event === 'order:refunded', 'refund event');
    expect(scene.socket.frames.map((frame) => frame.event)).toEqual(['joined', 'order:refunded']);
    expect(framesNamed(scene.socket, 'order:refunded')[0]?.data).toMatchObject({ txHash: refundHash });
    // The purchase took nothing (the override completed it), so the refund gives nothing back.
    expect(await stockOf(scene.productId)).toBe(4);
    await scene.socket.close();
  });
});

describe('two listeners on the same store', () => {
  it('applies every effect once when two runs race over the same confirmed transfers', async () => {
    const productId = await createProduct(h, merchant.admin, { price: 1, stock: 50 });
    const quantities = [1, 2, 3, 4];
    const buyers: { shopper: Shopper; order: OrderView; txHash: string }[] = [];
    for (const quantity of quantities) {
      const { shopper } = await fundedShopperWithProduct(h, devnet, merchant, {
        price: 1,
        fundSun: 10_000_000,
      });
      const order = await placeOrder(h, shopper, [{ productId, quantity }]);
      const paid = await payRequest(h, shopper, order._id);
      expect(paid.statusCode, paid.body).toBe(200);
      buyers.push({ shopper, order, txHash: (json(paid).transaction as { hash: string }).hash });
    }
    await devnet.produceBlocks(BLOCKS_TO_SOLIDIFY);
    const eventsBefore = (await h.frames()).length;

    await Promise.all([runSettlement(paymentDepsOf(h)), runSettlement(paymentDepsOf(h))]);

    let ordered = 0;
    for (const quantity of quantities) ordered += quantity;
    expect(await stockOf(productId)).toBe(50 - ordered);
    for (const buyer of buyers) {
      expect(await orderStatus(buyer.order._id)).toBe('completed');
      expect(await h.store.transactions.findByHash(buyer.txHash)).toMatchObject({ status: 'confirmed' });
    }
    const announced = (await h.frames())
      .slice(eventsBefore)
      .map(({ userId, event }) => ({ userId, event: event.event, txHash: event.data.txHash }));
    expect(announced).toHaveLength(buyers.length);
    expect(announced).toEqual(
      expect.arrayContaining(
        buyers.map((buyer) => ({
          userId: buyer.shopper.userId,
          event: 'transaction:confirmed',
          txHash: buyer.txHash,
        })),
      ),
    );
  });
});
