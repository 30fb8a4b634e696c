import {
  ADMIN,
  call,
  eventually,
  expectStatus,
  logIn,
  makeDataDir,
  removeDataDir,
  startServiceProcess,
} from '@trx-shop/test-kit';
import type { RunningDevnet } from '@trx-shop/tron-devnet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestDevnet } from '../support/test-app.js';
import { startWebhookReceiver, type WebhookReceiver } from '../webhooks/webhook-receiver.js';

/*
 * Deliveries survive the process (docs/api.md, "Webhooks"): a service killed with SIGKILL while
 * its deliveries wait for a retry leaves them in the store, and the next process delivers each.
 */

const PRODUCTS = 3;

let node: RunningDevnet;
let receiver: WebhookReceiver;
let dataDir: string;
beforeAll(async () => {
  node = await startTestDevnet();
  receiver = await startWebhookReceiver();
  dataDir = await makeDataDir();
});
afterAll(async () => {
  await receiver.close();
  await node.stop();
  await removeDataDir(dataDir);
});

describe('webhook deliveries across a crash', () => {
  it('are delivered by the next process after a SIGKILL, each once with a success', async () => {
    const env = {
      TRON_FULL_HOST: node.url,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LISTENER_INTERVAL_MS: '600000',
      WEBHOOK_ALLOW_PRIVATE_HOSTS: 'true',
      // The first retry waits longer than the kill takes: the deliveries are pending when it comes.
      WEBHOOK_RETRY_SCHEDULE: '3s,1s,1s',
      WEBHOOK_TIMEOUT_MS: '1000',
    };
    receiver.script(...Array.from({ length: PRODUCTS }, () => 'error' as const));
    const first = await startServiceProcess(dataDir, env);
    const token = await logIn(first.apiUrl, ADMIN.email, ADMIN.password);
    expectStatus(
      await call(first.apiUrl, 'POST', '/api/admin/webhooks', {
        token,
        body: { url: receiver.url, events: ['product.created'] },
      }),
      201,
      'create the endpoint',
    );
    for (let index = 0; index < PRODUCTS; index += 1) {
      expectStatus(
        await call(first.apiUrl, 'POST', '/api/admin/products', {
          token,
          body: { name: `Crash ${index}`, price: 1, category: 'physical', stock: 1 },
        }),
        201,
        'create a product',
      );
    }
    await eventually(
      async () => receiver.received.length,
      (count) => count >= PRODUCTS,
      'the first attempts (all answered 500)',
      20_000,
      20,
    );
    expect(await first.stop('SIGKILL')).toMatchObject({ signal: 'SIGKILL' });
    expect(receiver.received.map((request) => request.mode)).toEqual(
      Array.from({ length: PRODUCTS }, () => 'error'),
    );

    const second = await startServiceProcess(dataDir, env);
    try {
      const delivered = await eventually(
        async () => receiver.received.filter((request) => request.mode === 'ok'),
        (ok) => ok.length >= PRODUCTS,
        'the retries by the next process',
        30_000,
        50,
      );
      const failedIds = receiver.received
        .filter((request) => request.mode === 'error')
        .map((r) => r.headers['webhook-id']);
      // The same ids, each retried once and then successfully.
      expect(delivered.map((request) => request.headers['webhook-id']).sort()).toEqual([...failedIds].sort());
      expect(new Set(failedIds).size).toBe(PRODUCTS);
    } finally {
      await second.stop('SIGTERM');
    }
  }, 90_000);
});
