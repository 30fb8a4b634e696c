import { join } from 'node:path';
import {
  ADMIN,
  call,
  eventually,
  logIn,
  makeDataDir,
  registerAccount,
  removeDataDir,
  startServiceProcess,
} from '@trx-shop/test-kit';
import { openSqliteStore } from '@trx-shop/store-sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SQLITE_FILE } from '../../src/composition/open-store.js';
import {
  balanceSun,
  payOrder,
  placeOrder,
  trxToSun,
  waitForAirdrop,
  waitForOrderStatus,
} from './shop-client.js';

const AIRDROP_SUN = 1000 * 1_000_000;

describe('a restart between payment and confirmation', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await makeDataDir();
  });
  afterAll(() => removeDataDir(dataDir));

  it('completes the order after the restart, charging the buyer and paying the merchant exactly once', async () => {
    const admin = { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password };
    // The listener runs once right after listen, before any payment exists; with a ten-minute
    // interval it cannot run again before the stop, so the payment is left pending.
    const first = await startServiceProcess(dataDir, { ...admin, LISTENER_INTERVAL_MS: '600000' });
    let buyer: Awaited<ReturnType<typeof registerAccount>>;
    let order: Awaited<ReturnType<typeof placeOrder>>;
    let hash: string;
    try {
      buyer = await registerAccount(first.apiUrl);
      expect(await waitForAirdrop(first.apiUrl, buyer.token)).toBe(AIRDROP_SUN);
      order = await placeOrder(first.apiUrl, buyer.token);
      hash = await payOrder(first.apiUrl, buyer.token, order.id);
    } finally {
      expect(await first.stop('SIGTERM')).toEqual({ code: 0, signal: null });
    }

    const between = await openSqliteStore({ filename: join(dataDir, SQLITE_FILE) });
    try {
      expect((await between.transactions.findByHash(hash))?.status).toBe('pending');
      expect((await between.orders.findById(order.id))?.status).toBe('pending');
    } finally {
      await between.close();
    }

    const second = await startServiceProcess(dataDir, { ...admin, LISTENER_INTERVAL_MS: '200' });
    try {
      const token = await logIn(second.apiUrl, buyer.email, buyer.password);
      await waitForOrderStatus(second.apiUrl, token, order.id, 'completed');
      // The run that settled it says so, with its duration (pnpm bench reads this line).
      await second.waitForOutput('"msg":"listener run settled transfers"');
      const runLine = second
        .output()
        .split('\n')
        .find((line) => line.includes('"msg":"listener run settled transfers"'));
      const run = JSON.parse(runLine ?? '{}') as { confirmed?: unknown; durationMs?: unknown };
      expect(run.confirmed).toBe(1);
      expect(Number.isInteger(run.durationMs) && (run.durationMs as number) >= 0).toBe(true);

      const listed = await call(second.apiUrl, 'GET', '/api/transactions?type=purchase', { token });
      const purchases = listed.body.transactions as { _id: string; transactionHash: string }[];
      expect(purchases.map((tx) => tx.transactionHash)).toEqual([hash]);
      const detail = await call(second.apiUrl, 'GET', `/api/transactions/${purchases[0]?._id}`, { token });
      const purchase = detail.body.transaction as { status: string; fee: number | null; amount: number };
      expect(purchase.status).toBe('confirmed');
      expect(trxToSun(purchase.amount)).toBe(order.totalSun);
      expect(purchase.fee).not.toBeNull();
      const feeSun = trxToSun(purchase.fee ?? Number.NaN);

      const expectedBalance = AIRDROP_SUN - order.totalSun - feeSun;
      const settled = await eventually(
        () => balanceSun(second.apiUrl, token),
        (seen) => seen.balance !== AIRDROP_SUN && seen.pendingOutgoing === 0,
        'the buyer balance to settle',
        30_000,
        150,
      );
      expect(settled.balance).toBe(expectedBalance);

      const chain = await fetch(`${second.devnetUrl}/devnet/transactions?address=${order.merchantAddress}`);
      const { transactions } = (await chain.json()) as {
        transactions: { txId: string; from: string; to: string; amountSun: number; status: string }[];
      };
      const fromBuyer = transactions.filter(
        (tx) => tx.from === buyer.address && tx.to === order.merchantAddress,
      );
      expect(fromBuyer).toHaveLength(1);
      expect(fromBuyer[0]).toMatchObject({ txId: hash, amountSun: order.totalSun });
    } finally {
      expect(await second.stop('SIGTERM')).toEqual({ code: 0, signal: null });
    }
  }, 110_000);
});
