import { runSettlement } from '@trx-shop/domain';
import type { RunningDevnet } from '@trx-shop/tron-devnet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../support/cookies.js';
import { json, register } from '../support/http.js';
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
import { type DevnetControl, devnetControl, eventually } from '@trx-shop/test-kit';
import { closeOfRefusedSocket, connectSocket, framesNamed, logCompletion } from './realtime-fixtures.js';

let devnetNode: RunningDevnet;
let h: TestApp;
let devnet: DevnetControl;
let merchant: Merchant;
let url: string;

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

describe('authentication of /api/ws', () => {
  it('closes a connection without any token with code 4401', async () => {
    expect((await closeOfRefusedSocket(url)).code).toBe(4401);
  });

  it('closes with 4401 a connection whose token is not a valid access token', async () => {
    const user = await register(h.app);

    expect((await closeOfRefusedSocket(url, { token: 'not-a-jwt' })).code).toBe(4401);
    // The refresh token is signed with the other secret: it must not open a socket.
    expect((await closeOfRefusedSocket(url, { headers: bearer(user.refreshToken) })).code).toBe(4401);
  });

  it('closes with 4401 a connection whose session was logged out', async () => {
    const user = await register(h.app);
    const logout = await h.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: user.jar.header(),
    });
    expect(logout.statusCode, logout.body).toBe(200);

    expect((await closeOfRefusedSocket(url, { token: user.accessToken })).code).toBe(4401);
  });

  it('accepts the access cookie, the Authorization header and ?token=, and acknowledges joining one’s own room', async () => {
    const user = await register(h.app);
    const room = `user:${user.userId}`;
    const ways = [
      { headers: user.jar.header() },
      { headers: bearer(user.accessToken) },
      { token: user.accessToken },
    ];

    for (const auth of ways) {
      const socket = await connectSocket(url, auth);
      expect(await socket.join(user.userId)).toEqual({ event: 'joined', data: { room } });
      await socket.close();
    }
  });
});

describe('a join sent the moment the socket opens', () => {
  it('is answered even when authenticating the connection takes a while (a slow store)', async () => {
    const user = await register(h.app);
    const users = h.store.users;
    const realFindById = users.findById;
    // Injected fault: the user lookup behind the socket's authentication answers late, as a remote
    // database can. A client may send join-user as soon as the upgrade completes, before that.
    users.findById = async (id) => {
      await new Promise((resolve) => setTimeout(resolve, 300));
      return realFindById.call(users, id);
    };
    try {
      const socket = await connectSocket(url, { token: user.accessToken });
      expect(await socket.join(user.userId)).toEqual({
        event: 'joined',
        data: { room: `user:${user.userId}` },
      });
      await socket.close();
    } finally {
      users.findById = realFindById;
    }
  });
});

describe('rooms', () => {
  it('answers FORBIDDEN to join-user with another user’s id and never delivers that user’s events', async () => {
    const owner = await register(h.app);
    const intruder = await register(h.app);
    const socket = await connectSocket(url, { headers: intruder.jar.header() });

    expect(await socket.join(owner.userId)).toEqual({ event: 'error', data: { code: 'FORBIDDEN' } });
    expect(h.hub.size(`user:${owner.userId}`)).toBe(0);

    expect(await socket.join(intruder.userId)).toMatchObject({ event: 'joined' });
    const [, ownEvent] = [
      await logCompletion(h.store, owner.userId),
      await logCompletion(h.store, intruder.userId),
    ];
    // The intruder's own later event proves the owner's, logged first, would have arrived.
    await socket.frame((frame) => frame.event === 'transaction:confirmed', 'own event');

    expect(framesNamed(socket, 'transaction:confirmed')).toEqual([ownEvent.frame]);
    await socket.close();
  });

  it('answers VALIDATION_ERROR to frames that are not JSON or not a known event, and keeps the connection', async () => {
    const user = await register(h.app);
    const socket = await connectSocket(url, { token: user.accessToken });

    socket.send('subscribe', 'everything');
    const unknown = await socket.frame((frame) => frame.event === 'error', 'error for an unknown event');
    expect(unknown.data).toMatchObject({ code: 'VALIDATION_ERROR' });
    expect(await socket.join(user.userId)).toMatchObject({ event: 'joined' });
    await socket.close();
  });

  it('lets an admin join any user’s room, fans a real confirmation out to every socket in it, and drops closed sockets', async () => {
    await devnet.fundSolid(merchant.address, 1_000_000);
    const { shopper, productId } = await fundedShopperWithProduct(h, devnet, merchant, {
      price: 2,
      fundSun: 10_000_000,
    });
    const room = `user:${shopper.userId}`;
    const admin = await connectSocket(url, { headers: merchant.admin.jar.header() });
    const ownCookie = await connectSocket(url, { headers: shopper.jar.header() });
    const ownBearer = await connectSocket(url, { headers: bearer(shopper.accessToken) });
    const leaving = await connectSocket(url, { token: shopper.accessToken });
    for (const socket of [admin, ownCookie, ownBearer, leaving]) {
      expect(await socket.join(shopper.userId)).toEqual({ event: 'joined', data: { room } });
    }
    expect(h.hub.size(room)).toBe(4);
    await leaving.close();
    await eventually(
      async () => h.hub.size(room),
      (size) => size === 3,
      'room size after a close',
    );

    const order = await placeOrder(h, shopper, [{ productId, quantity: 1 }]);
    const paid = await payRequest(h, shopper, order._id);
    expect(paid.statusCode, paid.body).toBe(200);
    const txHash = (json(paid).transaction as { hash: string }).hash;
    await devnet.produceBlocks(BLOCKS_TO_SOLIDIFY);
    await runSettlement(paymentDepsOf(h));
    await h.frames();

    for (const socket of [admin, ownCookie, ownBearer]) {
      const confirmed = await socket.frame(
        (frame) => frame.event === 'transaction:confirmed',
        'confirmation',
      );
      expect(confirmed.data).toMatchObject({ orderId: order._id, txHash });
      await socket.close();
    }
    expect(framesNamed(leaving, 'transaction:confirmed')).toEqual([]);
    expect(h.hub.size(room)).toBe(0);
  });
});
