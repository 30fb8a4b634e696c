// Drives TRX Shop through the whole story with the typed client (@trx-shop/client) and exits
// non-zero on any deviation: register, funded balance, order, pay, transaction:confirmed on a
// WebSocket, admin refund, order:refunded.
// Without BASE_URL it starts its own fresh embedded instance (SQLite + devnet) in a temporary
// directory and stops it at the end; with BASE_URL it drives that instance and needs its admin
// (ADMIN_EMAIL, ADMIN_PASSWORD). DEMO_TIMEOUT_MS: per wait, default 120000.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { connectRealtime, createShopClient, unwrap } from '@trx-shop/client';
import { parseCommandLine } from '../dist/cli/command-line.js';

const USAGE = [
  'usage: pnpm demo',
  'Drives a fresh embedded instance (or, with BASE_URL, that instance and its admin from ADMIN_EMAIL',
  'and ADMIN_PASSWORD) through register, airdrop, order, pay, confirmation, refund; exits non-zero',
  'on any deviation. It takes no flags; DEMO_TIMEOUT_MS bounds each wait (default 120000).',
].join('\n');

// Strict flags, before anything starts: --help answers the usage, anything else is refused with it.
parseCommandLine('demo', USAGE, {});

const waitMs = Number(process.env.DEMO_TIMEOUT_MS ?? 120_000);
const steps = 8;
let step = 0;
let cleanup = async () => {};

const progress = (text) => {
  step += 1;
  const bar = `${'#'.repeat(step)}${'.'.repeat(steps - step)}`;
  console.log(`[${bar}] ${step}/${steps} ${text}`);
};
class DemoFailure extends Error {}
const fail = (text) => {
  throw new DemoFailure(text);
};

const freePort = () =>
  new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });

/** A fresh embedded instance of the built service, with an admin the demo knows. */
const startOwnInstance = async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'trx-shop-demo-'));
  const port = await freePort();
  const admin = {
    email: `demo-admin-${randomBytes(3).toString('hex')}@example.com`,
    password: randomBytes(12).toString('hex'),
  };
  const server = fileURLToPath(new URL('../dist/server.js', import.meta.url));
  const child = spawn(process.execPath, [server], {
    env: {
      ...process.env,
      NODE_ENV: 'development',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      LISTENER_INTERVAL_MS: '1000',
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr = (stderr + chunk).slice(-4000);
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  cleanup = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  };
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + waitMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) fail(`the demo instance exited (${child.exitCode}): ${stderr}`);
    const healthy = await fetch(`${base}/api/health`).then(
      (answer) => answer.ok,
      () => false,
    );
    if (healthy) return { base, admin };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return fail('the demo instance did not answer /api/health in time');
};

const until = async (what, check) => {
  const deadline = Date.now() + waitMs;
  while (Date.now() < deadline) {
    const value = await check();
    if (value) return value;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  return fail(`timed out waiting for ${what}`);
};

/** A call through the typed client; a failure names the step and the service's code. */
const succeeded = async (what, request) =>
  unwrap(request).catch((error) => fail(`${what}: ${error.status ?? ''} ${error.code ?? error.message}`));

const main = async () => {
  const given = process.env.BASE_URL?.replace(/\/$/, '');
  if (given && (!process.env.ADMIN_EMAIL || !process.env.ADMIN_PASSWORD)) {
    fail('with BASE_URL set, also set ADMIN_EMAIL and ADMIN_PASSWORD (that instance’s admin)');
  }
  const started = given
    ? { base: given, admin: { email: process.env.ADMIN_EMAIL, password: process.env.ADMIN_PASSWORD } }
    : await startOwnInstance();
  const baseUrl = started.base;
  if (!given) console.log(`started a fresh embedded instance at ${baseUrl} (stopped at the end)`);

  const guest = createShopClient({ baseUrl });
  const suffix = Date.now().toString(36);
  const credentials = { email: `demo-${suffix}@example.com`, password: 'demo password 1' };
  const registered = await succeeded(
    'register',
    guest.POST('/api/auth/register', {
      body: { ...credentials, username: `demo_${suffix}`, passwordConfirm: credentials.password },
    }),
  );
  const { accessToken } = await succeeded('tokens', guest.POST('/api/auth/tokens', { body: credentials }));
  const shop = createShopClient({ baseUrl, accessToken });
  const userId = registered.user.id;
  progress(`registered ${registered.user.email} with wallet ${registered.user.wallet.address}`);

  const balance = await until('the airdrop to reach the solidified chain', async () => {
    const answer = await succeeded('balance', shop.GET('/api/wallets/balance'));
    return answer.balance > 0 ? answer.balance : null;
  });
  progress(`wallet funded: ${balance} TRX`);

  const events = [];
  const live = connectRealtime({
    baseUrl,
    accessToken,
    rooms: [userId],
    onEvent: (event) => events.push(event),
  });
  await live.whenJoined().catch((error) => fail(`WebSocket: ${error.message}`));
  progress(`WebSocket joined room user:${userId}`);

  const { products } = await succeeded('products', guest.GET('/api/products'));
  const product = products.find((candidate) => candidate.stock > 0 && candidate.price < balance / 2);
  if (!product) fail('no affordable product in stock');
  const { order } = await succeeded(
    'create order',
    shop.POST('/api/orders', { body: { products: [{ productId: product._id, quantity: 1 }] } }),
  );
  progress(`order ${order.orderId} for ${order.total} TRX (${product.name})`);

  const paid = await succeeded(
    'pay',
    shop.POST('/api/orders/{id}/pay', { params: { path: { id: order._id } } }),
  );
  if (paid.transaction.status !== 'pending')
    fail(`payment status ${paid.transaction.status}, expected pending`);
  progress(`paid: transaction ${paid.transaction.hash} pending`);

  const confirmed = await until('transaction:confirmed', async () =>
    events.find((event) => event.event === 'transaction:confirmed' && event.data.orderId === order._id),
  );
  const completed = await succeeded(
    'order',
    shop.GET('/api/orders/{id}', { params: { path: { id: order._id } } }),
  );
  if (completed.order.status !== 'completed') fail(`order is ${completed.order.status} after confirmation`);
  progress(`confirmed (${confirmed.data.txHash}); order completed`);

  const adminTokens = await succeeded(
    'admin tokens',
    guest.POST('/api/auth/tokens', { body: started.admin }),
  );
  const admin = createShopClient({ baseUrl, accessToken: adminTokens.accessToken });
  const refund = await succeeded(
    'refund',
    admin.POST('/api/admin/orders/{id}/refund', { params: { path: { id: order._id } } }),
  );
  progress(`refund sent: ${refund.transaction.hash}`);

  await until('order:refunded', async () =>
    events.find((event) => event.event === 'order:refunded' && event.data.orderId === order._id),
  );
  const refunded = await succeeded(
    'order',
    shop.GET('/api/orders/{id}', { params: { path: { id: order._id } } }),
  );
  if (refunded.order.status !== 'refunded')
    fail(`order is ${refunded.order.status} after the refund confirmed`);
  progress('refund confirmed; order refunded');
  await live.close();
  await cleanup();
  console.log('demo passed');
};

try {
  await main();
} catch (error) {
  console.error(`demo failed at step ${step + 1}: ${error instanceof DemoFailure ? error.message : error}`);
  await cleanup();
  process.exit(1);
}
