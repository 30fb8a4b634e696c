// @vitest-environment node
import { createHash, randomBytes } from 'node:crypto';
import { unwrap } from '@trx-shop/client';
import { type DevnetControl, devnetControl, eventually } from '@trx-shop/test-kit';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Credentials } from './support/accounts.js';
import { type Browsing, NARROW, openBrowser } from './support/browser.js';
import { browserTestsRun } from './support/chromium.js';
import { CHAIN_WAIT_MS, cheapestProduct, fundedCustomer, placeOrder } from './support/customers.js';
import { trxText, usdtText } from './support/money.js';
import { expectPageQuality } from './support/page-checks.js';
import { type RunningShop, startShop } from './support/shop.js';

const SHOWN_WITHIN = { timeout: 20_000, interval: 100 } as const;
const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const SUN_PER_TRX = 1_000_000;
/** DEVNET_AIRDROP_USDT's default: what the embedded devnet mints every new wallet. */
const AIRDROP_USDT = 1000;

/** A TRON address nobody has used: 0x41, 20 random bytes and the double-SHA-256 checksum, in base58. */
const freshAddress = (): string => {
  const payload = Buffer.concat([Buffer.from([0x41]), randomBytes(20)]);
  const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest();
  const bytes = Buffer.concat([payload, sha(sha(payload)).subarray(0, 4)]);
  let value = BigInt(`0x${bytes.toString('hex')}`);
  let text = '';
  while (value > 0n) {
    text = BASE58[Number(value % 58n)] + text;
    value /= 58n;
  }
  return text;
};

/** The balance in SUN the devnet's own full-node HTTP API reports for `address` (0 for an account it does not know). */
const chainBalanceSun = async (devnetUrl: string, address: string): Promise<number> => {
  const answer = await fetch(`${devnetUrl}/wallet/getaccount`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ address, visible: true }),
  });
  const account = (await answer.json()) as { balance?: number };
  return account.balance ?? 0;
};

const heading = (page: Page, name: string) => page.getByRole('heading', { name, level: 1 });

const signInAt = async (page: Page, account: Credentials & { username: string }, next: string) => {
  await page.goto(`/sign-in?next=${encodeURIComponent(next)}`);
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Email').fill(account.email);
  await form.getByLabel('Password').fill(account.password);
  await form.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('banner').getByRole('link', { name: account.username, exact: true }).waitFor();
};

describe.skipIf(!browserTestsRun())(
  'the storefront: the wallet and the order history',
  { timeout: 180_000 },
  () => {
    let shop: RunningShop;
    let browsing: Browsing;
    let devnet: DevnetControl;

    beforeAll(async () => {
      shop = await startShop();
      browsing = await openBrowser(shop.url);
      devnet = devnetControl(shop.devnetUrl);
    }, 180_000);
    afterEach(() => browsing?.endTest());
    afterAll(async () => {
      await browsing?.close();
      await shop?.stop();
    }, 60_000);

    it('a shopper sees the airdrop in TRX and USDT, withdraws with a double click on Send, and exactly one transfer is made', async () => {
      const grace = {
        email: 'grace.hopper@example.com',
        username: 'grace_hopper',
        password: 'compiler-cobol-1959',
      };
      const { client } = await fundedCustomer(shop, grace);
      const funded = await unwrap(client.GET('/api/wallets/balance'));
      const recipient = freshAddress();

      const page = await browsing.newPage();
      await signInAt(page, grace, '/wallet');
      await heading(page, 'Your wallet').waitFor();
      const balance = page.getByRole('region', { name: 'Balance' });
      await expect.poll(() => balance.textContent(), SHOWN_WITHIN).toContain(trxText(funded.balance));
      await expect.poll(() => page.getByLabel('Your deposit address').inputValue()).toBe(funded.address);
      // The airdropped USDT beside the TRX, with what a USDT transfer would burn of that TRX.
      expect(funded.balances.find((entry) => entry.currency === 'USDT')?.balance).toBe(AIRDROP_USDT);
      const usdt = balance.getByRole('region', { name: 'USDT' });
      await expect.poll(() => usdt.textContent(), SHOWN_WITHIN).toContain(usdtText(AIRDROP_USDT));
      expect(funded.usdtTransferFee).not.toBeNull();
      expect(await usdt.textContent()).toContain(
        `A USDT transfer burns about ${trxText(funded.usdtTransferFee ?? 0)} of this wallet's TRX.`,
      );
      await page.getByRole('img', { name: 'QR code of your deposit address' }).waitFor();
      await expectPageQuality(page);

      // A deposit from outside the shop: the page shows the balance the API then gives, without a reload.
      await page.evaluate(() => {
        (window as unknown as { notReloaded: boolean }).notReloaded = true;
      });
      await devnet.fundSolid(funded.address, 7_250_001);
      const deposited = await eventually(
        () => unwrap(client.GET('/api/wallets/balance')),
        (answer) => answer.balance !== funded.balance,
        'the deposit to be recorded',
        CHAIN_WAIT_MS,
        250,
      );
      await expect.poll(() => balance.textContent(), SHOWN_WITHIN).toContain(trxText(deposited.balance));
      const table = page.getByRole('table', { name: 'Transactions' });
      await table.getByRole('cell', { name: trxText(7.250001), exact: true }).waitFor();
      expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(
        true,
      );

      await page.getByLabel('Recipient address').fill(recipient);
      await page.getByLabel('Amount (TRX)').fill('12.5');
      await page.getByRole('button', { name: 'Review withdrawal' }).click();
      const dialog = page.getByRole('dialog', { name: 'Send this withdrawal?' });
      await dialog.getByText(recipient).waitFor();
      await dialog.getByRole('button', { name: 'Send withdrawal' }).dblclick();
      await page.getByText(`12.5 TRX sent to ${recipient}`).waitFor();

      // On the chain, by the devnet's own API: the recipient got the amount once.
      await eventually(
        () => chainBalanceSun(shop.devnetUrl, recipient),
        (sun) => sun > 0,
        'the withdrawal to reach the recipient',
        CHAIN_WAIT_MS,
        250,
      );
      expect(await chainBalanceSun(shop.devnetUrl, recipient)).toBe(12.5 * SUN_PER_TRX);
      expect(await devnet.transfersBetween(funded.address, recipient)).toHaveLength(1);
      const withdrawals = await unwrap(
        client.GET('/api/transactions', { params: { query: { type: 'withdrawal' } } }),
      );
      expect(withdrawals.transactions.map((line) => [line.toAddress, line.amount])).toEqual([
        [recipient, 12.5],
      ]);

      // The page lists it without a reload, and shows it confirmed once the listener has confirmed it.
      await table.getByRole('cell', { name: 'Withdrawal', exact: true }).waitFor();
      const settled = await eventually(
        () =>
          unwrap(
            client.GET('/api/transactions', {
              params: { query: { type: 'withdrawal', status: 'confirmed' } },
            }),
          ),
        (answer) => answer.transactions.length === 1,
        'the withdrawal to be confirmed',
        CHAIN_WAIT_MS,
        250,
      );
      const after = await unwrap(client.GET('/api/wallets/balance'));
      const withdrawalRow = table.getByRole('row').filter({ hasText: 'Withdrawal' });
      await expect.poll(() => withdrawalRow.textContent(), SHOWN_WITHIN).toContain('Confirmed');
      expect(await withdrawalRow.textContent()).toContain(
        settled.transactions[0]?.transactionHash ?? 'a txid',
      );
      await expect.poll(() => balance.textContent(), SHOWN_WITHIN).toContain(trxText(after.balance));
      expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(
        true,
      );
      await page.setViewportSize(NARROW);
      await expectPageQuality(page);
    });

    it('the order history lists an order made over the API, linking to it', async () => {
      const linus = { email: 'linus@example.com', username: 'linus_t', password: 'monolithic-kernel-1991' };
      const { client } = await fundedCustomer(shop, linus);
      const order = await placeOrder(client, (await cheapestProduct(client))._id);

      const page = await browsing.newPage();
      await signInAt(page, linus, '/orders');
      await heading(page, 'Your orders').waitFor();
      const row = page
        .getByRole('table', { name: 'Your orders' })
        .getByRole('row')
        .filter({ hasText: order.orderId });
      const link = row.getByRole('link', { name: order.orderId });
      expect(await link.getAttribute('href')).toBe(`/orders/${order._id}`);
      await row.getByText('Pending').waitFor();
      await row.getByText(trxText(order.total)).waitFor();
      await expectPageQuality(page);
      await page.setViewportSize(NARROW);
      await expectPageQuality(page);
    });
  },
);
