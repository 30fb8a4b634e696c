import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { NO_SUBJECTS, type ShopStore } from '@trx-shop/domain';
import { newObjectId } from '@trx-shop/store-contract';
import { openSqliteStore } from '@trx-shop/store-sqlite';
import { eventually } from '@trx-shop/test-kit';
import { freePort } from './free-port.js';
import { percentile } from './latency-sample.js';
import type { BenchPlan } from './plan.js';
import { startServiceProcess } from './service-process.js';
import { signIn, unwrapFor } from './shop-client.js';
import { SQLITE_FILE } from './sqlite-file.js';
import { newWorkDir } from './work-dir.js';

export interface WebhookFigures {
  /** A burst of events logged at once, delivered as fast as the dispatcher can. */
  readonly burstEvents: number;
  readonly deliveriesPerSecond: number;
  /** Events logged one by one at a steady rate: from the event's time to its arrival at the receiver. */
  readonly steadyEvents: number;
  readonly steadyRatePerSecond: number;
  readonly latencyP50Ms: number;
  readonly latencyP99Ms: number;
}

const STEADY_RATE = 100;

/** A local receiver answering 204 at once, timing each delivery's arrival against its event's time. */
const startReceiver = async () => {
  const arrivals: { at: number; latencyMs: number }[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const at = Date.now();
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { timestamp: string };
      arrivals.push({ at, latencyMs: at - Date.parse(body.timestamp) });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/bench-hook`,
    arrivals,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

/** Logs a `product.updated` event now, as a relay would: the dispatcher's input. */
const logEvent = async (store: ShopStore) => {
  const at = new Date();
  await store.eventLog.insert(
    {
      id: newObjectId(),
      type: 'product.updated',
      occurredAt: at,
      subjects: { ...NO_SUBJECTS, productId: newObjectId() },
      payload: { stock: 7 },
      actor: null,
    },
    await store.eventLog.takeSequence(),
    at,
  );
};

/**
 * The webhook dispatcher of a service process (the embedded SQLite default) delivering to a
 * receiver in this process: events are logged straight into the service's store (a second
 * connection on its file), so what is measured is the dispatcher's own work: fan-out, claims,
 * signed requests, recorded attempts.
 */
export const runWebhookSection = async (
  plan: BenchPlan,
  adminEnv: { ADMIN_EMAIL: string; ADMIN_PASSWORD: string },
): Promise<WebhookFigures> => {
  const dir = newWorkDir('webhooks');
  const receiver = await startReceiver();
  const service = await startServiceProcess({
    dataDir: dir,
    port: await freePort(),
    env: { ...adminEnv, WEBHOOK_ALLOW_PRIVATE_HOSTS: 'true', LISTENER_INTERVAL_MS: '86400000' },
  });
  const store = await openSqliteStore({ filename: join(dir, SQLITE_FILE) });
  try {
    const admin = await signIn(service.baseUrl, adminEnv.ADMIN_EMAIL, adminEnv.ADMIN_PASSWORD);
    await unwrapFor(
      'create the bench webhook',
      admin.POST('/api/admin/webhooks', { body: { url: receiver.url } }),
    );
    // The endpoint receives what happens after its creation: the dispatcher's next run sees it.
    await new Promise((resolve) => setTimeout(resolve, 200));

    const steadyEvents = plan.webhookSteadyEvents;
    for (let index = 0; index < steadyEvents; index += 1) {
      await logEvent(store);
      await new Promise((resolve) => setTimeout(resolve, 1_000 / STEADY_RATE));
    }
    await eventually(
      async () => receiver.arrivals.length,
      (count) => count >= steadyEvents,
      'the steady deliveries',
      60_000,
      20,
    );
    const latencies = receiver.arrivals.map((arrival) => arrival.latencyMs);

    const burstEvents = plan.webhookBurstEvents;
    const before = receiver.arrivals.length;
    for (let index = 0; index < burstEvents; index += 1) await logEvent(store);
    const loggedAt = performance.now();
    await eventually(
      async () => receiver.arrivals.length - before,
      (count) => count >= burstEvents,
      'the burst deliveries',
      300_000,
      20,
    );
    const burstSeconds = (performance.now() - loggedAt) / 1000;
    return {
      burstEvents,
      deliveriesPerSecond: burstEvents / burstSeconds,
      steadyEvents,
      steadyRatePerSecond: STEADY_RATE,
      latencyP50Ms: percentile(latencies, 0.5),
      latencyP99Ms: percentile(latencies, 0.99),
    };
  } finally {
    await store.close();
    await service.stop();
    await receiver.close();
  }
};
