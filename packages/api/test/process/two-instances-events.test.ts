import { randomBytes } from 'node:crypto';
import {
  ADMIN,
  call,
  devnetControl,
  eventually,
  expectStatus,
  logIn,
  makeDataDir,
  type RunningTestMongo,
  registerAccount,
  removeDataDir,
  type ServiceProcess,
  startServiceProcess,
  startTestMongo,
} from '@trx-shop/test-kit';
import type { RunningDevnet } from '@trx-shop/tron-devnet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectSocket, type Frame, type TestSocket } from '../realtime/realtime-fixtures.js';
import { startTestDevnet } from '../support/test-app.js';

/*
 * Two service processes on one store, one standalone devnet (docs/operations.md, "Running several
 * instances"): a payment made through one instance reaches its owner's client on the other; when
 * the listener's leader is killed, the other instance takes over, no transfer is lost or doubled,
 * and its clients miss nothing. How soon it takes over (at its first run once the lease expired)
 * is proven on a fake clock in realtime/listener-lease.test.ts and the stores' lease contract.
 */

const INTERVAL_MS = 200;
const LEASE_MS = 2_000;
const PRICE_TRX = 2;

let node: RunningDevnet;
let mongo: RunningTestMongo | { readonly skipReason: string };
beforeAll(async () => {
  node = await startTestDevnet();
  mongo = await startTestMongo();
  if ('skipReason' in mongo) console.warn(`[two instances] the MongoDB case is skipped: ${mongo.skipReason}`);
}, 120_000);
afterAll(async () => {
  await node.stop();
  if (!('skipReason' in mongo)) await mongo.stop();
});

const confirmedHashes = (socket: TestSocket): string[] =>
  socket.frames
    .filter((frame) => frame.event === 'transaction:confirmed')
    .map((frame) => (frame.data as { txHash: string }).txHash);

const confirmationOf = (socket: TestSocket, txHash: string): Promise<Frame> =>
  socket.frame(
    (frame) =>
      frame.event === 'transaction:confirmed' && (frame.data as { txHash?: string }).txHash === txHash,
    `transaction:confirmed of ${txHash}`,
  );

const waitForConfirmation = (socket: TestSocket, txHash: string) =>
  eventually(
    async () => confirmedHashes(socket).includes(txHash),
    (seen) => seen,
    `transaction:confirmed of ${txHash}`,
    30_000,
    20,
  );

const orderAndPay = async (apiUrl: string, token: string, productId: string): Promise<string> => {
  const created = await call(apiUrl, 'POST', '/api/orders', {
    token,
    body: { products: [{ productId, quantity: 1 }] },
  });
  expectStatus(created, 201, 'create an order');
  const orderId = (created.body.order as { _id: string })._id;
  const paid = await call(apiUrl, 'POST', `/api/orders/${orderId}/pay`, { token });
  expectStatus(paid, 200, 'pay the order');
  return (paid.body.transaction as { hash: string }).hash;
};

const SETTLED_MESSAGE = 'listener run settled transfers';

const ledOnce = (instance: ServiceProcess) => instance.output().includes(`"msg":"${SETTLED_MESSAGE}"`);

const scenario = async (storeEnv: Readonly<Record<string, string>>) => {
  const dataDir = await makeDataDir();
  const devnet = devnetControl(node.url);
  const env = {
    ...storeEnv,
    TRON_FULL_HOST: node.url,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    LISTENER_INTERVAL_MS: String(INTERVAL_MS),
    LISTENER_LEASE_MS: String(LEASE_MS),
  };
  // One after the other: the first writes the secrets file the second reads.
  const first = await startServiceProcess(dataDir, env);
  const second = await startServiceProcess(dataDir, env);
  const sockets: TestSocket[] = [];
  try {
    const adminToken = await logIn(first.apiUrl, ADMIN.email, ADMIN.password);
    const product = await call(second.apiUrl, 'POST', '/api/admin/products', {
      token: adminToken,
      body: {
        name: `Sticker ${randomBytes(3).toString('hex')}`,
        price: PRICE_TRX,
        category: 'physical',
        stock: 10,
      },
    });
    expectStatus(product, 201, 'create a product');
    const productId = (product.body.product as { _id: string })._id;
    const buyer = await registerAccount(first.apiUrl);
    await devnet.fund(buyer.address, 100_000_000);
    await devnet.settle();

    const join = async (instance: ServiceProcess) => {
      const socket = await connectSocket(instance.apiUrl, { token: buyer.token });
      sockets.push(socket);
      expect(await socket.join(buyer.id)).toMatchObject({ event: 'joined' });
      return socket;
    };
    const [onFirst, onSecond] = [await join(first), await join(second)];

    // Paid through the first instance; its owner's client on the second hears of it.
    const firstHash = await orderAndPay(first.apiUrl, buyer.token, productId);
    await devnet.settle();
    const heard = await confirmationOf(onSecond, firstHash);
    expect(heard.id).toMatch(/^[0-9a-f]{24}$/);
    await confirmationOf(onFirst, firstHash);

    // The run logs once it has finished, which can be after its events reached the clients.
    const leaders = await eventually(
      async () => [first, second].filter(ledOnce),
      (settled) => settled.length > 0,
      'a listener run logged the settlement',
      10_000,
      20,
    );
    expect(leaders, 'exactly one instance settled the payment').toHaveLength(1);
    const leader = leaders[0] as ServiceProcess;
    const survivor = leader === first ? second : first;
    const onSurvivor = leader === first ? onSecond : onFirst;

    // Broadcast through the survivor, in no block until the leader is gone.
    const secondHash = await orderAndPay(survivor.apiUrl, buyer.token, productId);
    expect(ledOnce(survivor), 'the survivor settled nothing while the leader held the lease').toBe(false);
    expect(await leader.stop('SIGKILL')).toMatchObject({ signal: 'SIGKILL' });
    await devnet.settle();
    await waitForConfirmation(onSurvivor, secondHash);
    // The takeover itself: the survivor's first settling run, after the kill. Its line comes once
    // the run has finished, which can be after the frame.
    await eventually(
      async () => ledOnce(survivor),
      Boolean,
      "the survivor's settling run logged",
      10_000,
      20,
    );

    // Nothing lost, nothing doubled: each payment on chain once, each confirmed once, and the
    // survivor's client heard each once.
    const onChain = await devnet.transfersSentBy(buyer.address);
    expect(onChain.map((tx) => tx.txId).sort()).toEqual([firstHash, secondHash].sort());
    const purchases = await call(survivor.apiUrl, 'GET', '/api/transactions?type=purchase', {
      token: buyer.token,
    });
    expect(
      (purchases.body.transactions as { transactionHash: string; status: string }[])
        .map((tx) => [tx.transactionHash, tx.status])
        .sort(),
    ).toEqual(
      [
        [firstHash, 'confirmed'],
        [secondHash, 'confirmed'],
      ].sort(),
    );
    // A later marker: the buyer's deposit frame proves the survivor still delivers, after which no
    // second copy of either confirmation can still be on its way.
    const marker = await devnet.fundSolid(buyer.address, 1_000_000);
    await onSurvivor.frame(
      (frame) =>
        frame.event === 'wallet:deposit' && (frame.data as { txHash?: string }).txHash === marker.txId,
      'the marker deposit',
    );
    expect(confirmedHashes(onSurvivor)).toEqual([firstHash, secondHash]);
  } finally {
    for (const socket of sockets) await socket.close();
    await Promise.all([first.stop('SIGTERM'), second.stop('SIGTERM')]);
    await removeDataDir(dataDir);
  }
};

describe('two instances on one store', () => {
  it(
    'on one SQLite file: deliver each other’s events, and survive the leader’s SIGKILL with nothing lost or doubled',
    () => scenario({}),
    120_000,
  );

  it('on the MongoDB store: the same', async (context) => {
    if ('skipReason' in mongo) {
      context.skip(`needs a MongoDB: ${mongo.skipReason}`);
      return;
    }
    await scenario({ MONGODB_URI: mongo.uri, MONGODB_DB: `t_instances_${randomBytes(6).toString('hex')}` });
  }, 120_000);
});
