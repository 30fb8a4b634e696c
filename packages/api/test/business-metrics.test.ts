import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteDatabase } from '@trx-shop/store-sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createProduct,
  payRequest,
  placeOrder,
  registerShopper,
  type ScanningShop,
  type Shopper,
  settleAndScan,
  startScanningShop,
} from './shop/shop-fixtures.js';
import { json } from './support/http.js';
import { growth, sampleOf } from './support/prometheus-text.js';
import { startWebhookReceiver } from './webhooks/webhook-receiver.js';

/*
 * The business series of `/metrics` (docs/operations.md, "Metrics") after real actions over real
 * HTTP, on a SQLite file and the devnet: each grows by what the test did, in SUN taken from the
 * test's own amounts or from the devnet's list of transfers, never from the service's answers.
 */

const TOKEN = 'business-metrics-scraper-token';

const CREATED = 'trx_shop_orders_created_total';
const COMPLETED = 'trx_shop_orders_completed_total';
const REVENUE = 'trx_shop_revenue_sun_total';
const REFUNDS_CONFIRMED = 'trx_shop_refunds_total{outcome="confirmed"}';
const REFUNDS_FAILED = 'trx_shop_refunds_total{outcome="failed"}';
const REFUNDED = 'trx_shop_refunded_sun_total';
const DEPOSITS = 'trx_shop_deposits_total';
const DEPOSITED = 'trx_shop_deposited_sun_total';
const WITHDRAWALS_CONFIRMED = 'trx_shop_withdrawals_total{outcome="confirmed"}';
const WITHDRAWALS_FAILED = 'trx_shop_withdrawals_total{outcome="failed"}';
const WITHDRAWN = 'trx_shop_withdrawn_sun_total';
const delivered = (outcome: string) => `trx_shop_webhook_deliveries_total{outcome="${outcome}"}`;
const discrepancies = (kind: string) => `trx_shop_reconciliation_discrepancies{kind="${kind}"}`;

let directory: string;
let sqliteFile: string;
let shop: ScanningShop;
let alice: Shopper;

beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'trx-business-metrics-'));
  sqliteFile = join(directory, 'shop.db');
  shop = await startScanningShop({ sqliteFile, metricsToken: TOKEN });
  // Wallets made from now on were born after the scanner's first block: their opening is 0.
  shop.h.clock.advance(1_000);
  alice = await registerShopper(shop.h);
  await shop.devnet.fund(alice.address, 60_000_000);
  await shop.devnet.fund(shop.merchant.address, 20_000_000);
  await settleAndScan(shop.h, shop.devnet);
}, 30_000);
afterAll(async () => {
  await shop.h.close();
  await shop.node.stop();
  await rm(directory, { recursive: true, force: true });
});

const scrape = async (): Promise<string> => {
  const answer = await shop.h.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
  expect(answer.statusCode).toBe(200);
  return answer.body;
};

const asAdmin = (method: 'POST' | 'DELETE', url: string, payload?: object) =>
  shop.h.app.inject({
    method,
    url,
    headers: shop.merchant.admin.jar.header(),
    ...(payload === undefined ? {} : { payload }),
  });

/** An order of alice's, paid and confirmed on chain. */
const paidOrder = async (price: number) => {
  const productId = await createProduct(shop.h, shop.merchant.admin, { price, stock: 10 });
  const order = await placeOrder(shop.h, alice, [{ productId, quantity: 1 }]);
  const paid = await payRequest(shop.h, alice, order._id);
  expect(paid.statusCode, paid.body).toBe(200);
  await settleAndScan(shop.h, shop.devnet);
  return order;
};

describe('business counters on /metrics after real actions', () => {
  it('counts an order when it is placed, and its completion and the SUN paid once the chain confirms it', async () => {
    const productId = await createProduct(shop.h, shop.merchant.admin, { price: 3, stock: 10 });
    const before = await scrape();
    const order = await placeOrder(shop.h, alice, [{ productId, quantity: 2 }]);
    const placed = await scrape();
    expect(growth(before, placed, [CREATED, COMPLETED, REVENUE])).toEqual({
      [CREATED]: 1,
      [COMPLETED]: 0,
      [REVENUE]: 0,
    });

    const paid = await payRequest(shop.h, alice, order._id);
    expect(paid.statusCode, paid.body).toBe(200);
    await settleAndScan(shop.h, shop.devnet);
    const confirmed = await scrape();
    const payments = await shop.devnet.transfersBetween(alice.address, shop.merchant.address);
    expect(payments).toHaveLength(1);
    expect(growth(placed, confirmed, [CREATED, COMPLETED, REVENUE])).toEqual({
      [CREATED]: 0,
      [COMPLETED]: 1,
      [REVENUE]: payments[0]?.amountSun,
    });
  });

  it('counts a refund once confirmed, with the SUN it gave back', async () => {
    const order = await paidOrder(4);
    const before = await scrape();
    const refunded = await asAdmin('POST', `/api/admin/orders/${order._id}/refund`, { amount: 1.5 });
    expect(refunded.statusCode, refunded.body).toBe(200);
    const sent = await scrape();
    expect(growth(before, sent, [REFUNDS_CONFIRMED, REFUNDED])).toEqual({
      [REFUNDS_CONFIRMED]: 0,
      [REFUNDED]: 0,
    });

    await settleAndScan(shop.h, shop.devnet);
    expect(growth(sent, await scrape(), [REFUNDS_CONFIRMED, REFUNDS_FAILED, REFUNDED])).toEqual({
      [REFUNDS_CONFIRMED]: 1,
      [REFUNDS_FAILED]: 0,
      [REFUNDED]: 1_500_000,
    });
  });

  it('counts a deposit into a held wallet, with its SUN', async () => {
    const before = await scrape();
    await shop.devnet.fund(alice.address, 7_250_000);
    await settleAndScan(shop.h, shop.devnet);
    expect(growth(before, await scrape(), [DEPOSITS, DEPOSITED])).toEqual({
      [DEPOSITS]: 1,
      [DEPOSITED]: 7_250_000,
    });
  });

  it('counts withdrawals by outcome, with the SUN the confirmed ones sent', async () => {
    const outside = await shop.h.chain.createWallet();
    // Bob's first transfer spends free bandwidth only, so its failure burns no fee.
    const bob = await registerShopper(shop.h);
    await shop.devnet.fund(bob.address, 5_000_000);
    await settleAndScan(shop.h, shop.devnet);
    const send = async (sender: Shopper, amount: number) => {
      const sent = await shop.h.app.inject({
        method: 'POST',
        url: '/api/wallets/send',
        headers: sender.jar.header(),
        payload: { toAddress: outside.address, amount },
      });
      expect(sent.statusCode, sent.body).toBe(200);
      await settleAndScan(shop.h, shop.devnet);
    };
    const series = [WITHDRAWALS_CONFIRMED, WITHDRAWALS_FAILED, WITHDRAWN, DEPOSITS];
    const before = await scrape();
    await send(alice, 2.5);
    const confirmed = await scrape();
    expect(growth(before, confirmed, series)).toEqual({
      [WITHDRAWALS_CONFIRMED]: 1,
      [WITHDRAWALS_FAILED]: 0,
      [WITHDRAWN]: 2_500_000,
      [DEPOSITS]: 0,
    });

    // Included in a block but failed there: it moved nothing.
    await shop.devnet.injectFaults('fail-in-block', 1);
    await send(bob, 1);
    expect(growth(confirmed, await scrape(), series)).toEqual({
      [WITHDRAWALS_CONFIRMED]: 0,
      [WITHDRAWALS_FAILED]: 1,
      [WITHDRAWN]: 0,
      [DEPOSITS]: 0,
    });
  });

  it('counts webhook attempts by what became of the delivery: retrying, then succeeded', async () => {
    const receiver = await startWebhookReceiver();
    receiver.script('error');
    // Events already logged happened before the endpoint existed: none of them is delivered.
    shop.h.clock.advance(1_000);
    const created = await asAdmin('POST', '/api/admin/webhooks', {
      url: receiver.url,
      events: ['product.created'],
    });
    expect(created.statusCode, created.body).toBe(201);
    try {
      const series = ['succeeded', 'retrying', 'failed'].map(delivered);
      const before = await scrape();
      await createProduct(shop.h, shop.merchant.admin, { price: 1 });
      expect(await shop.h.dispatchWebhooks()).toBe(1);
      const failedOnce = await scrape();
      expect(growth(before, failedOnce, series)).toEqual({
        [delivered('succeeded')]: 0,
        [delivered('retrying')]: 1,
        [delivered('failed')]: 0,
      });

      // The first retry of the test policy is due 5 s later.
      shop.h.clock.advance(5_000);
      expect(await shop.h.dispatchWebhooks()).toBe(1);
      expect(receiver.received.map((request) => request.mode)).toEqual(['error', 'ok']);
      expect(growth(failedOnce, await scrape(), series)).toEqual({
        [delivered('succeeded')]: 1,
        [delivered('retrying')]: 0,
        [delivered('failed')]: 0,
      });
    } finally {
      await asAdmin('DELETE', `/api/admin/webhooks/${(json(created).webhook as { _id: string })._id}`);
      await receiver.close();
    }
  });

  it("shows the latest reconciliation's discrepancies by kind, and when it finished", async () => {
    const reconcile = async (payload: object) => {
      const run = await asAdmin('POST', '/api/admin/reconciliation', payload);
      expect(run.statusCode, run.body).toBe(200);
    };
    const kinds = (text: string) =>
      Object.fromEntries(
        ['missing-from-ledger', 'not-on-chain', 'failed-on-chain', 'mismatch', 'balance'].map((kind) => [
          kind,
          sampleOf(text, discrepancies(kind)),
        ]),
      );
    const finished = (text: string) => sampleOf(text, 'trx_shop_reconciliation_finished_timestamp_seconds');
    expect(kinds(await scrape())).toEqual(kinds(''));
    expect(finished(await scrape())).toBe(0);

    await reconcile({ allWallets: true });
    const clean = await scrape();
    expect(kinds(clean)).toEqual({
      'missing-from-ledger': 0,
      'not-on-chain': 0,
      'failed-on-chain': 0,
      mismatch: 0,
      balance: 0,
    });
    expect(finished(clean)).toBe(shop.h.clock.now().getTime() / 1000);

    // A deposit line edited behind the service to another amount than its transfer moved.
    const db = new SqliteDatabase(sqliteFile);
    try {
      const edited = db
        .prepare(
          "UPDATE transactions SET amount_sun = amount_sun + 500000 WHERE id = (SELECT id FROM transactions WHERE type = 'deposit' AND user_id = ? LIMIT 1)",
        )
        .run(alice.userId);
      expect(edited.changes).toBe(1);
    } finally {
      db.close();
    }
    shop.h.clock.advance(60_000);
    await reconcile({ fromBlock: 0 });
    const wrong = await scrape();
    expect(kinds(wrong)).toEqual({
      'missing-from-ledger': 0,
      'not-on-chain': 0,
      'failed-on-chain': 0,
      mismatch: 1,
      balance: 1,
    });
    expect(finished(wrong)).toBe(shop.h.clock.now().getTime() / 1000);
  });
});
