import type { LoggedEvent } from '@trx-shop/domain';
import { Ajv } from 'ajv';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_FRAMES } from '../../src/realtime/frame-schemas.js';
import {
  createMerchantAdmin,
  createProduct,
  type Merchant,
  placeOrder,
  registerShopper,
} from '../shop/shop-fixtures.js';
import { json } from '../support/http.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { startWebhookReceiver, type WebhookReceiver } from '../webhooks/webhook-receiver.js';
import { connectSocket, type Frame, logCompletion, type TestSocket } from './realtime-fixtures.js';

/*
 * The admin room (docs/api.md, "Real-time events"): `join-admin` for admin sessions only; one
 * frame per logged order, payment, refund, deposit or withdrawal event and per `webhook.disabled`,
 * named by the event's type with its webhook data; resumable with lastEventId like a user's room.
 */

const DISABLE_AFTER_MS = 60_000;
let h: TestApp;
let url: string;
let merchant: Merchant;
let productId: string;
let receiver: WebhookReceiver | null = null;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  h = await createTestApp({
    webhooks: {
      timeoutMs: 500,
      policy: { retrySchedule: [5_000, 60_000], disableAfterMs: DISABLE_AFTER_MS },
    },
  });
  url = await h.app.listen({ port: 0, host: '127.0.0.1' });
  merchant = await createMerchantAdmin(h);
  productId = await createProduct(h, merchant.admin, { price: 2.5 });
});
afterEach(async () => {
  await Promise.all(sockets.splice(0).map((socket) => socket.close()));
  await receiver?.close();
  receiver = null;
});
afterAll(async () => {
  await h.close();
});

const ajv = new Ajv({ strict: false });

/** A socket of the admin's session that joined the admin room (resuming from `lastEventId` if given). */
const adminSocket = async (lastEventId?: string) => {
  const socket = await connectSocket(url, {
    headers: merchant.admin.jar.header(),
    ...(lastEventId === undefined ? {} : { lastEventId }),
  });
  sockets.push(socket);
  socket.send('join-admin', undefined);
  expect(
    await socket.frame((frame) => frame.event === 'joined' || frame.event === 'error', 'joined'),
  ).toEqual({ event: 'joined', data: { room: 'admin' } });
  return socket;
};

/** The frames from the log (those with an id) the socket received, in order. */
const loggedFrames = (socket: TestSocket): Frame[] => socket.frames.filter((frame) => frame.id !== undefined);

const received = (socket: TestSocket, id: string) => socket.frame((frame) => frame.id === id, `frame ${id}`);

/** The logged `order.created` of an order placed through the API. */
const createdEventOf = async (orderId: string): Promise<LoggedEvent> => {
  const created = (await h.store.eventLog.orderHistory(orderId)).find(
    (event) => event.type === 'order.created',
  );
  if (!created) throw new Error(`order ${orderId} has no order.created`);
  return created;
};

type Shopper = Awaited<ReturnType<typeof registerShopper>>;

/** An order placed by `shopper` (a new customer by default: one pending order each). */
const newOrder = async (shopper?: Shopper) => {
  const buyer = shopper ?? (await registerShopper(h));
  const order = await placeOrder(h, buyer, [{ productId, quantity: 1 }]);
  return { order, event: await createdEventOf(order._id) };
};

describe('join-admin', () => {
  it("answers an admin {room: 'admin'} and sends every customer's order events as {event: type, data, id}; product events not", async () => {
    const socket = await adminSocket();
    const shopper = await registerShopper(h);
    await createProduct(h, merchant.admin, { price: 1 });
    const { order, event } = await newOrder(shopper);
    await received(socket, event.id);

    expect(loggedFrames(socket)).toEqual([
      {
        event: 'order.created',
        data: { userId: shopper.userId, orderId: order._id, ...event.payload },
        id: event.id,
      },
    ]);
    expect(ajv.validate(ADMIN_FRAMES['order.created'], loggedFrames(socket)[0])).toBe(true);
  });

  it('answers a customer error FORBIDDEN and sends it no admin frame, while its own room goes on', async () => {
    const shopper = await registerShopper(h);
    const socket = await connectSocket(url, { headers: shopper.jar.header() });
    sockets.push(socket);
    socket.send('join-admin', undefined);
    expect(await socket.frame((frame) => frame.event === 'error', 'error')).toEqual({
      event: 'error',
      data: { code: 'FORBIDDEN' },
    });
    expect(await socket.join(shopper.userId)).toEqual({
      event: 'joined',
      data: { room: `user:${shopper.userId}` },
    });

    // An order (admin room only), then a completion in the customer's own room: the marker.
    await newOrder(shopper);
    const marker = await logCompletion(h.store, shopper.userId);
    await received(socket, marker.event.id);
    expect(loggedFrames(socket)).toEqual([marker.frame]);
  });
});

describe('resuming the admin room', () => {
  it('sends an admin that reconnects with its last id exactly the frames it missed, in order, then live ones', async () => {
    const first = await adminSocket();
    const seen = await newOrder();
    await received(first, seen.event.id);
    await first.close();

    const missed = [await newOrder(), await newOrder()];
    const again = await adminSocket(seen.event.id);
    const live = await newOrder();
    await received(again, live.event.id);

    expect(loggedFrames(again).map((frame) => [frame.event, frame.id])).toEqual(
      [...missed, live].map(({ event }) => ['order.created', event.id]),
    );
  });

  it('takes the id from a resume frame sent before join-admin', async () => {
    const from = await newOrder();
    const missed = await newOrder();
    const socket = await connectSocket(url, { headers: merchant.admin.jar.header() });
    sockets.push(socket);
    socket.send('resume', from.event.id);
    socket.send('join-admin', undefined);
    await received(socket, missed.event.id);
    const live = await newOrder();
    await received(socket, live.event.id);
    expect(loggedFrames(socket).map((frame) => frame.id)).toEqual([missed.event.id, live.event.id]);
  });
});

describe('webhook.disabled', () => {
  it('reaches the admin room when the dispatcher disables an endpoint that kept failing', async () => {
    const socket = await adminSocket();
    const hooks = await startWebhookReceiver();
    receiver = hooks;
    const created = await h.app.inject({
      method: 'POST',
      url: '/api/admin/webhooks',
      headers: merchant.admin.jar.header(),
      payload: { url: hooks.url, events: ['product.created'] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const webhookId = (json(created).webhook as { _id: string })._id;
    hooks.script(...Array.from({ length: 6 }, () => 'error' as const));

    await createProduct(h, merchant.admin, { price: 3 });
    await h.dispatchWebhooks();
    h.clock.advance(DISABLE_AFTER_MS);
    await createProduct(h, merchant.admin, { price: 4 });
    await h.dispatchWebhooks();

    const frame = await socket.frame((sent) => sent.event === 'webhook.disabled', 'webhook.disabled');
    const endpoint = await h.app.inject({
      method: 'GET',
      url: `/api/admin/webhooks/${webhookId}`,
      headers: merchant.admin.jar.header(),
    });
    const { enabled, disabledReason } = json(endpoint).webhook as {
      enabled: boolean;
      disabledReason: string;
    };
    expect(enabled).toBe(false);
    const logged = (await h.store.eventLog.readAfter(0, 10_000)).filter(
      (event) => event.type === 'webhook.disabled' && event.subjects.webhookId === webhookId,
    );
    expect(logged).toHaveLength(1);
    expect(frame).toEqual({
      event: 'webhook.disabled',
      data: { webhookId, url: hooks.url, reason: disabledReason },
      id: logged[0]?.id,
    });
    expect(disabledReason).toMatch(/HTTP 500/);
    expect(ajv.validate(ADMIN_FRAMES['webhook.disabled'], frame), JSON.stringify(ajv.errors)).toBe(true);
  });
});
