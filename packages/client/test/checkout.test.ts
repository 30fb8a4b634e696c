import { randomBytes } from 'node:crypto';
import {
  ADMIN,
  devnetControl,
  eventually,
  makeDataDir,
  removeDataDir,
  type ServiceProcess,
  startServiceProcess,
} from '@trx-shop/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import {
  connectRealtime,
  createShopClient,
  isAdminEvent,
  type RealtimeClose,
  type RealtimeEvent,
  type ShopApiError,
  type ShopClient,
  unwrap,
} from '../src/index.js';
import { checkout } from './readme-checkout.js';

/*
 * The client against the real service: a child process (test-kit's startServiceProcess) with its
 * embedded devnet producing a block every 100 ms and the listener running every 200 ms, so a
 * payment completes in about a second. Every call below is typed from docs/openapi.json.
 */

let service: ServiceProcess;
let dataDir: string;
beforeAll(async () => {
  dataDir = await makeDataDir();
  service = await startServiceProcess(dataDir, {
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    LISTENER_INTERVAL_MS: '200',
    DEVNET_BLOCK_INTERVAL_MS: '100',
  });
}, 90_000);
afterAll(async () => {
  await service?.stop('SIGTERM');
  await removeDataDir(dataDir);
});

interface Buyer {
  readonly email: string;
  readonly password: string;
  readonly id: string;
  readonly address: string;
  readonly shop: ShopClient;
  readonly accessToken: string;
}

/** Registers a customer through the client, waits for the devnet's airdrop, answers a client with its token. */
const newBuyer = async (): Promise<Buyer> => {
  const tag = randomBytes(4).toString('hex');
  const credentials = { email: `client-${tag}@example.com`, password: `Client-${tag}-pw` };
  const guest = createShopClient({ baseUrl: service.apiUrl });
  const registered = await guest.POST('/api/auth/register', {
    body: { ...credentials, username: `client_${tag}`, passwordConfirm: credentials.password },
  });
  expect(registered.response.status, JSON.stringify(registered.error)).toBe(201);
  const { accessToken } = await unwrap(guest.POST('/api/auth/tokens', { body: credentials }));
  const shop = createShopClient({ baseUrl: service.apiUrl, accessToken });
  await eventually(
    () => unwrap(shop.GET('/api/wallets/balance')),
    (balance) => balance.balance > 0,
    'the registration airdrop',
    30_000,
    100,
  );
  const user = registered.data?.user;
  const address = user?.wallet.address;
  if (!user || !address) throw new Error(`registered without a wallet: ${JSON.stringify(user)}`);
  return { ...credentials, id: user.id, address, shop, accessToken };
};

const cheapestProduct = async (shop: ShopClient) => {
  const { products } = await unwrap(shop.GET('/api/products', { params: { query: { limit: 100 } } }));
  const [product] = products.filter((p) => p.stock > 0).sort((a, b) => a.price - b.price);
  if (!product) throw new Error('no product in stock');
  return product;
};

const orderAndPay = async (shop: ShopClient, productId: string) => {
  const { order } = await unwrap(
    shop.POST('/api/orders', { body: { products: [{ productId, quantity: 1 }] } }),
  );
  const paid = await unwrap(shop.POST('/api/orders/{id}/pay', { params: { path: { id: order._id } } }));
  expect(paid.transaction.status).toBe('pending');
  return { orderId: order._id, txHash: paid.transaction.hash };
};

const waitForStatus = (shop: ShopClient, id: string, status: string) =>
  eventually(
    async () => (await unwrap(shop.GET('/api/orders/{id}', { params: { path: { id } } }))).order,
    (order) => order.status === status,
    `order ${id} to become ${status}`,
    30_000,
    100,
  );

const errorOf = (promise: Promise<unknown>): Promise<ShopApiError> =>
  promise.then(
    (value) => {
      throw new Error(`expected a ShopApiError, got ${JSON.stringify(value)}`);
    },
    (error: unknown) => error as ShopApiError,
  );

describe('@trx-shop/client against the real service', () => {
  it('runs the README’s checkout: tokens, products, an order, its payment, its confirmation', async () => {
    const buyer = await newBuyer();
    const result = await checkout(service.apiUrl, buyer.email, buyer.password);

    const { order } = await unwrap(
      buyer.shop.GET('/api/orders/{id}', { params: { path: { id: result.orderId } } }),
    );
    expect(order).toMatchObject({ status: 'completed', transactionHash: result.txHash, total: result.total });
    // The devnet's own bookkeeping: the one transfer the buyer sent is that payment.
    const sent = await devnetControl(service.devnetUrl).transfersSentBy(buyer.address);
    expect(sent.map((transfer) => [transfer.txId, transfer.to])).toEqual([
      [result.txHash, order.merchantAddress],
    ]);
  }, 60_000);

  it('answers errors as typed values with code, and unwrap throws them as ShopApiError', async () => {
    const buyer = await newBuyer();
    const unknownId = '0123456789abcdef01234567';

    const missing = await buyer.shop.GET('/api/orders/{id}', { params: { path: { id: unknownId } } });
    expect(missing.response.status).toBe(404);
    expect(missing.error?.code).toBe('ORDER_NOT_FOUND');
    const thrown = await errorOf(
      unwrap(buyer.shop.POST('/api/orders/{id}/pay', { params: { path: { id: unknownId } } })),
    );
    expect(thrown).toMatchObject({ name: 'ShopApiError', status: 404, code: 'ORDER_NOT_FOUND' });

    const invalid = await errorOf(
      unwrap(buyer.shop.POST('/api/orders', { body: { products: [{ productId: unknownId, quantity: 0 }] } })),
    );
    expect(invalid).toMatchObject({ status: 400, code: 'VALIDATION_ERROR' });
    expect(invalid.details?.length).toBeGreaterThan(0);

    // Paying twice: the second pay finds the order no longer payable.
    const product = await cheapestProduct(buyer.shop);
    const { orderId } = await orderAndPay(buyer.shop, product._id);
    const twice = await errorOf(
      unwrap(buyer.shop.POST('/api/orders/{id}/pay', { params: { path: { id: orderId } } })),
    );
    expect([
      [409, 'PAYMENT_IN_PROGRESS'],
      [400, 'ORDER_NOT_PENDING'],
    ]).toContainEqual([twice.status, twice.code]);
    await waitForStatus(buyer.shop, orderId, 'completed');
    const afterCompletion = await errorOf(
      unwrap(buyer.shop.POST('/api/orders/{id}/pay', { params: { path: { id: orderId } } })),
    );
    expect(afterCompletion).toMatchObject({ status: 400, code: 'ORDER_NOT_PENDING' });

    const anonymous = createShopClient({ baseUrl: service.apiUrl });
    expect((await anonymous.GET('/api/orders')).error?.code).toBe('UNAUTHENTICATED');
    const wrongPassword = await anonymous.POST('/api/auth/tokens', {
      body: { email: buyer.email, password: 'not-the-password' },
    });
    expect([wrongPassword.response.status, wrongPassword.error?.code]).toEqual([401, 'INVALID_CREDENTIALS']);
  }, 60_000);

  it('authenticates with the cookies of a login, and with a refreshed token', async () => {
    const buyer = await newBuyer();
    const guest = createShopClient({ baseUrl: service.apiUrl });
    const login = await guest.POST('/api/auth/login', {
      body: { email: buyer.email, password: buyer.password },
    });
    expect(login.response.status).toBe(200);
    const cookies = login.response.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
    expect(cookies).toMatch(/accessToken=/);
    const withCookies = createShopClient({ baseUrl: service.apiUrl, cookies });
    expect((await unwrap(withCookies.GET('/api/auth/profile'))).user.email).toBe(buyer.email);

    const pair = await unwrap(
      guest.POST('/api/auth/tokens', { body: { email: buyer.email, password: buyer.password } }),
    );
    const refreshed = await unwrap(
      guest.POST('/api/auth/tokens/refresh', { body: { refreshToken: pair.refreshToken } }),
    );
    buyer.shop.setCredentials({ accessToken: refreshed.accessToken });
    expect((await unwrap(buyer.shop.GET('/api/auth/profile'))).user.id).toBe(buyer.id);
  }, 60_000);

  it('hears transaction:confirmed live, and after a dropped connection resumes: nothing missed, nothing twice', async () => {
    const buyer = await newBuyer();
    const product = await cheapestProduct(buyer.shop);

    // `ws`, recording each socket and its URL; while `offline`, new connections fail as on a dead network.
    let offline = false;
    const sockets: { readonly url: string; readonly socket: WebSocket }[] = [];
    class RecordedWebSocket extends WebSocket {
      constructor(url: string, protocols?: string | string[], options?: WebSocket.ClientOptions) {
        if (offline) throw new Error('the network is down');
        super(url, protocols, options);
        sockets.push({ url, socket: this });
      }
    }
    const events: RealtimeEvent[] = [];
    const closes: RealtimeClose[] = [];
    const live = connectRealtime({
      baseUrl: service.apiUrl,
      accessToken: buyer.accessToken,
      rooms: [buyer.id],
      WebSocket: RecordedWebSocket,
      backoff: { initialMs: 100, maxMs: 400 },
      onEvent: (event) => events.push(event),
      onClose: (close) => closes.push(close),
    });
    const confirmedOrders = () =>
      events.flatMap((event) => (event.event === 'transaction:confirmed' ? [event.data.orderId] : []));
    const confirmationOf = (orderId: string) =>
      eventually(
        async () => confirmedOrders(),
        (seen) => seen.includes(orderId),
        `the confirmation of ${orderId}`,
        30_000,
        20,
      );

    try {
      await live.whenJoined();
      expect(events[0]).toEqual({ event: 'joined', data: { room: `user:${buyer.id}` } });

      const first = await orderAndPay(buyer.shop, product._id);
      await confirmationOf(first.orderId);
      const firstFrame = events.find(
        (event) => event.event === 'transaction:confirmed' && event.data.orderId === first.orderId,
      );
      expect(firstFrame).toMatchObject({
        data: { txHash: first.txHash },
        id: expect.stringMatching(/^[0-9a-f]{24}$/),
      });
      const lastIdBeforeDrop = live.lastEventId;
      expect(lastIdBeforeDrop).toBeDefined();

      // The network drops; while it is down a second order is paid and completes.
      offline = true;
      sockets[0]?.socket.terminate();
      await eventually(
        async () => live.state,
        (state) => state === 'waiting',
        'the helper to notice the drop',
      );
      const second = await orderAndPay(buyer.shop, product._id);
      await waitForStatus(buyer.shop, second.orderId, 'completed');
      expect(confirmedOrders()).not.toContain(second.orderId);
      expect(closes.length).toBeGreaterThanOrEqual(2); // the drop, then at least one failed attempt

      // Back online: the helper reconnects with the last id and hears the missed confirmation.
      offline = false;
      await confirmationOf(second.orderId);
      expect(sockets).toHaveLength(2);
      expect(new URL(sockets[1]?.url ?? '').searchParams.get('lastEventId')).toBe(lastIdBeforeDrop);
      expect(live.connections).toBe(2);

      // A third order, live again: once it is heard, no late copy of the others can still come.
      const third = await orderAndPay(buyer.shop, product._id);
      await confirmationOf(third.orderId);
      expect(confirmedOrders()).toEqual([first.orderId, second.orderId, third.orderId]);
      const loggedIds = events.flatMap((event) => ('id' in event ? [event.id] : []));
      expect(new Set(loggedIds).size).toBe(loggedIds.length);
      expect(closes.every((close) => close.reconnectInMs !== null)).toBe(true);
    } finally {
      await live.close();
    }
    expect(live.state).toBe('closed');
    expect(closes.at(-1)).toMatchObject({ code: 1000, reconnectInMs: null });
  }, 90_000);

  it('joins the admin room with admin: true and hears an order’s events by their types; a customer is refused', async () => {
    const guest = createShopClient({ baseUrl: service.apiUrl });
    const admin = await unwrap(
      guest.POST('/api/auth/tokens', { body: { email: ADMIN.email, password: ADMIN.password } }),
    );
    const buyer = await newBuyer();
    const product = await cheapestProduct(buyer.shop);
    const adminEvents: RealtimeEvent[] = [];
    const buyerEvents: RealtimeEvent[] = [];
    const watching = connectRealtime({
      baseUrl: service.apiUrl,
      accessToken: admin.accessToken,
      admin: true,
      onEvent: (event) => adminEvents.push(event),
    });
    // The customer asks for its own room and the admin room: the second is refused.
    const refused = connectRealtime({
      baseUrl: service.apiUrl,
      accessToken: buyer.accessToken,
      rooms: [buyer.id],
      admin: true,
      onEvent: (event) => buyerEvents.push(event),
    });
    try {
      await Promise.all([watching.whenJoined(), refused.whenJoined()]);
      expect(adminEvents).toEqual([{ event: 'joined', data: { room: 'admin' } }]);
      expect(buyerEvents).toEqual([
        { event: 'joined', data: { room: `user:${buyer.id}` } },
        { event: 'error', data: { code: 'FORBIDDEN' } },
      ]);

      const { orderId, txHash } = await orderAndPay(buyer.shop, product._id);
      const ofOrder = () =>
        adminEvents
          .filter(isAdminEvent)
          .filter((event) => event.event !== 'webhook.disabled' && event.data.orderId === orderId);
      await eventually(
        async () => ofOrder().map((event) => event.event),
        (types) => types.includes('order.completed'),
        'the admin room to hear the order complete',
        30_000,
        20,
      );
      expect(ofOrder().map((event) => event.event)).toEqual([
        'order.created',
        'payment.sent',
        'payment.confirmed',
        'order.completed',
      ]);
      expect(ofOrder().at(-1)).toMatchObject({
        data: { userId: buyer.id, orderId, txHash },
        id: expect.stringMatching(/^[0-9a-f]{24}$/),
      });
      // The customer's own confirmation comes from the same event as order.completed: by then
      // any admin frame sent to the customer would have arrived.
      await eventually(
        async () => buyerEvents.map((event) => event.event),
        (names) => names.includes('transaction:confirmed'),
        'the customer’s confirmation',
        30_000,
        20,
      );
      expect(buyerEvents.filter(isAdminEvent)).toEqual([]);
    } finally {
      await Promise.all([watching.close(), refused.close()]);
    }
  }, 90_000);

  it('stops without retrying when the server closes with 4401', async () => {
    const closes: RealtimeClose[] = [];
    const live = connectRealtime({
      baseUrl: service.apiUrl,
      accessToken: 'not-a-token',
      rooms: ['0123456789abcdef01234567'],
      onEvent: () => {},
      onClose: (close) => closes.push(close),
    });
    await expect(live.whenJoined()).rejects.toThrow(/4401/);
    expect(closes).toEqual([{ code: 4401, reason: expect.any(String), reconnectInMs: null }]);
    expect(live.connections).toBe(1);
  }, 30_000);
});
