import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { insertAdmin, loginAdmin } from '../admin/admin-fixtures.js';
import { json, type LoggedIn } from '../support/http.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { startWebhookReceiver, type WebhookReceiver } from './webhook-receiver.js';

/*
 * Webhook deliveries over real HTTP to a receiver on 127.0.0.1 (docs/api.md, "Webhooks"):
 * Standard Webhooks headers checked with the `standardwebhooks` package (an independent
 * implementation of the specification), retries on the schedule keeping the id, the delivery
 * log, redelivery, ping, rotation and disabling.
 */

const FIRST_RETRY_MS = 5_000;
const RETRIES = [FIRST_RETRY_MS, 60_000, 600_000];
let h: TestApp;
let adminUser: Parameters<typeof loginAdmin>[1];
let admin: LoggedIn;
let receiver: WebhookReceiver;

beforeAll(async () => {
  h = await createTestApp({
    webhooks: { timeoutMs: 500, policy: { retrySchedule: RETRIES, disableAfterMs: 3_600_000 } },
  });
  adminUser = (await insertAdmin(h)).user;
  admin = await loginAdmin(h, adminUser);
});
afterAll(async () => {
  await h.close();
});
beforeEach(async () => {
  receiver = await startWebhookReceiver();
});
afterEach(async () => {
  await receiver.close();
  for (const webhook of await h.store.webhooks.listEndpoints())
    await h.store.webhooks.deleteEndpoint(webhook.id);
});

/** As the admin; the tests move the clock past the access token's life, so it logs in again then. */
const call = async (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: object) => {
  const send = () =>
    h.app.inject({ method, url, headers: admin.jar.header(), ...(body ? { payload: body } : {}) });
  const answer = await send();
  if (answer.statusCode !== 401) return answer;
  admin = await loginAdmin(h, adminUser);
  return send();
};

const createEndpoint = async (body: object = {}) => {
  const created = await call('POST', '/api/admin/webhooks', { url: receiver.url, ...body });
  expect(created.statusCode, created.body).toBe(201);
  return json(created) as { webhook: { _id: string }; secret: string };
};

const createProduct = async (name: string) => {
  const created = await call('POST', '/api/admin/products', {
    name,
    price: 2.5,
    category: 'digital',
    stock: 3,
  });
  expect(created.statusCode, created.body).toBe(201);
  return (json(created).product as { _id: string })._id;
};

const deliveriesOf = async (webhookId: string) => {
  const listed = await call('GET', `/api/admin/webhooks/${webhookId}/deliveries`);
  expect(listed.statusCode, listed.body).toBe(200);
  return json(listed).deliveries as {
    _id: string;
    eventId: string;
    eventType: string;
    status: string;
    nextAttemptAt: string | null;
    attempts: { attempt: number; statusCode: number | null; error: string | null; response: string }[];
  }[];
};

/** The signature the specification gives for this request, computed by the reference package. */
const expectedSignature = (secret: string, headers: Record<string, unknown>, body: string) =>
  new Webhook(secret).sign(
    String(headers['webhook-id']),
    new Date(Number(headers['webhook-timestamp']) * 1000),
    body,
  );

describe('a delivery', () => {
  it('carries the event signed per Standard Webhooks: id, timestamp, v1 signature, and the body with type, id, sequence, time and data', async () => {
    const { webhook, secret } = await createEndpoint({ events: ['product.created'] });
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32,}={0,2}$/);
    const productId = await createProduct('Signed sticker');
    await createProduct('Second sticker');
    await call('PATCH', `/api/admin/products/${productId}`, { stock: 9 });

    expect(await h.dispatchWebhooks()).toBe(2);
    const logged = (await h.store.eventLog.readAfter(0, 1_000)).filter(
      (event) => event.type === 'product.created',
    );
    // Attempted concurrently: they may arrive in either order.
    expect(receiver.received.map((request) => request.headers['webhook-id']).sort()).toEqual(
      logged.map((event) => event.id).sort(),
    );
    const first = receiver.received.find((request) => request.headers['webhook-id'] === logged[0]?.id);
    if (!first) throw new Error('nothing received');
    expect(first.headers['content-type']).toBe('application/json');
    expect(Number(first.headers['webhook-timestamp'])).toBe(Math.floor(h.clock.now().getTime() / 1000));
    expect(String(first.headers['webhook-signature']).split(' ')).toEqual([
      expectedSignature(secret, first.headers, first.body),
    ]);
    const event = logged[0];
    expect(JSON.parse(first.body)).toEqual({
      type: 'product.created',
      id: event?.id,
      sequence: event?.sequence,
      timestamp: event?.occurredAt.toISOString(),
      data: {
        productId,
        name: 'Signed sticker',
        price: '2.5',
        priceUsdt: null,
        category: 'digital',
        stock: 3,
        isActive: true,
      },
    });
    const deliveries = await deliveriesOf(webhook._id);
    expect(
      deliveries.map((delivery) => [delivery.eventType, delivery.status, delivery.attempts.length]),
    ).toEqual([
      ['product.created', 'succeeded', 1],
      ['product.created', 'succeeded', 1],
    ]);
    expect(deliveries[0]?.attempts[0]).toMatchObject({ attempt: 1, statusCode: 204, error: null });
  });

  it('retries a 500, a timeout and a reset on the schedule with the same id, then succeeds once', async () => {
    const { webhook, secret } = await createEndpoint();
    receiver.script('error', 'hang', 'reset');
    await createProduct('Retried sticker');

    expect(await h.dispatchWebhooks()).toBe(1);
    const [delivery] = await deliveriesOf(webhook._id);
    expect(delivery).toMatchObject({
      status: 'pending',
      nextAttemptAt: new Date(h.clock.now().getTime() + FIRST_RETRY_MS).toISOString(),
    });
    // Not due yet: nothing is sent before the wait is over.
    h.clock.advance(FIRST_RETRY_MS - 1);
    expect(await h.dispatchWebhooks()).toBe(0);
    for (const wait of RETRIES) {
      h.clock.advance(wait);
      expect(await h.dispatchWebhooks()).toBe(1);
    }
    expect(receiver.received.map((request) => request.mode)).toEqual(['error', 'hang', 'reset', 'ok']);
    const ids = new Set(receiver.received.map((request) => request.headers['webhook-id']));
    expect(ids.size).toBe(1);
    for (const request of receiver.received) {
      expect(String(request.headers['webhook-signature'])).toBe(
        expectedSignature(secret, request.headers, request.body),
      );
    }
    const [settled] = await deliveriesOf(webhook._id);
    expect(settled?.status).toBe('succeeded');
    expect(
      settled?.attempts.map((attempt) => [attempt.attempt, attempt.statusCode, attempt.error === null]),
    ).toEqual([
      [1, 500, true],
      [2, null, false],
      [3, null, false],
      [4, 204, true],
    ]);
    expect(settled?.attempts[0]?.response).toBe('receiver broke on purpose');
    expect(settled?.attempts[1]?.error).toMatch(/within 500 ms/);
    // Done: later runs send nothing more.
    h.clock.advance(3_600_000);
    expect(await h.dispatchWebhooks()).toBe(0);
    expect(receiver.received).toHaveLength(4);
  });

  it('fails the delivery after the last attempt, and a redelivery sends it again with the same id', async () => {
    const { webhook } = await createEndpoint();
    receiver.script('error', 'error', 'redirect', 'error');
    await createProduct('Failing sticker');
    await h.dispatchWebhooks();
    for (const wait of RETRIES) {
      h.clock.advance(wait);
      await h.dispatchWebhooks();
    }
    const [failed] = await deliveriesOf(webhook._id);
    expect(failed).toMatchObject({ status: 'failed', nextAttemptAt: null });
    expect(failed?.attempts.map((attempt) => attempt.statusCode)).toEqual([500, 500, 302, 500]);
    // The redirect was not followed: nothing reached the address it named.
    expect(receiver.received).toHaveLength(4);

    const redelivered = await call(
      'POST',
      `/api/admin/webhooks/${webhook._id}/deliveries/${failed?._id}/redeliver`,
    );
    expect(redelivered.statusCode, redelivered.body).toBe(202);
    expect(json(redelivered).delivery).toMatchObject({ _id: failed?._id, status: 'pending' });
    expect(await h.dispatchWebhooks()).toBe(1);
    expect(receiver.received.map((request) => request.headers['webhook-id'])).toEqual(
      Array.from({ length: 5 }, () => failed?.eventId),
    );
    const [after] = await deliveriesOf(webhook._id);
    expect(after).toMatchObject({ status: 'succeeded' });
    expect(after?.attempts.map((attempt) => attempt.attempt)).toEqual([1, 2, 3, 4, 5]);
  });

  it('keeps only the first 1 KB of a large answer', async () => {
    const { webhook } = await createEndpoint();
    receiver.script('large');
    await createProduct('Chatty receiver');
    await h.dispatchWebhooks();
    const [delivery] = await deliveriesOf(webhook._id);
    expect(delivery?.attempts[0]).toMatchObject({ statusCode: 200, response: 'x'.repeat(1024) });
  });

  it('sends a ping through the same queue, to any filter', async () => {
    const { webhook, secret } = await createEndpoint({ events: ['order.refunded'] });
    const pinged = await call('POST', `/api/admin/webhooks/${webhook._id}/ping`);
    expect(pinged.statusCode, pinged.body).toBe(202);
    const delivery = json(pinged).delivery as { eventId: string; eventType: string };
    expect(delivery.eventType).toBe('webhook.ping');
    expect(await h.dispatchWebhooks()).toBe(1);
    const [request] = receiver.received;
    expect(request?.headers['webhook-id']).toBe(delivery.eventId);
    expect(JSON.parse(request?.body ?? '{}')).toMatchObject({
      type: 'webhook.ping',
      data: { webhookId: webhook._id },
    });
    expect(String(request?.headers['webhook-signature'])).toBe(
      expectedSignature(secret, request?.headers ?? {}, request?.body ?? ''),
    );
  });

  it('signs with the old and the new secret for a day after a rotation, then with the new one only', async () => {
    const { webhook, secret: old } = await createEndpoint();
    const rotated = await call('POST', `/api/admin/webhooks/${webhook._id}/rotate-secret`);
    expect(rotated.statusCode, rotated.body).toBe(200);
    const { secret: fresh } = json(rotated) as { secret: string };
    expect(fresh).not.toBe(old);
    expect(json(rotated).webhook).toMatchObject({
      previousSecretExpiresAt: new Date(h.clock.now().getTime() + 86_400_000).toISOString(),
    });
    await createProduct('During the grace');
    await h.dispatchWebhooks();
    const [during] = receiver.received;
    expect(String(during?.headers['webhook-signature']).split(' ')).toEqual([
      expectedSignature(fresh, during?.headers ?? {}, during?.body ?? ''),
      expectedSignature(old, during?.headers ?? {}, during?.body ?? ''),
    ]);
    h.clock.advance(86_400_000);
    await createProduct('After the grace');
    await h.dispatchWebhooks();
    const after = receiver.received[1];
    expect(String(after?.headers['webhook-signature'])).toBe(
      expectedSignature(fresh, after?.headers ?? {}, after?.body ?? ''),
    );
  });

  it('disables an endpoint whose attempts failed for the configured time, with a reason, and enabling it again clears that', async () => {
    const { webhook } = await createEndpoint();
    receiver.script(...Array.from({ length: 12 }, () => 'error' as const));
    await createProduct('First failure');
    await h.dispatchWebhooks();
    expect(json(await call('GET', `/api/admin/webhooks/${webhook._id}`)).webhook).toMatchObject({
      enabled: true,
      failingSince: h.clock.now().toISOString(),
    });
    // An hour of failures later (the test policy's limit), the next failure disables it.
    h.clock.advance(3_600_000);
    await createProduct('Still failing');
    await h.dispatchWebhooks();
    const disabled = json(await call('GET', `/api/admin/webhooks/${webhook._id}`)).webhook as {
      enabled: boolean;
      disabledReason: string | null;
    };
    expect(disabled.enabled).toBe(false);
    expect(disabled.disabledReason).toMatch(/HTTP 500/);

    // Disabled: events are not queued for it, and due retries are not sent.
    const sentBefore = receiver.received.length;
    await createProduct('While disabled');
    h.clock.advance(3_600_000);
    await h.dispatchWebhooks();
    expect(receiver.received).toHaveLength(sentBefore);
    const enabled = await call('PATCH', `/api/admin/webhooks/${webhook._id}`, { enabled: true });
    expect(json(enabled).webhook).toMatchObject({ enabled: true, disabledReason: null, failingSince: null });
  });
});
