// Drives TRX Shop through the whole story and exits non-zero on any deviation: register, funded
// balance, order, pay, transaction:confirmed on a WebSocket, admin refund, order:refunded.
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
import WebSocket from 'ws';

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

let base;
const call = async (method, path, { body, cookie } = {}) => {
  const response = await fetch(base + path, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(cookie ? { cookie } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const cookies = response.headers
    .getSetCookie()
    .map((entry) => entry.split(';')[0])
    .join('; ');
  return { status: response.status, body: await response.json().catch(() => null), cookies };
};
const expectStatus = (answer, status, what) => {
  if (answer.status !== status)
    fail(`${what}: expected HTTP ${status}, got ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer;
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

const main = async () => {
  const given = process.env.BASE_URL?.replace(/\/$/, '');
  if (given && (!process.env.ADMIN_EMAIL || !process.env.ADMIN_PASSWORD)) {
    fail('with BASE_URL set, also set ADMIN_EMAIL and ADMIN_PASSWORD (that instance’s admin)');
  }
  const started = given
    ? { base: given, admin: { email: process.env.ADMIN_EMAIL, password: process.env.ADMIN_PASSWORD } }
    : await startOwnInstance();
  base = started.base;
  const adminCredentials = started.admin;
  if (!given) console.log(`started a fresh embedded instance at ${base} (stopped at the end)`);

  const suffix = Date.now().toString(36);
  const registered = expectStatus(
    await call('POST', '/api/auth/register', {
      body: {
        email: `demo-${suffix}@example.com`,
        username: `demo_${suffix}`,
        password: 'demo password 1',
        passwordConfirm: 'demo password 1',
      },
    }),
    201,
    'register',
  );
  const cookie = registered.cookies;
  const userId = registered.body.user.id;
  progress(`registered ${registered.body.user.email} with wallet ${registered.body.user.wallet.address}`);

  const balance = await until('the airdrop to reach the solidified chain', async () => {
    const answer = expectStatus(await call('GET', '/api/wallets/balance', { cookie }), 200, 'balance');
    return answer.body.balance > 0 ? answer.body.balance : null;
  });
  progress(`wallet funded: ${balance} TRX`);

  const events = [];
  const socket = new WebSocket(`${base.replace(/^http/, 'ws')}/api/ws`, { headers: { cookie } });
  socket.on('message', (raw) => events.push(JSON.parse(String(raw))));
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  }).catch((error) => fail(`WebSocket: ${error.message}`));
  socket.send(JSON.stringify({ event: 'join-user', data: userId }));
  await until('the room join to be acknowledged', async () =>
    events.find((event) => event.event === 'joined'),
  );
  progress(`WebSocket joined room user:${userId}`);

  const products = expectStatus(await call('GET', '/api/products'), 200, 'products').body.products;
  const product = products.find((candidate) => candidate.stock > 0 && candidate.price < balance / 2);
  if (!product) fail('no affordable product in stock');
  const order = expectStatus(
    await call('POST', '/api/orders', {
      cookie,
      body: { products: [{ productId: product._id, quantity: 1 }] },
    }),
    201,
    'create order',
  ).body.order;
  progress(`order ${order.orderId} for ${order.total} TRX (${product.name})`);

  const paid = expectStatus(await call('POST', `/api/orders/${order._id}/pay`, { cookie }), 200, 'pay').body;
  if (paid.transaction.status !== 'pending')
    fail(`payment status ${paid.transaction.status}, expected pending`);
  progress(`paid: transaction ${paid.transaction.hash} pending`);

  const confirmed = await until('transaction:confirmed', async () =>
    events.find((event) => event.event === 'transaction:confirmed' && event.data.orderId === order._id),
  );
  const completed = expectStatus(await call('GET', `/api/orders/${order._id}`, { cookie }), 200, 'order').body
    .order;
  if (completed.status !== 'completed') fail(`order is ${completed.status} after confirmation`);
  progress(`confirmed (${confirmed.data.txHash}); order completed`);

  const admin = expectStatus(
    await call('POST', '/api/auth/login', {
      body: { email: adminCredentials.email, password: adminCredentials.password },
    }),
    200,
    'admin login',
  );
  const refund = expectStatus(
    await call('POST', `/api/admin/orders/${order._id}/refund`, { cookie: admin.cookies }),
    200,
    'refund',
  ).body;
  progress(`refund sent: ${refund.transaction.hash}`);

  await until('order:refunded', async () =>
    events.find((event) => event.event === 'order:refunded' && event.data.orderId === order._id),
  );
  const refunded = expectStatus(await call('GET', `/api/orders/${order._id}`, { cookie }), 200, 'order').body
    .order;
  if (refunded.status !== 'refunded') fail(`order is ${refunded.status} after the refund confirmed`);
  progress('refund confirmed; order refunded');
  socket.close();
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
