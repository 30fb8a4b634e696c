// @vitest-environment node
import { type Order, unwrap } from '@trx-shop/client';
import { type DevnetControl, devnetControl, eventually } from '@trx-shop/test-kit';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { registerCustomer, signedInClient } from './support/accounts.js';
import { signIn } from './support/admin-pages.js';
import { adminRoomJoined, markWindow, windowStillMarked } from './support/admin-room.js';
import { type Browsing, NARROW, openBrowser } from './support/browser.js';
import { browserTestsRun } from './support/chromium.js';
import { CHAIN_WAIT_MS, cheapestProduct, placeOrder, type ShopClient } from './support/customers.js';
import { trxText } from './support/money.js';
import { expectPageQuality } from './support/page-checks.js';
import { type SeededOrders, seedOrders } from './support/seed.js';
import { type RunningShop, startShop } from './support/shop.js';

/** How long a page may take to show what the API or the admin room changed: the machine is shared. */
const SHOWN_WITHIN = { timeout: 20_000, interval: 100 } as const;

/** The order page's status, the only fact shown as a bare status word. */
const statusShown = (page: Page, words: string) =>
  page.getByRole('definition').filter({ hasText: new RegExp(`^${words}$`) });

const orderHeading = (page: Page, order: Order) =>
  page.getByRole('heading', { name: `Order ${order.orderId}`, level: 1 });

/** The order numbers the orders table lists, top to bottom. */
/** The order numbers listed (each row's links are its number and its customer). */
const listedOrders = (page: Page) =>
  page
    .getByRole('table', { name: 'Orders' })
    .getByRole('link', { name: /^#TRX-\d+$/ })
    .allTextContents();

describe.skipIf(!browserTestsRun())(
  'the admin orders pages against a real shop',
  { timeout: 150_000 },
  () => {
    let shop: RunningShop;
    let browsing: Browsing;
    let admin: ShopClient;
    let devnet: DevnetControl;
    let seeded: SeededOrders;

    beforeAll(async () => {
      shop = await startShop();
      browsing = await openBrowser(shop.url);
      seeded = await seedOrders(shop);
      admin = await signedInClient(shop, shop.admin);
      devnet = devnetControl(shop.devnetUrl);
    }, 180_000);
    afterEach(() => browsing?.endTest());
    afterAll(async () => {
      // A failed refund test may leave the devnet paused; the service stops more quickly without.
      await devnet?.resume().catch(() => undefined);
      await browsing?.close();
      await shop?.stop();
    }, 60_000);

    it('the admin refunds part of a paid order, sees it pending then confirmed, then refunds the rest: "Refunded", without a reload', async () => {
      const order = seeded.paid;
      expect(order.status).toBe('completed');
      const part = Math.round((order.total * 1_000_000) / 4) / 1_000_000;
      const rest = Math.round((order.total - part) * 1_000_000) / 1_000_000;

      const page = await browsing.newPage();
      const listJoined = adminRoomJoined(page);
      await signIn(page, shop.admin, '/admin/orders');
      await listJoined;
      await expect.poll(() => listedOrders(page), SHOWN_WITHIN).toContain(order.orderId);
      await expectPageQuality(page);
      const orderJoined = adminRoomJoined(page);
      await page
        .getByRole('table', { name: 'Orders' })
        .getByRole('link', { name: order.orderId, exact: true })
        .click();
      await orderHeading(page, order).waitFor();
      await statusShown(page, 'Completed').waitFor();
      await orderJoined;
      await markWindow(page);
      await expectPageQuality(page);

      await page.getByLabel('Amount (TRX)').fill(String(part));
      await page.getByLabel('Reason').fill('One item arrived scratched');
      await page.getByRole('button', { name: 'Refund…' }).click();
      const dialog = page.getByRole('dialog', { name: 'Send this refund?' });
      await dialog.getByText(`Refund ${part} TRX of ${order.orderId} to ${order.walletAddress}`).waitFor();
      await expectPageQuality(page);
      // No blocks while paused: the refund stays pending until the test lets the chain go on.
      await devnet.pause();
      await dialog.getByRole('button', { name: 'Send refund' }).click();
      const refunds = page.getByRole('table', { name: 'Refunds' });
      const partRow = refunds.getByRole('row').filter({ hasText: 'One item arrived scratched' });
      await partRow.getByText('Pending', { exact: true }).waitFor();
      expect(await partRow.getByText(trxText(part), { exact: true }).count()).toBe(1);
      await devnet.resume();
      await partRow.getByText('Confirmed', { exact: true }).waitFor();
      await page.getByText(`Refunded ${trxText(part)}; left to refund ${trxText(rest)}.`).waitFor();
      expect(await statusShown(page, 'Completed').count()).toBe(1);
      await expectPageQuality(page);

      // Left empty, the amount is everything left.
      await page.getByLabel('Reason').fill('Customer returned the rest');
      await page.getByRole('button', { name: 'Refund…' }).click();
      await dialog.getByText(`Refund everything left (${trxText(rest)}) of ${order.orderId}`).waitFor();
      await dialog.getByRole('button', { name: 'Send refund' }).click();
      await refunds
        .getByRole('row')
        .filter({ hasText: 'Customer returned the rest' })
        .getByText('Confirmed')
        .waitFor();
      await statusShown(page, 'Refunded').waitFor();
      await page.getByText(`Nothing is left to refund (refunded: ${trxText(order.total)}).`).waitFor();
      expect(await windowStillMarked(page)).toBe(true);
      const stored = await unwrap(admin.GET('/api/orders/{id}', { params: { path: { id: order._id } } }));
      expect(stored.order).toMatchObject({
        status: 'refunded',
        refundedAmount: order.total,
        refundableAmount: 0,
      });
      await expectPageQuality(page);
    });

    it('verifies a payment by txid: an unknown txid shows the API’s code and message; the real transfer completes the order', async () => {
      const { client: customer } = await registerCustomer(shop, {
        email: 'hedy.lamarr@example.com',
        username: 'hedy_lamarr',
        password: 'frequency-hopping-1942',
      });
      const order = await placeOrder(customer, (await cheapestProduct(customer))._id);
      // The customer pays from outside the service: a transfer the service did not send.
      const { txId } = await devnet.fund(order.merchantAddress, Math.round(order.total * 1_000_000));
      await eventually(
        async () => {
          const [transfer] = (await devnet.transactionsOf(order.merchantAddress)).filter(
            (seen) => seen.txId === txId,
          );
          return { transfer, solid: (await devnet.state()).solid };
        },
        ({ transfer, solid }) => transfer?.blockNumber != null && transfer.blockNumber <= solid,
        `the transfer ${txId} to become solid`,
        CHAIN_WAIT_MS,
        100,
      );
      const unknownTxid = 'ab'.repeat(32);
      const refused = await admin.POST('/api/admin/orders/{id}/verify-payment', {
        params: { path: { id: order._id } },
        body: { txHash: unknownTxid },
      });
      expect(refused.response.status).toBe(400);
      expect(refused.error?.code).toBe('TX_NOT_FOUND');

      const page = await browsing.newPage();
      await signIn(page, shop.admin, `/admin/orders/${order._id}`);
      await orderHeading(page, order).waitFor();
      await statusShown(page, 'Pending').waitFor();
      await expectPageQuality(page);

      const txidField = page.getByLabel('Transaction id (txid)');
      await txidField.fill(unknownTxid);
      await page.getByRole('button', { name: 'Verify payment' }).click();
      const alert = page.getByRole('alert').filter({ hasText: 'The payment was not verified' });
      await alert.getByText('TX_NOT_FOUND', { exact: true }).waitFor();
      expect(await alert.textContent()).toContain(String(refused.error?.error));
      expect(await statusShown(page, 'Pending').count()).toBe(1);
      await expectPageQuality(page);

      await txidField.fill(txId);
      await page.getByRole('button', { name: 'Verify payment' }).click();
      await statusShown(page, 'Completed').waitFor();
      await page.getByRole('region', { name: 'Payment' }).getByText(txId, { exact: true }).waitFor();
      expect(await page.getByLabel('Transaction id (txid)').count()).toBe(0);
      const stored = await unwrap(customer.GET('/api/orders/{id}', { params: { path: { id: order._id } } }));
      expect(stored.order).toMatchObject({ status: 'completed', transactionHash: txId });
      await expectPageQuality(page);
    });

    it('at 360 px: filters by customer and status on the server, the CSV link carries the same filters', async () => {
      const { client: other } = await registerCustomer(shop, {
        email: 'mary.somerville@example.com',
        username: 'mary_somerville',
        password: 'connexion-of-sciences',
      });
      const othersOrder = await placeOrder(other, (await cheapestProduct(other))._id);
      const adasOrders = [seeded.partlyRefunded, seeded.paid, seeded.awaitingPayment].map(
        (order) => order.orderId,
      );

      const page = await browsing.newPage({ viewport: NARROW });
      await signIn(page, shop.admin, '/admin/orders');
      await page.getByRole('heading', { name: 'Orders', level: 1 }).waitFor();
      await expect.poll(() => listedOrders(page), SHOWN_WITHIN).toContain(othersOrder.orderId);

      await page.getByLabel('Customer or order number').fill('ada.love');
      await page.getByLabel('Customer or order number').press('Enter');
      await expect
        .poll(async () => (await listedOrders(page)).sort(), SHOWN_WITHIN)
        .toEqual([...adasOrders].sort());
      const rows = page.getByRole('table', { name: 'Orders' }).getByRole('row');
      // The header row, then one per order, each naming Ada's email.
      expect(await rows.filter({ hasText: 'ada.lovelace@example.com' }).count()).toBe(adasOrders.length);

      await page.getByLabel('Status').selectOption({ label: 'Pending' });
      await expect.poll(() => listedOrders(page), SHOWN_WITHIN).toEqual([seeded.awaitingPayment.orderId]);
      const location = new URL(page.url());
      expect(Object.fromEntries(location.searchParams)).toEqual({ search: 'ada.love', status: 'pending' });

      const href = await page.getByRole('link', { name: 'Download CSV' }).getAttribute('href');
      const exportUrl = new URL(href ?? '', page.url());
      expect(exportUrl.pathname).toBe('/api/admin/sales/export');
      expect(Object.fromEntries(exportUrl.searchParams)).toEqual({ search: 'ada.love', status: 'pending' });
      // The browser downloads it with the admin's cookies: the same one order, nobody else's.
      const csv = await page.request.get(exportUrl.toString());
      expect(csv.status()).toBe(200);
      const lines = (await csv.text()).trim().split(/\r?\n/);
      expect(lines).toHaveLength(2);
      expect(lines[1]).toContain(seeded.awaitingPayment.orderId);
      expect(lines[1]).toContain('ada.lovelace@example.com');
      await expectPageQuality(page);
    });
  },
);
