import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningService, startService } from '../../src/composition/start-service.js';
import { loadConfig } from '../../src/config/load-config.js';
import { LISTENER_LEASE } from '../../src/composition/settlement-listener.js';
import { openSqliteStore } from '@trx-shop/store-sqlite';
import { SQLITE_FILE } from '../../src/composition/open-store.js';
import { json, type LoggedIn, login, register } from '../support/http.js';
import { devnetControl, eventually } from '@trx-shop/test-kit';
import { connectSocket } from './realtime-fixtures.js';

const ADMIN = { email: 'owner@shop.test', username: 'owner', password: 'owner-password-1' };
/** Long enough that no interval run can happen during a test: only the start-up run may. */
const NEVER_MS = 86_400_000;

let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'trx-shop-listener-'));
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

/** The embedded service (SQLite + in-process devnet) as `start` would run it, with test timings. */
const startWith = async (directory: string, listenerIntervalMs: number): Promise<RunningService> => {
  const loaded = loadConfig({
    DATA_DIR: directory,
    PORT: '0',
    LISTENER_INTERVAL_MS: String(listenerIntervalMs),
    // Blocks on their own every 50 ms: a transfer solidifies (4 blocks) in a fraction of a second.
    DEVNET_BLOCK_INTERVAL_MS: '50',
    ARGON2_MEMORY_KIB: '1024',
    ARGON2_TIME_COST: '1',
    LOG_LEVEL: 'silent',
    // The tests poll the API while background work finishes.
    RATE_LIMIT_MAX: '100000',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
  });
  if (!loaded.ok) throw new Error(loaded.problems.join('\n'));
  return startService(loaded.config);
};

const get = (app: FastifyInstance, user: LoggedIn, url: string) =>
  app.inject({ method: 'GET', url, headers: user.jar.header() });

const orderStatus = async (app: FastifyInstance, user: LoggedIn, orderId: string): Promise<unknown> => {
  const response = await get(app, user, `/api/orders/${orderId}`);
  if (response.statusCode !== 200)
    throw new Error(`order read answered ${response.statusCode}: ${response.body}`);
  return (json(response).order as { status: string }).status;
};

const stockOf = async (app: FastifyInstance, productId: string): Promise<unknown> =>
  (json(await app.inject({ url: `/api/products/${productId}` })).product as { stock: number }).stock;

/** A registered (airdropped) shopper whose confirmed balance shows, and a product of `stock`. */
const shopperAndProduct = async (service: RunningService, stock: number) => {
  const admin = await login(service.app, ADMIN);
  const created = await service.app.inject({
    method: 'POST',
    url: '/api/admin/products',
    headers: admin.jar.header(),
    payload: { name: 'Sticker', category: 'digital', price: 1, stock },
  });
  expect(created.statusCode, created.body).toBe(201);
  const productId = (json(created).product as { _id: string })._id;
  const shopper = await register(service.app);
  const wallet = await eventually(
    async () => json(await get(service.app, shopper, '/api/wallets/balance')),
    (answer) => typeof answer.balance === 'number' && answer.balance > 0,
    'airdrop reaching the confirmed balance',
  );
  return { shopper, productId, address: String(wallet.address) };
};

const payFor = async (service: RunningService, shopper: LoggedIn, productId: string, quantity: number) => {
  const placed = await service.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: shopper.jar.header(),
    payload: { products: [{ productId, quantity }] },
  });
  expect(placed.statusCode, placed.body).toBe(201);
  const orderId = (json(placed).order as { _id: string })._id;
  const paid = await service.app.inject({
    method: 'POST',
    url: `/api/orders/${orderId}/pay`,
    headers: shopper.jar.header(),
  });
  expect(paid.statusCode, paid.body).toBe(200);
  return { orderId, txHash: (json(paid).transaction as { hash: string }).hash };
};

describe('the listener inside the running service', () => {
  it('confirms a payment on its shortened interval and tells the buyer’s WebSocket', {
    timeout: 30_000,
  }, async () => {
    const service = await startWith(join(dataDir, 'interval'), 100);
    try {
      const { shopper, productId } = await shopperAndProduct(service, 9);
      const socket = await connectSocket(service.url, { headers: shopper.jar.header() });
      expect(await socket.join(shopper.userId)).toMatchObject({ event: 'joined' });

      const { orderId, txHash } = await payFor(service, shopper, productId, 4);
      const confirmed = await socket.frame(
        (frame) => frame.event === 'transaction:confirmed',
        'confirmation',
      );

      expect(confirmed.data).toMatchObject({ orderId, txHash });
      expect(await orderStatus(service.app, shopper, orderId)).toBe('completed');
      expect(await stockOf(service.app, productId)).toBe(5);
      await socket.close();
    } finally {
      await service.stop();
    }
  });

  it('completes, in its start-up run, a payment that solidified while the service was down', {
    timeout: 30_000,
  }, async () => {
    const directory = join(dataDir, 'restart');
    const before = await startWith(directory, NEVER_MS);
    let shopper: LoggedIn;
    let productId: string;
    let orderId: string;
    try {
      let address: string;
      ({ shopper, productId, address } = await shopperAndProduct(before, 6));
      const paid = await payFor(before, shopper, productId, 2);
      orderId = paid.orderId;
      const devnet = devnetControl(before.chain.devnet?.url ?? '');
      await eventually(
        () => devnet.transactionsOf(address),
        (transfers) => transfers.some((t) => t.txId === paid.txHash && t.status === 'solidified'),
        'payment solidified on the devnet',
      );
      // Solid on chain, yet the start-up run came before the payment and no interval run follows.
      expect(await orderStatus(before.app, shopper, orderId)).toBe('pending');
    } finally {
      await before.stop();
    }

    const after = await startWith(directory, NEVER_MS);
    try {
      await eventually(
        () => orderStatus(after.app, shopper, orderId),
        (status) => status === 'completed',
        'order completed by the start-up run',
        8_000,
      );
      expect(await stockOf(after.app, productId)).toBe(4);
    } finally {
      await after.stop();
    }
  });

  it('gives the listener lease back on a graceful stop, so the next instance may run at once', {
    timeout: 30_000,
  }, async () => {
    const directory = join(dataDir, 'lease');
    const service = await startWith(directory, NEVER_MS);
    await service.stop();

    const store = await openSqliteStore({ filename: join(directory, SQLITE_FILE) });
    try {
      expect(await store.leases.tryAcquire(LISTENER_LEASE, 'next-instance', new Date(), 60_000)).toBe(true);
    } finally {
      await store.close();
    }
  });
});
