import type { TransactionRecord } from '@trx-shop/domain';
import type { DevnetControl } from '@trx-shop/test-kit';
import type { RunningDevnet } from '@trx-shop/tron-devnet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json } from '../support/http.js';
import type { TestApp } from '../support/test-app.js';
import {
  createProduct,
  type Merchant,
  settleAndScan,
  payRequest,
  placeOrder,
  registerShopper,
  type Shopper,
  startScanningShop,
} from './shop-fixtures.js';

/*
 * Every movement of every held wallet is in the ledger (docs/api.md, "Deposits" and "Fees"):
 * after 100 mixed payments, partial and full refunds, withdrawals (to customers and to new outside accounts) and
 * deposits on the devnet, each wallet's balance on the solidified chain equals, exactly in SUN,
 * what its ledger lines say: deposits, payments and refunds received, minus payments, refunds
 * and withdrawals sent, minus the fees it burned. Every wallet starts empty after the scanner's
 * first run, so its opening balance is 0.
 */

const OPERATIONS = 100;
let node: RunningDevnet;
let h: TestApp;
let devnet: DevnetControl;
let merchant: Merchant;
let shoppers: Shopper[];
let productId: string;

/** A seeded generator (mulberry32), so a failure replays the same sequence. */
const random = (() => {
  let state = 0x5eed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
})();
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;

const settleAll = () => settleAndScan(h, devnet);

beforeAll(async () => {
  // The scanner starts before any wallet holds anything: from here on, every movement is a line.
  ({ node, h, devnet, merchant } = await startScanningShop());
  shoppers = [];
  for (let index = 0; index < 4; index += 1) shoppers.push(await registerShopper(h));
  await devnet.fund(merchant.address, 200_000_000);
  for (const shopper of shoppers) await devnet.fund(shopper.address, 300_000_000);
  productId = await createProduct(h, merchant.admin, { price: 2.5, stock: 10_000 });
  await settleAll();
}, 60_000);
afterAll(async () => {
  await h.close();
  await node.stop();
});

const completedOrders: { id: string }[] = [];
let depositSerial = 0;

const operations: Record<string, () => Promise<void>> = {
  pay: async () => {
    const buyer = pick(shoppers);
    const pending = await h.store.orders.findPendingByUser(buyer.userId);
    if (pending) return;
    const order = await placeOrder(h, buyer, [{ productId, quantity: 1 + Math.floor(random() * 3) }]);
    const paid = await payRequest(h, buyer, order._id);
    expect(paid.statusCode, paid.body).toBe(200);
    completedOrders.push({ id: order._id });
  },
  refund: async () => {
    const candidate = completedOrders[Math.floor(random() * completedOrders.length)];
    if (!candidate) return;
    const order = await h.store.orders.findById(candidate.id);
    const paidSun = order?.payment?.state === 'confirmed' ? order.payment.amountSun : 0;
    const leftSun = paidSun - (order?.refundClaimedSun ?? 0);
    if (order?.status !== 'completed' || leftSun <= 0) return;
    // Mostly parts (a whole TRX while that fits), sometimes everything left.
    const part = random() < 0.7 && leftSun > 1_000_000;
    const refunded = await h.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${candidate.id}/refund`,
      headers: merchant.admin.jar.header(),
      ...(part ? { payload: { amount: 1, reason: 'partial' } } : {}),
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    if (!part) completedOrders.splice(completedOrders.indexOf(candidate), 1);
  },
  withdrawToCustomer: async () => {
    const sender = pick(shoppers);
    const recipient = pick(shoppers.filter((shopper) => shopper !== sender));
    const sent = await h.app.inject({
      method: 'POST',
      url: '/api/wallets/send',
      headers: sender.jar.header(),
      payload: { toAddress: recipient.address, amount: 1 + Math.floor(random() * 5) },
    });
    expect(sent.statusCode, sent.body).toBe(200);
  },
  withdrawOutside: async () => {
    // A new account: the transfer burns the account-creation fee.
    const sent = await h.app.inject({
      method: 'POST',
      url: '/api/wallets/send',
      headers: pick(shoppers).jar.header(),
      payload: { toAddress: (await h.chain.createWallet()).address, amount: 1.5 },
    });
    expect(sent.statusCode, sent.body).toBe(200);
  },
  deposit: async () => {
    // Distinct amounts: the devnet gives identical fundings in one block one txID.
    depositSerial += 1;
    await devnet.fund(
      pick([...shoppers.map((shopper) => shopper.address), merchant.address]),
      7_000_000 + depositSerial,
    );
  },
};

describe('the ledger explains every held wallet', () => {
  it(`after ${OPERATIONS} mixed operations, balance on chain = in - out - fees for every wallet, in SUN`, async () => {
    const names = Object.keys(operations);
    for (let step = 0; step < OPERATIONS; step += 1) {
      await (operations[pick(names)] as () => Promise<void>)();
      // Transfers settle in batches, so several are in flight at once (and share blocks).
      if (step % 5 === 4) await settleAll();
    }
    await settleAll();
    await settleAll();

    const lines: TransactionRecord[] = [];
    for (const userId of [merchant.admin.userId, ...shoppers.map((shopper) => shopper.userId)]) {
      for (let page = 1; ; page += 1) {
        const listed = await h.store.transactions.listByUser(userId, {}, { limit: 100, page });
        lines.push(...listed.items);
        if (page >= listed.pages) break;
      }
    }
    expect(lines.filter((line) => line.status === 'pending')).toEqual([]);
    const confirmed = lines.filter((line) => line.status === 'confirmed');
    expect(confirmed.filter((line) => line.type === 'fee').length).toBeGreaterThan(0);
    expect(confirmed.filter((line) => line.type === 'refund').length).toBeGreaterThan(0);
    expect(confirmed.filter((line) => line.type === 'deposit').length).toBeGreaterThan(shoppers.length);

    const sum = (selected: TransactionRecord[]) =>
      selected.reduce((total, line) => total + line.amountSun, 0);
    for (const wallet of [merchant.address, ...shoppers.map((shopper) => shopper.address)]) {
      const received = sum(
        confirmed.filter(
          (line) => line.toAddress === wallet && ['purchase', 'refund', 'deposit'].includes(line.type),
        ),
      );
      const sent = sum(
        confirmed.filter(
          (line) => line.fromAddress === wallet && ['purchase', 'refund', 'withdrawal'].includes(line.type),
        ),
      );
      const burned = sum(confirmed.filter((line) => line.fromAddress === wallet && line.type === 'fee'));
      const onChain = await h.chain.getConfirmedBalance(wallet);
      expect({ wallet, onChain }).toEqual({ wallet, onChain: received - sent - burned });
    }
    expect(
      confirmed.filter((line) => line.type === 'refund' && line.amountSun === 1_000_000).length,
    ).toBeGreaterThan(0);
  }, 180_000);

  it('and a reconciliation of that history against the chain, every wallet included, reports nothing', async () => {
    const response = await h.app.inject({
      method: 'POST',
      url: '/api/admin/reconciliation',
      headers: merchant.admin.jar.header(),
      payload: { allWallets: true },
    });
    expect(response.statusCode, response.body).toBe(200);
    const report = json(response).report as {
      ok: boolean;
      walletsChecked: number;
      walletsSkipped: number;
      openingsRecorded: number;
      transfersChecked: number;
      discrepancies: unknown[];
    };
    expect(report.discrepancies).toEqual([]);
    expect(report.ok).toBe(true);
    // Every wallet compared (none in flight after the last settlement), each from its opening.
    expect(report.walletsChecked + report.openingsRecorded).toBe(1 + shoppers.length);
    expect(report.walletsSkipped).toBe(0);
    expect(report.transfersChecked).toBeGreaterThan(OPERATIONS / 2);
  }, 60_000);
});
