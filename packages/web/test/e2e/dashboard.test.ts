// @vitest-environment node
import { unwrap } from '@trx-shop/client';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient } from './support/accounts.js';
import { signIn } from './support/admin-pages.js';
import { adminRoomJoined, markWindow, windowStillMarked } from './support/admin-room.js';
import { type Browsing, openBrowser } from './support/browser.js';
import { browserTestsRun } from './support/chromium.js';
import {
  cheapestProduct,
  fundedCustomer,
  payOrder,
  placeOrder,
  type ShopClient,
} from './support/customers.js';
import { trxText } from './support/money.js';
import { expectPageQuality } from './support/page-checks.js';
import { seedOrders } from './support/seed.js';
import { type RunningShop, startShop } from './support/shop.js';

/** A count as the dashboard writes it. */
const countText = (value: number): string => value.toLocaleString('en-US');

/** One of the dashboard's figure cards, by its title. */
const statCard = (page: Page, title: string) => page.getByRole('article', { name: title, exact: true });

/** The chart's caption sums its days in SUN, so 181 six-decimal amounts add up exactly. */
const sumTrx = (amounts: readonly number[]): number =>
  amounts.reduce((sun, trx) => sun + Math.round(trx * 1_000_000), 0) / 1_000_000;

describe.skipIf(!browserTestsRun())('the admin dashboard against a real shop', { timeout: 120_000 }, () => {
  let shop: RunningShop;
  let browsing: Browsing;
  let admin: ShopClient;
  let buyer: ShopClient;

  beforeAll(async () => {
    shop = await startShop();
    browsing = await openBrowser(shop.url);
    const [, funded] = await Promise.all([
      seedOrders(shop),
      fundedCustomer(shop, {
        email: 'katherine.johnson@example.com',
        username: 'katherine_johnson',
        password: 'orbital-mechanics-1962',
      }),
    ]);
    buyer = funded.client;
    admin = await signedInClient(shop, shop.admin);
  }, 180_000);
  afterEach(() => browsing?.endTest());
  afterAll(async () => {
    await browsing?.close();
    await shop?.stop();
  }, 60_000);

  it('shows the revenue, orders and customers of /api/admin/stats, and the chart with a row per day', async () => {
    const { stats, chartData } = await unwrap(admin.GET('/api/admin/stats'));
    // The seeded orders were paid: figures of zero would prove nothing.
    expect(stats.last30Days.totalRevenue).toBeGreaterThan(0);
    expect(stats.last30Days.totalOrders).toBeGreaterThan(0);

    const page = await browsing.newPage();
    await signIn(page, shop.admin);
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    await statCard(page, 'Revenue')
      .getByText(trxText(stats.last30Days.totalRevenue), { exact: true })
      .waitFor();
    await statCard(page, 'Orders')
      .getByText(countText(stats.last30Days.totalOrders), { exact: true })
      .waitFor();
    await statCard(page, 'Customers')
      .getByText(countText(stats.totals.totalUsers), { exact: true })
      .waitFor();
    await statCard(page, 'Total revenue')
      .getByText(trxText(stats.totals.totalRevenue), { exact: true })
      .waitFor();
    await statCard(page, 'Net revenue')
      .getByText(trxText(stats.totals.netRevenue), { exact: true })
      .waitFor();

    const chart = page.getByRole('figure');
    await chart.waitFor();
    const caption = await chart.getByText(/^Revenue and orders per day \(UTC\)/).textContent();
    expect(caption).toContain(`${chartData.length} days from`);
    const orders = chartData.reduce((sum, day) => sum + day.orders, 0);
    expect(caption).toContain(
      `${trxText(sumTrx(chartData.map((day) => day.revenue)))} from ${orders} ${orders === 1 ? 'order' : 'orders'} in all`,
    );
    await expectPageQuality(page);

    await chart.getByText('Show as table').click();
    const table = chart.getByRole('table', { name: 'Revenue and orders per day (UTC)' });
    await table.waitFor();
    // One header row, then one row per day of the API's series.
    expect(await table.getByRole('row').count()).toBe(chartData.length + 1);
    await expectPageQuality(page);
  });

  it('a new order and its payment appear in "Live activity" and the orders figure goes up, without a reload', async () => {
    const product = await cheapestProduct(buyer);
    const page = await browsing.newPage();
    const joined = adminRoomJoined(page);
    await signIn(page, shop.admin);
    await joined;
    const before = (await unwrap(admin.GET('/api/admin/stats'))).stats.last30Days.totalOrders;
    const orders = statCard(page, 'Orders');
    await orders.getByText(countText(before), { exact: true }).waitFor();
    await markWindow(page);

    const placed = await placeOrder(buyer, product._id);
    await payOrder(buyer, placed);

    const activity = page.getByRole('region', { name: 'Live activity' });
    await activity.getByRole('listitem').filter({ hasText: 'New order' }).waitFor();
    await activity.getByRole('listitem').filter({ hasText: 'Order completed' }).waitFor();
    await orders.getByText(countText(before + 1), { exact: true }).waitFor();
    await page
      .getByRole('region', { name: 'Recent orders' })
      .getByRole('link', { name: placed.orderId })
      .waitFor();
    expect(await windowStillMarked(page)).toBe(true);
    await expectPageQuality(page);
  });
});
