// A consumer of the packed @trx-shop/client, outside the workspace (scripts/check-packed-client.sh
// copies it into a temporary npm project): registers, orders, pays and waits for the real-time
// transaction:confirmed. Usage: node checkout.js <baseUrl>; exits non-zero on any deviation.
import {
  connectRealtime,
  createShopClient,
  type Order,
  type Product,
  type TransactionConfirmedEvent,
  unwrap,
} from '@trx-shop/client';

const baseUrl = process.argv[2];
if (!baseUrl) throw new Error('usage: node checkout.js <baseUrl>');
const waitMs = 45_000;
// The whole run is bounded: a confirmation that never comes must fail CI, not hang it.
setTimeout(() => {
  console.error(`packed-client: no confirmation within ${waitMs} ms`);
  process.exit(1);
}, waitMs).unref();

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const guest = createShopClient({ baseUrl });
const suffix = Date.now().toString(36);
const credentials = { email: `packed-${suffix}@example.com`, password: 'packed client password' };
const { user } = await unwrap(
  guest.POST('/api/auth/register', {
    body: { ...credentials, username: `packed_${suffix}`, passwordConfirm: credentials.password },
  }),
);
const { accessToken } = await unwrap(guest.POST('/api/auth/tokens', { body: credentials }));
const shop = createShopClient({ baseUrl, accessToken });

// The embedded devnet funds a new wallet; the balance counts once the airdrop is solidified.
let balance = 0;
while (balance === 0) {
  ({ balance } = await unwrap(shop.GET('/api/wallets/balance')));
  if (balance === 0) await pause(500);
}

const { products } = await unwrap(shop.GET('/api/products', { params: { query: { limit: 100 } } }));
const product: Product | undefined = products.find((p) => p.stock > 0 && p.price < balance);
if (!product) throw new Error('no affordable product in stock');
const { order }: { order: Order } = await unwrap(
  shop.POST('/api/orders', { body: { products: [{ productId: product._id, quantity: 1 }] } }),
);

// A typed error from the service: paying an order that does not exist.
const missing = await shop.POST('/api/orders/{id}/pay', { params: { path: { id: '0'.repeat(24) } } });
if (missing.error?.code !== 'ORDER_NOT_FOUND') {
  throw new Error(`paying a missing order answered ${missing.response.status} ${missing.error?.code}`);
}

let confirm = (_event: TransactionConfirmedEvent) => {};
const confirmed = new Promise<TransactionConfirmedEvent>((resolve) => {
  confirm = resolve;
});
const live = connectRealtime({
  baseUrl,
  accessToken,
  rooms: [user.id],
  onEvent: (event) => {
    if (event.event === 'transaction:confirmed' && event.data.orderId === order._id) confirm(event);
  },
});
await live.whenJoined();
const paid = await unwrap(shop.POST('/api/orders/{id}/pay', { params: { path: { id: order._id } } }));
console.log(`packed-client: paid order ${order.orderId}, transaction ${paid.transaction.hash} pending`);
const event = await confirmed;
await live.close();
console.log(`packed-client: transaction:confirmed ${event.data.txHash} for order ${order.orderId}`);
