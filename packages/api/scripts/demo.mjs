// Drives a running TRX Shop through the whole story and exits non-zero on any deviation:
// register, funded balance, order, pay, transaction:confirmed on a WebSocket, admin refund,
// order:refunded. Settings: BASE_URL (default http://127.0.0.1:3000), ADMIN_EMAIL, ADMIN_PASSWORD,
// DEMO_TIMEOUT_MS (per wait, default 120000).
import WebSocket from 'ws';

const base = (process.env.BASE_URL ?? 'http://127.0.0.1:3000').replace(/\/$/, '');
const adminEmail = process.env.ADMIN_EMAIL;
const adminPassword = process.env.ADMIN_PASSWORD;
const waitMs = Number(process.env.DEMO_TIMEOUT_MS ?? 120_000);
const steps = 8;
let step = 0;

const progress = (text) => {
  step += 1;
  const bar = `${'#'.repeat(step)}${'.'.repeat(steps - step)}`;
  console.log(`[${bar}] ${step}/${steps} ${text}`);
};
const fail = (text) => {
  console.error(`demo failed at step ${step + 1}: ${text}`);
  process.exit(1);
};
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

if (!adminEmail || !adminPassword) fail('set ADMIN_EMAIL and ADMIN_PASSWORD (the running instance’s admin)');

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
await until('the room join to be acknowledged', async () => events.find((event) => event.event === 'joined'));
progress('WebSocket joined room user:' + userId);

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
  await call('POST', '/api/auth/login', { body: { email: adminEmail, password: adminPassword } }),
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
console.log('demo passed');
