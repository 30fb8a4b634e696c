import { type DevnetControl, devnetControl } from '@trx-shop/test-kit';
import { type ChainPort, type Logger, runSettlement } from '@trx-shop/domain';
import type { RunningDevnet } from '@trx-shop/tron-devnet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFakeClock } from '../support/fake-clock.js';
import { json } from '../support/http.js';
import { createTestApp, startTestDevnet, type TestApp } from '../support/test-app.js';
import {
  BLOCKS_TO_SOLIDIFY,
  createMerchantAdmin,
  fundedShopperWithProduct,
  type Merchant,
  paymentDepsOf,
  payRequest,
  placeOrder,
} from '../shop/shop-fixtures.js';
import { connectSocket, framesNamed } from './realtime-fixtures.js';

let devnetNode: RunningDevnet;
let h: TestApp;
let devnet: DevnetControl;
let merchant: Merchant;
let url: string;

/** TronWeb signs with an expiration of the head block's time + 60 s (chain-tron). */
const EXPIRATION_WINDOW_MS = 60_000;

beforeAll(async () => {
  devnetNode = await startTestDevnet();
  h = await createTestApp({ devnet: devnetNode });
  devnet = devnetControl(devnetNode.url);
  merchant = await createMerchantAdmin(h);
  url = await h.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await h.close();
  await devnetNode.stop();
});

const paidOrder = async (stock: number, quantity: number) => {
  const { shopper, productId } = await fundedShopperWithProduct(h, devnet, merchant, {
    price: 1,
    fundSun: 10_000_000,
    stock,
  });
  const order = await placeOrder(h, shopper, [{ productId, quantity }]);
  const paid = await payRequest(h, shopper, order._id);
  expect(paid.statusCode, paid.body).toBe(200);
  return { shopper, productId, order, txHash: (json(paid).transaction as { hash: string }).hash };
};

/** The real chain adapter, except that looking up any hash in `failing` throws (an injected node fault). */
const chainFailingLookupsOf = (failing: ReadonlySet<string>): ChainPort =>
  new Proxy(h.chain, {
    get: (real, property) => {
      if (property !== 'lookupTransfer') return Reflect.get(real, property, real);
      return async (hash: string) => {
        if (failing.has(hash)) throw new Error(`node unreachable while looking up ${hash}`);
        return real.lookupTransfer(hash);
      };
    },
  });

interface LogLine {
  readonly level: keyof Logger;
  readonly context: Record<string, unknown>;
  readonly message: string;
}

const recordingLogger = (lines: LogLine[]): Logger => ({
  debug: (context, message) => lines.push({ level: 'debug', context, message }),
  info: (context, message) => lines.push({ level: 'info', context, message }),
  warn: (context, message) => lines.push({ level: 'warn', context, message }),
  error: (context, message) => lines.push({ level: 'error', context, message }),
});

describe('chain lookup failures', () => {
  it('leaves a transaction whose lookup fails pending, logs its hash, settles the others, and confirms it after recovery', async () => {
    const unlucky = await paidOrder(5, 2);
    const lucky = await paidOrder(5, 1);
    await devnet.produceBlocks(BLOCKS_TO_SOLIDIFY);
    const logged: LogLine[] = [];
    const faulty = {
      ...paymentDepsOf(h),
      chain: chainFailingLookupsOf(new Set([unlucky.txHash])),
      logger: recordingLogger(logged),
    };

    await runSettlement(faulty);

    expect(await h.store.transactions.findByHash(unlucky.txHash)).toMatchObject({
      status: 'pending',
      confirmations: 0,
    });
    expect((await h.store.orders.findById(unlucky.order._id))?.status).toBe('pending');
    expect((await h.store.products.findById(unlucky.productId))?.stock).toBe(5);
    expect(logged.filter((line) => line.context.txHash === unlucky.txHash).map((line) => line.level)).toEqual(
      ['warn'],
    );
    // The same run went on to the other transaction.
    expect(await h.store.transactions.findByHash(lucky.txHash)).toMatchObject({ status: 'confirmed' });
    expect((await h.store.products.findById(lucky.productId))?.stock).toBe(4);

    await runSettlement(paymentDepsOf(h));

    expect(await h.store.transactions.findByHash(unlucky.txHash)).toMatchObject({
      status: 'confirmed',
      confirmations: 21,
    });
    expect((await h.store.orders.findById(unlucky.order._id))?.status).toBe('completed');
    expect((await h.store.products.findById(unlucky.productId))?.stock).toBe(3);
  });

  it('keeps a transaction pending while the node errors on lookups, then confirms it once the node is back', async () => {
    const scene = await paidOrder(3, 3);
    await devnet.produceBlocks(BLOCKS_TO_SOLIDIFY);
    const everyHash = new Set([scene.txHash]);
    const faulty = { ...paymentDepsOf(h), chain: chainFailingLookupsOf(everyHash) };

    await runSettlement(faulty);
    await runSettlement(faulty);
    expect(await h.store.transactions.findByHash(scene.txHash)).toMatchObject({ status: 'pending' });
    expect((await h.store.orders.findById(scene.order._id))?.status).toBe('pending');

    await runSettlement(paymentDepsOf(h));
    expect((await h.store.orders.findById(scene.order._id))?.status).toBe('completed');
    expect((await h.store.products.findById(scene.productId))?.stock).toBe(0);
  });
});

describe('a transfer the node accepted but never included', () => {
  it('fails once the chain time passes its expiration: order failed, transaction:failed sent, nothing on chain', async () => {
    const { shopper, productId } = await fundedShopperWithProduct(h, devnet, merchant, {
      price: 1,
      fundSun: 10_000_000,
      stock: 6,
    });
    const socket = await connectSocket(url, { token: shopper.accessToken });
    expect(await socket.join(shopper.userId)).toMatchObject({ event: 'joined' });
    const order = await placeOrder(h, shopper, [{ productId, quantity: 2 }]);
    await devnet.injectFaults('drop', 1);
    const paid = await payRequest(h, shopper, order._id);
    expect(paid.statusCode, paid.body).toBe(200);
    const txHash = (json(paid).transaction as { hash: string }).hash;
    const stored = await h.store.transactions.findByHash(txHash);
    expect(stored?.status).toBe('pending');

    await devnet.advanceTime(2 * EXPIRATION_WINDOW_MS);
    await devnet.produceBlocks(BLOCKS_TO_SOLIDIFY);
    const state = await devnet.state();
    expect(state.headTime).toBeGreaterThan(stored?.expiresAt.getTime() ?? Number.POSITIVE_INFINITY);

    await runSettlement(paymentDepsOf(h));

    expect(await h.store.transactions.findByHash(txHash)).toMatchObject({ status: 'failed' });
    expect((await h.store.orders.findById(order._id))?.status).toBe('failed');
    expect((await h.store.products.findById(productId))?.stock).toBe(6);
    expect(await devnet.transfersBetween(shopper.address, merchant.address)).toEqual([]);
    const failed = await socket.frame((frame) => frame.event === 'transaction:failed', 'failure event');
    expect(failed.data).toEqual({
      orderId: order._id,
      txHash,
      message: expect.stringMatching(/\S/),
      timestamp: expect.any(String),
    });

    await runSettlement(paymentDepsOf(h));
    expect(framesNamed(socket, 'transaction:failed')).toHaveLength(1);
    await socket.close();
  });

  it('re-broadcasts it instead while the chain time has not passed its expiration, and it confirms', async () => {
    const { shopper, productId, order } = await (async () => {
      const scene = await fundedShopperWithProduct(h, devnet, merchant, {
        price: 1,
        fundSun: 10_000_000,
        stock: 6,
      });
      return {
        ...scene,
        order: await placeOrder(h, scene.shopper, [{ productId: scene.productId, quantity: 2 }]),
      };
    })();
    await devnet.injectFaults('drop', 1);
    const paid = await payRequest(h, shopper, order._id);
    const txHash = (json(paid).transaction as { hash: string }).hash;
    const expiresAt = (await h.store.transactions.findByHash(txHash))?.expiresAt.getTime() ?? 0;
    // Past the expiration on the service clock only: chain time alone may fail a transfer.
    const lateServiceClock = {
      ...paymentDepsOf(h),
      clock: createFakeClock(new Date(expiresAt + 10 * EXPIRATION_WINDOW_MS)),
    };

    await runSettlement(lateServiceClock);
    expect(await h.store.transactions.findByHash(txHash)).toMatchObject({ status: 'pending' });
    await devnet.produceBlocks(BLOCKS_TO_SOLIDIFY);
    await runSettlement(lateServiceClock);

    expect((await devnet.transfersBetween(shopper.address, merchant.address)).map((t) => t.txId)).toEqual([
      txHash,
    ]);
    expect((await h.store.orders.findById(order._id))?.status).toBe('completed');
    expect((await h.store.products.findById(productId))?.stock).toBe(4);
  });
});
