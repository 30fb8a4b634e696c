import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { SqliteDatabase } from '@trx-shop/store-sqlite';
import {
  ADMIN,
  type Answer,
  call,
  devnetControl,
  eventually,
  expectStatus,
  logIn,
  makeDataDir,
  type RegisteredAccount,
  registerAccount,
  removeDataDir,
  type ServiceProcess,
  startServiceProcess,
} from '@trx-shop/test-kit';
import type { RunningDevnet } from '@trx-shop/tron-devnet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SQLITE_FILE } from '../../src/composition/open-store.js';
import { sampleOf } from '../support/prometheus-text.js';
import { startTestDevnet } from '../support/test-app.js';
import { startWebhookReceiver, type WebhookReceiver } from '../webhooks/webhook-receiver.js';

/*
 * Two service processes on one SQLite file, one standalone devnet (docs/operations.md, "Metrics"):
 * orders, payments, a refund, deposits, a withdrawal and webhook deliveries spread over both
 * instances, each instance scraped on its own METRICS_PORT at different moments; each business
 * counter summed over the two equals the count the store holds, read from the file once both
 * have stopped.
 */

const PRICE_TRX = 2;

/** Every business series the store can be held to, by the query that counts it there. */
const STORE_COUNTS: Readonly<Record<string, string>> = {
  trx_shop_orders_created_total: 'SELECT count(*) FROM orders',
  trx_shop_orders_completed_total: "SELECT count(*) FROM orders WHERE payment_state = 'confirmed'",
  trx_shop_revenue_sun_total:
    "SELECT coalesce(sum(payment_amount_sun), 0) FROM orders WHERE payment_state = 'confirmed'",
  'trx_shop_refunds_total{outcome="confirmed"}':
    "SELECT count(*) FROM order_refunds WHERE state = 'confirmed'",
  'trx_shop_refunds_total{outcome="failed"}': "SELECT count(*) FROM order_refunds WHERE state = 'failed'",
  trx_shop_refunded_sun_total:
    "SELECT coalesce(sum(amount_sun), 0) FROM order_refunds WHERE state = 'confirmed'",
  trx_shop_deposits_total: "SELECT count(*) FROM transactions WHERE type = 'deposit'",
  trx_shop_deposited_sun_total:
    "SELECT coalesce(sum(amount_sun), 0) FROM transactions WHERE type = 'deposit'",
  'trx_shop_withdrawals_total{outcome="confirmed"}':
    "SELECT count(*) FROM transactions WHERE type = 'withdrawal' AND status = 'confirmed'",
  'trx_shop_withdrawals_total{outcome="failed"}':
    "SELECT count(*) FROM transactions WHERE type = 'withdrawal' AND status = 'failed'",
  trx_shop_withdrawn_sun_total:
    "SELECT coalesce(sum(amount_sun), 0) FROM transactions WHERE type = 'withdrawal' AND status = 'confirmed'",
  // Each delivery's last attempt made it succeeded or failed; every earlier one left it retrying.
  'trx_shop_webhook_deliveries_total{outcome="succeeded"}':
    "SELECT count(*) FROM webhook_deliveries WHERE status = 'succeeded'",
  'trx_shop_webhook_deliveries_total{outcome="failed"}':
    "SELECT count(*) FROM webhook_deliveries WHERE status = 'failed'",
  'trx_shop_webhook_deliveries_total{outcome="retrying"}':
    "SELECT coalesce(sum(json_array_length(attempts)), 0) - count(*) FILTER (WHERE status <> 'pending') FROM webhook_deliveries",
};

let node: RunningDevnet;
let receiver: WebhookReceiver;
beforeAll(async () => {
  node = await startTestDevnet();
  receiver = await startWebhookReceiver();
}, 60_000);
afterAll(async () => {
  await receiver?.close();
  await node?.stop();
});

const metricsUrlOf = async (instance: ServiceProcess): Promise<string> => {
  await instance.waitForOutput('"msg":"metrics listening"');
  const line = instance
    .output()
    .split('\n')
    .find((text) => text.includes('"msg":"metrics listening"'));
  const url = (JSON.parse(line ?? '{}') as { url?: string }).url;
  if (!url) throw new Error(`no metrics URL in ${line}`);
  return url;
};

const scrape = async (url: string): Promise<string> => {
  const answer = await fetch(url);
  expect(answer.status).toBe(200);
  return answer.text();
};

const bodyOf = (answer: Answer, what: string) => {
  expectStatus(answer, 200, what);
  return answer.body;
};

/** Waits until the buyer's ledger lists a line of this type and hash as confirmed. */
const confirmedLine = (apiUrl: string, buyer: RegisteredAccount, type: string, hash: string | null) =>
  eventually(
    async () =>
      bodyOf(await call(apiUrl, 'GET', `/api/transactions?type=${type}`, { token: buyer.token }), type)
        .transactions as { transactionHash: string; status: string }[],
    (lines) =>
      lines.some((line) => (hash === null || line.transactionHash === hash) && line.status === 'confirmed'),
    `a confirmed ${type} of ${buyer.email}`,
    30_000,
    50,
  );

describe('business metrics of two instances on one store', () => {
  it('sum over the instances to the counts the SQLite file holds', async () => {
    const dataDir = await makeDataDir();
    const devnet = devnetControl(node.url);
    const env = {
      TRON_FULL_HOST: node.url,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      METRICS_PORT: '0',
      LISTENER_INTERVAL_MS: '200',
      LISTENER_LEASE_MS: '2000',
      WEBHOOK_ALLOW_PRIVATE_HOSTS: 'true',
      WEBHOOK_RETRY_SCHEDULE: '1s,1s',
    };
    // One after the other: the first writes the secrets file the second reads.
    const first = await startServiceProcess(dataDir, env);
    const second = await startServiceProcess(dataDir, env);
    const sums: Record<string, number> = {};
    try {
      const [firstMetrics, secondMetrics] = [await metricsUrlOf(first), await metricsUrlOf(second)];
      const adminToken = await logIn(first.apiUrl, ADMIN.email, ADMIN.password);
      const product = await call(second.apiUrl, 'POST', '/api/admin/products', {
        token: adminToken,
        body: {
          name: `Mug ${randomBytes(3).toString('hex')}`,
          price: PRICE_TRX,
          category: 'physical',
          stock: 10,
        },
      });
      expectStatus(product, 201, 'create a product');
      const productId = (product.body.product as { _id: string })._id;
      // The receiver fails the first delivery once, so one attempt is recorded as retrying.
      receiver.script('error');
      const webhook = await call(first.apiUrl, 'POST', '/api/admin/webhooks', {
        token: adminToken,
        body: { url: receiver.url, events: ['order.completed', 'refund.confirmed'] },
      });
      expectStatus(webhook, 201, 'create a webhook endpoint');
      const webhookId = (webhook.body.webhook as { _id: string })._id;

      const [buyerA, buyerB, recipient] = [
        await registerAccount(first.apiUrl),
        await registerAccount(second.apiUrl),
        await registerAccount(second.apiUrl),
      ];
      await devnet.fund(buyerA.address, 50_000_000);
      await devnet.fund(buyerB.address, 50_000_000);
      await devnet.settle();
      await confirmedLine(first.apiUrl, buyerA, 'deposit', null);
      await confirmedLine(first.apiUrl, buyerB, 'deposit', null);

      const orderAndPay = async (instance: ServiceProcess, buyer: RegisteredAccount) => {
        const created = await call(instance.apiUrl, 'POST', '/api/orders', {
          token: buyer.token,
          body: { products: [{ productId, quantity: 1 }] },
        });
        expectStatus(created, 201, 'create an order');
        const orderId = (created.body.order as { _id: string })._id;
        const paid = await call(instance.apiUrl, 'POST', `/api/orders/${orderId}/pay`, {
          token: buyer.token,
        });
        expectStatus(paid, 200, 'pay the order');
        return { orderId, txHash: (paid.body.transaction as { hash: string }).hash };
      };
      const orderA = await orderAndPay(first, buyerA);
      const orderB = await orderAndPay(second, buyerB);
      await devnet.settle();
      await confirmedLine(second.apiUrl, buyerA, 'purchase', orderA.txHash);
      await confirmedLine(first.apiUrl, buyerB, 'purchase', orderB.txHash);
      // Only the first is scraped now: it counts everything logged so far.
      const firstMidway = await scrape(firstMetrics);

      const refund = await call(second.apiUrl, 'POST', `/api/admin/orders/${orderA.orderId}/refund`, {
        token: adminToken,
        body: { amount: 0.5 },
      });
      expectStatus(refund, 200, 'refund part of an order');
      const sent = await call(first.apiUrl, 'POST', '/api/wallets/send', {
        token: buyerB.token,
        body: { toAddress: recipient.address, amount: 1.5 },
      });
      expectStatus(sent, 200, 'withdraw');
      await devnet.settle();
      await confirmedLine(first.apiUrl, buyerA, 'refund', null);
      await confirmedLine(
        second.apiUrl,
        buyerB,
        'withdrawal',
        (sent.body.transaction as { hash: string }).hash,
      );
      await confirmedLine(second.apiUrl, recipient, 'deposit', null);
      // Only the second is scraped now: it counts what was logged since the first's scrape.
      const secondMidway = await scrape(secondMetrics);

      // Two completions and a refund, the first attempt retried once: all delivered.
      await eventually(
        async () =>
          bodyOf(
            await call(first.apiUrl, 'GET', `/api/admin/webhooks/${webhookId}/deliveries`, {
              token: adminToken,
            }),
            'deliveries',
          ).deliveries as { status: string }[],
        (deliveries) =>
          deliveries.length === 3 && deliveries.every((delivery) => delivery.status === 'succeeded'),
        'three webhook deliveries succeeded',
        30_000,
        50,
      );
      expect(receiver.received.map((request) => request.mode)).toEqual(['error', 'ok', 'ok', 'ok']);

      // Both at once: they race for whatever is left, and neither counts what the other did.
      const [firstLast, secondLast] = await Promise.all([scrape(firstMetrics), scrape(secondMetrics)]);
      for (const series of Object.keys(STORE_COUNTS)) {
        sums[series] = (sampleOf(firstLast, series) ?? 0) + (sampleOf(secondLast, series) ?? 0);
      }
      // The counting was split: each instance counted what happened before its own scrape.
      expect(sampleOf(firstMidway, 'trx_shop_orders_created_total')).toBe(2);
      expect(sampleOf(secondMidway, 'trx_shop_orders_created_total')).toBe(0);
      expect(sampleOf(secondMidway, 'trx_shop_refunds_total{outcome="confirmed"}')).toBe(1);
      expect(sampleOf(firstLast, 'trx_shop_refunds_total{outcome="confirmed"}')).toBe(0);
    } finally {
      await Promise.all([first.stop('SIGTERM'), second.stop('SIGTERM')]);
    }

    const db = new SqliteDatabase(join(dataDir, SQLITE_FILE), { readonly: true });
    const inStore: Record<string, number> = {};
    try {
      for (const [series, query] of Object.entries(STORE_COUNTS)) {
        inStore[series] = db.prepare(query).pluck().get() as number;
      }
    } finally {
      db.close();
      await removeDataDir(dataDir);
    }
    expect(sums).toEqual(inStore);
    // What the test did, so an empty store and empty counters cannot agree by doing nothing.
    expect(inStore).toMatchObject({
      trx_shop_orders_created_total: 2,
      trx_shop_orders_completed_total: 2,
      'trx_shop_refunds_total{outcome="confirmed"}': 1,
      trx_shop_refunded_sun_total: 500_000,
      trx_shop_deposits_total: 3,
      'trx_shop_withdrawals_total{outcome="confirmed"}': 1,
      trx_shop_withdrawn_sun_total: 1_500_000,
      'trx_shop_webhook_deliveries_total{outcome="succeeded"}': 3,
      'trx_shop_webhook_deliveries_total{outcome="retrying"}': 1,
    });
  }, 120_000);
});
