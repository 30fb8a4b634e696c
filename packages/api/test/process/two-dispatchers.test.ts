import { randomBytes, randomInt } from 'node:crypto';
import {
  ADMIN,
  call,
  eventually,
  expectStatus,
  logIn,
  makeDataDir,
  type RunningTestMongo,
  removeDataDir,
  type ServiceProcess,
  startServiceProcess,
  startTestMongo,
} from '@trx-shop/test-kit';
import type { RunningDevnet } from '@trx-shop/tron-devnet';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestDevnet } from '../support/test-app.js';
import {
  type ReceivedRequest,
  type ReceiverMode,
  startWebhookReceiver,
  type WebhookReceiver,
} from '../webhooks/webhook-receiver.js';
import {
  type ConnectionWatch,
  canWatchConnections,
  serviceProcessIds,
  watchConnections,
} from './support/connection-watch.js';

/*
 * Two service processes on one store, each running a webhook dispatcher (docs/api.md, "Webhooks"):
 * one instance turns logged events into deliveries, every instance claims due deliveries and POSTs
 * them, a claim in the store per attempt. Against a real receiver that answers every 5th of the
 * first requests with a 500 (retried after 1 s), and then redeliveries asked for through either
 * instance at random moments: every product's event is delivered, each attempt reaches the
 * receiver exactly once (per webhook-id, the requests are the logged attempts, in order, with the
 * receiver's answers), every request verifies per Standard Webhooks (which process sent each is reported, not required).
 *
 * Why redeliveries: a retry comes due a fixed wait after the attempt that failed, i.e. in step with
 * the poll of the instance that made it, which therefore nearly always claims the retry as well;
 * first attempts go to the instance that queues them (it claims right after). A redelivery is due
 * at the moment it is asked for, out of step with both polls, so both instances race for it.
 */

const PRODUCTS = 40;
/** Every 5th of the first PRODUCTS requests is answered 500, so 8 deliveries are retried. */
const FAIL_EVERY = 5;
const RETRY_SCHEDULE = '1s,1s,1s';
/** Redelivered (one more attempt each), alternating instances, up to 60 ms apart at random. */
const REDELIVERED = 20;

let node: RunningDevnet;
let mongo: RunningTestMongo | { readonly skipReason: string };
beforeAll(async () => {
  node = await startTestDevnet();
  mongo = await startTestMongo();
  if ('skipReason' in mongo)
    console.warn(`[two dispatchers] the MongoDB case is skipped: ${mongo.skipReason}`);
}, 120_000);
afterAll(async () => {
  await node?.stop();
  if (mongo && !('skipReason' in mongo)) await mongo.stop();
});

interface DeliveryView {
  readonly _id: string;
  readonly eventId: string;
  readonly eventType: string;
  readonly status: 'pending' | 'succeeded' | 'failed';
  readonly attempts: readonly { readonly attempt: number; readonly statusCode: number | null }[];
}

/** The status the receiver answers in a mode (webhook-receiver.ts), as the log should show it. */
const STATUS_OF: Partial<Record<ReceiverMode, number>> = { ok: 204, error: 500 };

const header = (request: ReceivedRequest, name: string): string => {
  const value = request.headers[name];
  if (typeof value !== 'string') throw new Error(`a request without one ${name} header: ${String(value)}`);
  return value;
};

const idOf = (request: ReceivedRequest) => header(request, 'webhook-id');
const isSuccess = (request: ReceivedRequest) => request.mode === 'ok';
const productIdOf = (request: ReceivedRequest) =>
  (JSON.parse(request.body) as { data: { productId?: string } }).data.productId;

const byWebhookId = (received: readonly ReceivedRequest[]): Map<string, ReceivedRequest[]> => {
  const grouped = new Map<string, ReceivedRequest[]>();
  for (const request of received)
    grouped.set(idOf(request), [...(grouped.get(idOf(request)) ?? []), request]);
  return grouped;
};

const successesPerId = (received: readonly ReceivedRequest[]): Map<string, number> => {
  const counts = new Map<string, number>();
  for (const request of received.filter(isSuccess))
    counts.set(idOf(request), (counts.get(idOf(request)) ?? 0) + 1);
  return counts;
};

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const scenario = async (storeEnv: Readonly<Record<string, string>>) => {
  const dataDir = await makeDataDir();
  const receiver: WebhookReceiver = await startWebhookReceiver();
  receiver.script(
    ...Array.from(
      { length: PRODUCTS },
      (_, index): ReceiverMode => ((index + 1) % FAIL_EVERY === 0 ? 'error' : 'ok'),
    ),
  );
  const env = {
    ...storeEnv,
    TRON_FULL_HOST: node.url,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    LISTENER_INTERVAL_MS: '600000',
    WEBHOOK_ALLOW_PRIVATE_HOSTS: 'true',
    WEBHOOK_RETRY_SCHEDULE: RETRY_SCHEDULE,
    WEBHOOK_TIMEOUT_MS: '5000',
    EVENT_POLL_INTERVAL_MS: '50',
  };
  const started: ServiceProcess[] = [];
  let watch: ConnectionWatch | null = null;
  try {
    // One after the other: the first writes the secrets file the second reads.
    const a = await startServiceProcess(dataDir, env);
    started.push(a);
    const b = await startServiceProcess(dataDir, env);
    started.push(b);
    const pids = canWatchConnections ? await serviceProcessIds(dataDir) : [];
    if (canWatchConnections) {
      expect(pids, 'the two service processes, found in /proc').toHaveLength(2);
      watch = watchConnections(pids, receiver.port);
    }

    const token = await logIn(a.apiUrl, ADMIN.email, ADMIN.password);
    // Only product.created: the endpoint's own audit event (webhook.created) stays out of the count.
    const created = await call(a.apiUrl, 'POST', '/api/admin/webhooks', {
      token,
      body: { url: receiver.url, events: ['product.created'] },
    });
    expectStatus(created, 201, 'create the webhook endpoint');
    const webhookId = (created.body.webhook as { _id: string })._id;
    const secret = created.body.secret as string;

    const readDeliveries = async (via: ServiceProcess) => {
      const listed = await call(via.apiUrl, 'GET', `/api/admin/webhooks/${webhookId}/deliveries?limit=100`, {
        token,
      });
      expectStatus(listed, 200, 'list the deliveries');
      return listed.body.deliveries as DeliveryView[];
    };
    /** Until no delivery is pending: the last attempts are written down, not only sent. */
    const settled = (via: ServiceProcess, what: string) =>
      eventually(
        () => readDeliveries(via),
        (deliveries) => deliveries.every((delivery) => delivery.status !== 'pending'),
        `${what}: every delivery settled in the log`,
        10_000,
        50,
      );

    // Round 1: each product created, through A and B in turn, is a product.created event.
    const productIds: string[] = [];
    for (let index = 0; index < PRODUCTS; index += 1) {
      const product = await call((index % 2 === 0 ? a : b).apiUrl, 'POST', '/api/admin/products', {
        token,
        body: {
          name: `Hook ${index} ${randomBytes(3).toString('hex')}`,
          price: 1,
          category: 'physical',
          stock: 1,
        },
      });
      expectStatus(product, 201, `create product ${index}`);
      productIds.push((product.body.product as { _id: string })._id);
    }
    const undelivered = async () => {
      const delivered = new Set(receiver.received.filter(isSuccess).map(productIdOf));
      return productIds.filter((id) => !delivered.has(id));
    };
    await eventually(
      undelivered,
      (missing) => missing.length === 0,
      'a successful delivery of every product.created (the products still missing)',
      30_000,
      50,
    );
    const firstRound = await settled(b, 'round 1');
    expect(firstRound.map((delivery) => delivery.eventType)).toEqual(productIds.map(() => 'product.created'));
    expect(
      firstRound.filter((delivery) => delivery.attempts.length > 1).length,
      'deliveries retried after a 500',
    ).toBeGreaterThan(0);

    // Round 2: redeliveries asked for at random moments, through A and B in turn.
    const redelivered = firstRound.slice(0, REDELIVERED);
    for (const [index, delivery] of redelivered.entries()) {
      await pause(randomInt(60));
      const answer = await call(
        (index % 2 === 0 ? a : b).apiUrl,
        'POST',
        `/api/admin/webhooks/${webhookId}/deliveries/${delivery._id}/redeliver`,
        { token },
      );
      expectStatus(answer, 202, `redeliver ${delivery.eventId}`);
    }
    await eventually(
      async () => successesPerId(receiver.received),
      (successes) => redelivered.every((delivery) => (successes.get(delivery.eventId) ?? 0) >= 2),
      'a second successful delivery of every redelivered event',
      15_000,
      50,
    );
    await settled(a, 'round 2');

    const receivedWhenSettled = receiver.received.length;
    const deliveries = await readDeliveries(a);
    expect(await readDeliveries(b), 'the log as the other instance reads it').toEqual(deliveries);

    // Quiet: nothing more arrives once everything succeeded (no late copy of an attempt). The
    // marker is a later event whose first attempt fails, so its retry comes due a retry's wait
    // after everything settled: once it succeeded, a stray retry of an earlier attempt would have
    // come due, and been sent, before it.
    receiver.script('error');
    const marker = await call(a.apiUrl, 'POST', '/api/admin/products', {
      token,
      body: { name: `Marker ${randomBytes(3).toString('hex')}`, price: 1, category: 'physical', stock: 1 },
    });
    expectStatus(marker, 201, 'create the marker product');
    const markerId = (marker.body.product as { _id: string })._id;
    await eventually(
      async () =>
        receiver.received.filter((request) => isSuccess(request) && productIdOf(request) === markerId),
      (delivered) => delivered.length > 0,
      'the marker event delivered after its retry',
      15_000,
      50,
    );
    await settled(b, 'the marker');
    expect(
      receiver.received.slice(receivedWhenSettled).map((request) => [productIdOf(request), request.mode]),
      'requests after every delivery succeeded: the marker’s failed attempt and its retry, nothing else',
    ).toEqual([
      [markerId, 'error'],
      [markerId, 'ok'],
    ]);
    await watch?.stop();
    expect(
      deliveries.map((delivery) => [delivery.eventId, delivery.eventType, delivery.status]).sort(),
      'every delivery succeeded',
    ).toEqual(firstRound.map((delivery) => [delivery.eventId, 'product.created', 'succeeded']).sort());
    const again = new Set(redelivered.map((delivery) => delivery._id));
    expect(
      deliveries.map((delivery) => [delivery._id, delivery.attempts.length]).sort(),
      'one more attempt for each redelivered delivery, none for the others',
    ).toEqual(
      firstRound
        .map((delivery) => [delivery._id, delivery.attempts.length + (again.has(delivery._id) ? 1 : 0)])
        .sort(),
    );

    // The webhook-ids answered 2xx, and those of every request, are exactly the logged events' ids;
    // each body tells its own event, and together they name each created product once.
    const received = receiver.received.slice(0, receivedWhenSettled);
    const grouped = byWebhookId(received);
    const eventIds = deliveries.map((delivery) => delivery.eventId).sort();
    expect(new Set(eventIds).size).toBe(PRODUCTS);
    expect([...new Set(received.filter(isSuccess).map(idOf))].sort()).toEqual(eventIds);
    expect([...grouped.keys()].sort()).toEqual(eventIds);
    for (const request of received) {
      const body = JSON.parse(request.body) as { type: string; id: string };
      expect([body.type, body.id]).toEqual(['product.created', idOf(request)]);
    }
    expect(
      [...grouped.values()]
        .map(
          (requests) =>
            (JSON.parse(requests[0]?.body ?? '{}') as { data: { productId: string } }).data.productId,
        )
        .sort(),
    ).toEqual([...productIds].sort());

    // No (webhook-id, attempt) sent twice, none lost: per delivery, the requests the receiver got
    // are its logged attempts, one each, numbered in order, with the answers the receiver gave.
    for (const delivery of deliveries) {
      expect(
        delivery.attempts.map((attempt) => attempt.attempt),
        `attempt numbers of ${delivery.eventId}`,
      ).toEqual(delivery.attempts.map((_, index) => index + 1));
      expect(
        (grouped.get(delivery.eventId) ?? []).map((request) => STATUS_OF[request.mode] ?? request.mode),
        `requests for ${delivery.eventId} against its logged attempts`,
      ).toEqual(delivery.attempts.map((attempt) => attempt.statusCode));
    }
    expect(received.filter((request) => request.mode === 'error')).toHaveLength(
      Math.floor(PRODUCTS / FAIL_EVERY),
    );
    expect(received).toHaveLength(deliveries.reduce((sum, delivery) => sum + delivery.attempts.length, 0));

    // Every request signed with the endpoint's secret, per Standard Webhooks.
    const webhook = new Webhook(secret);
    for (const request of received) {
      const headers = {
        'webhook-id': idOf(request),
        'webhook-timestamp': header(request, 'webhook-timestamp'),
        'webhook-signature': header(request, 'webhook-signature'),
      };
      expect(() => webhook.verify(request.body, headers), `signature of ${idOf(request)}`).not.toThrow();
    }

    // Which processes sent: reported, not required. Work spreads by need (docs/operations.md,
    // "Webhooks"), and under load the instance that fans out may claim every attempt itself; what
    // must hold is above: each attempt sent once, whoever sent it.
    if (watch) {
      const senders = [...watch.seen].filter((pid) => pids.includes(pid));
      expect(senders.length, 'at least one of the two processes sent').toBeGreaterThan(0);
      console.info(`[two dispatchers] ${senders.length} of the 2 processes sent requests`);
    }

    // Neither dispatcher reported a failed run or an attempt it could not record.
    for (const instance of [a, b]) {
      expect(instance.output()).not.toMatch(/webhook dispatch failed|webhook attempt failed to record/);
    }
  } finally {
    await watch?.stop();
    await Promise.all(started.map((instance) => instance.stop('SIGTERM')));
    await receiver.close();
    await removeDataDir(dataDir);
  }
};

describe('two webhook dispatchers on one store', () => {
  it(
    'on one SQLite file: every event delivered, each attempt sent once and signed',
    () => scenario({}),
    120_000,
  );

  it('on the MongoDB store: the same', async (context) => {
    if ('skipReason' in mongo) {
      context.skip(`needs a MongoDB: ${mongo.skipReason}`);
      return;
    }
    await scenario({ MONGODB_URI: mongo.uri, MONGODB_DB: `t_dispatchers_${randomBytes(6).toString('hex')}` });
  }, 120_000);
});
