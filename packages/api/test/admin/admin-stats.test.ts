import { expectedDashboard, type ShopDataSet } from '@trx-shop/store-contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoggedIn } from '../support/http.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { DAY_MS, expectedTrend, trx } from './admin-fixtures.js';
import { fetchStats, type StatsAnswer } from './stats-answer.js';
import { chartStartOf, generatedDataSet, loadWithCallingAdmin, trendWindows } from './data-set-app.js';

describe('GET /api/admin/stats on a generated data set (200 days, every status, admins, refunds)', () => {
  let h: TestApp;
  let data: ShopDataSet;
  let admin: LoggedIn;
  let answer: StatsAnswer;
  let expected: ReturnType<typeof expectedDashboard>;

  beforeAll(async () => {
    h = await createTestApp();
    ({ data, admin } = await loadWithCallingAdmin(h, generatedDataSet(9090, { users: 40, orders: 220 })));
    const names = new Map(data.products.map((product) => [product.id, product.name]));
    expected = expectedDashboard(data, trendWindows(data.now), chartStartOf(data.now), names);
    answer = await fetchStats(h, admin);
  });
  afterAll(() => h.close());

  it('answers totals, last30Days and statusCounts with all five statuses', () => {
    const { totals, current, statusCounts } = expected;
    expect(answer.success).toBe(true);
    expect(answer.stats.totals).toEqual({
      totalRevenue: trx(totals.completedRevenueSun),
      totalOrders: totals.totalOrders,
      activeUsers: totals.activeUsers,
      totalUsers: totals.totalUsers,
      networkFees: trx(totals.completedNetworkFeesSun),
      refunded: trx(totals.refundedSun),
      netRevenue: trx(totals.completedRevenueSun - totals.completedRefundedSun),
    });
    expect(answer.stats.last30Days).toEqual({
      totalRevenue: trx(current.completedRevenueSun),
      totalOrders: current.ordersCreated,
      networkFees: trx(current.completedNetworkFeesSun),
    });
    expect(answer.stats.statusCounts).toEqual(statusCounts);
    for (const count of Object.values(statusCounts)) expect(count).toBeGreaterThan(0);
    expect(totals.activeUsers).toBeLessThan(totals.totalUsers);
  });

  it('answers the four trends of the latest 30 days against the 30 days before', () => {
    const { current, previous } = expected;
    expect(answer.stats.trends).toEqual({
      revenueChange: expectedTrend(current.completedRevenueSun, previous.completedRevenueSun),
      ordersChange: expectedTrend(current.ordersCreated, previous.ordersCreated),
      usersChange: expectedTrend(current.usersCreated, previous.usersCreated),
      feesChange: expectedTrend(current.completedNetworkFeesSun, previous.completedNetworkFeesSun),
    });
  });

  it('shows the 8 most recent orders with their customer populated', () => {
    const numberOf = new Map(data.orders.map((order, index) => [order.id, `#TRX-${index + 1}`]));
    const users = new Map(data.users.map((user) => [user.id, user]));
    const recent = expected.recentSales.slice(0, 8);
    expect(answer.recentSales).toHaveLength(8);
    answer.recentSales.forEach((sale, index) => {
      const order = recent[index];
      const customer = users.get(order?.userId ?? '');
      expect(sale).toMatchObject({
        _id: order?.id,
        orderId: numberOf.get(order?.id ?? ''),
        userId: { _id: customer?.id, username: customer?.username, email: customer?.email },
        total: trx(order?.totalSun ?? Number.NaN),
        status: order?.status,
        transactionHash: null,
        createdAt: order?.createdAt.toISOString(),
        products: order?.lines.map((item) => ({
          productId: item.productId,
          name: item.name,
          price: trx(item.priceSun),
          quantity: item.quantity,
          color: null,
        })),
      });
    });
  });

  it('shows the top 3 products by quantity sold in completed orders, with revenue and trend', () => {
    expect(answer.topProducts).toEqual(
      expected.topProducts.slice(0, 3).map((product) => ({
        _id: product.productId,
        name: product.name,
        quantitySold: product.quantitySold,
        revenue: trx(product.revenueSun),
        trend: expectedTrend(product.currentRevenueSun, product.previousRevenueSun),
      })),
    );
  });

  it('answers 181 daily chart entries (revenue and orders) from the UTC date 180 days back to today, zero days included', () => {
    const start = chartStartOf(data.now).getTime();
    const chart: { date: string; revenue: number; orders: number }[] = [];
    for (let day = 0; day <= 180; day++) {
      const date = new Date(start + day * DAY_MS).toISOString().slice(0, 10);
      const sales = expected.dailySales.get(date);
      chart.push({ date, revenue: trx(sales?.revenueSun ?? 0), orders: sales?.orders ?? 0 });
    }
    expect(answer.chartData).toEqual(chart);
    expect(chart[0]?.date).toBe('2025-12-17');
    expect(chart[180]?.date).toBe('2026-06-15');
    expect(chart.filter((point) => point.revenue === 0).length).toBeGreaterThan(0);
    expect(chart.filter((point) => point.revenue > 0).length).toBeGreaterThan(0);
    expect(chart.filter((point) => point.orders > 1).length).toBeGreaterThan(0);
  });
});
