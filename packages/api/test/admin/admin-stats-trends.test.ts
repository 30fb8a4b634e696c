import type { OrderStatus } from '@trx-shop/domain';
import { buildProduct, buildUser, newObjectId } from '@trx-shop/store-contract';
import type { RunningDevnet } from '@trx-shop/tron-devnet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, startTestDevnet } from '../support/test-app.js';
import { placeOrder, registerShopper } from '../shop/shop-fixtures.js';
import {
  adminPasswordHash,
  buyAndSettle,
  DAY_MS,
  insertAdmin,
  insertOrder,
  insertPaidOrder,
  insertUser,
  line,
  loginAdmin,
} from './admin-fixtures.js';
import { DATA_SET_NOW } from './data-set-app.js';
import { fetchStats } from './stats-answer.js';

/*
 * Small hand-made shops whose trend strings are known from the specification's rule by hand:
 * each scenario lists its orders as [days ago, status, subtotal in SUN] (total = subtotal - 0.01).
 */

type HandOrder = readonly [daysAgo: number, status: OrderStatus, subtotalSun: number];

interface Scenario {
  readonly name: string;
  readonly orders: readonly HandOrder[];
  /** Days ago the one customer registered (the calling admin registered 100 days ago). */
  readonly customerDaysAgo: number;
  readonly trends: Record<'revenueChange' | 'ordersChange' | 'usersChange' | 'feesChange', string>;
  readonly productTrend?: string;
}

const SCENARIOS: Scenario[] = [
  {
    name: 'previous 0 and current 0 (only older orders)',
    orders: [[90, 'completed', 5_010_000]],
    customerDaysAgo: 90,
    trends: { revenueChange: '0.0%', ordersChange: '0.0%', usersChange: '0.0%', feesChange: '0.0%' },
    productTrend: '0.0%',
  },
  {
    name: 'previous 0 and current > 0 (negative fees included)',
    orders: [[5, 'completed', 2_010_000]],
    customerDaysAgo: 5,
    trends: {
      revenueChange: '+100.0%',
      ordersChange: '+100.0%',
      usersChange: '+100.0%',
      feesChange: '+100.0%',
    },
    productTrend: '+100.0%',
  },
  {
    name: 'growth',
    orders: [
      [40, 'completed', 1_010_000],
      [45, 'completed', 1_010_000],
      [1, 'completed', 1_010_000],
      [2, 'completed', 1_010_000],
      [3, 'completed', 1_010_000],
    ],
    customerDaysAgo: 100,
    // Fees -0.03 against -0.02: the literal formula gives +50.0%.
    trends: { revenueChange: '+50.0%', ordersChange: '+50.0%', usersChange: '0.0%', feesChange: '+50.0%' },
    productTrend: '+50.0%',
  },
  {
    name: 'decline',
    orders: [
      [31, 'completed', 1_010_000],
      [35, 'completed', 1_010_000],
      [50, 'completed', 1_010_000],
      [59, 'completed', 1_010_000],
      [10, 'completed', 1_010_000],
      [20, 'completed', 1_010_000],
      [29, 'completed', 1_010_000],
    ],
    customerDaysAgo: 100,
    trends: { revenueChange: '-25.0%', ordersChange: '-25.0%', usersChange: '0.0%', feesChange: '-25.0%' },
    productTrend: '-25.0%',
  },
  {
    name: 'negative fees: revenue falls while fees grow more negative; failed orders count as orders only',
    orders: [
      [45, 'completed', 10_010_000],
      [45, 'failed', 7_000_000],
      [3, 'completed', 2_510_000],
      [4, 'completed', 2_510_000],
      [5, 'failed', 9_000_000],
      [6, 'refunded', 9_000_000],
    ],
    customerDaysAgo: 100,
    // Fees: previous -0.01, current -0.02: (-0.02 - -0.01) / -0.01 = +100.0%.
    trends: { revenueChange: '-50.0%', ordersChange: '+100.0%', usersChange: '0.0%', feesChange: '+100.0%' },
  },
  {
    name: 'a tiny decline shows -0.0%, an equal value +0.0%',
    orders: [
      [40, 'completed', 10_000_010_000],
      [10, 'completed', 10_000_009_000],
    ],
    customerDaysAgo: 100,
    trends: { revenueChange: '-0.0%', ordersChange: '+0.0%', usersChange: '0.0%', feesChange: '+0.0%' },
    productTrend: '-0.0%',
  },
];

let devnet: RunningDevnet;
beforeAll(async () => {
  devnet = await startTestDevnet();
});
afterAll(() => devnet.stop());

const daysAgo = (days: number): Date => new Date(DATA_SET_NOW.getTime() - days * DAY_MS);

describe('GET /api/admin/stats trend strings on hand-made shops', () => {
  it.each(SCENARIOS)('$name', async (scenario) => {
    const h = await createTestApp({ devnet });
    try {
      h.clock.set(DATA_SET_NOW);
      const adminUser = await insertUser(
        h,
        buildUser({ role: 'admin', passwordHash: await adminPasswordHash(), createdAt: daysAgo(100) }),
      );
      const customer = await insertUser(h, buildUser({ createdAt: daysAgo(scenario.customerDaysAgo) }));
      const productId = newObjectId();
      for (const [days, status, subtotalSun] of scenario.orders) {
        await insertOrder(h, status, {
          userId: customer.id,
          lines: [line(subtotalSun, 1, { productId, name: 'Only product' })],
          createdAt: daysAgo(days),
        });
      }

      const answer = await fetchStats(h, await loginAdmin(h, adminUser));

      expect(answer.stats.trends).toEqual(scenario.trends);
      if (scenario.productTrend !== undefined) {
        expect(answer.topProducts.map((product) => [product._id, product.trend])).toEqual([
          [productId, scenario.productTrend],
        ]);
      }
    } finally {
      await h.close();
    }
  });

  it('answers an empty shop with zeros, 0.0% trends and a 181-day chart of zero days', async () => {
    const h = await createTestApp({ devnet });
    try {
      h.clock.set(DATA_SET_NOW);
      const adminUser = await insertUser(
        h,
        buildUser({ role: 'admin', passwordHash: await adminPasswordHash(), createdAt: daysAgo(100) }),
      );
      const answer = await fetchStats(h, await loginAdmin(h, adminUser));
      expect(answer.stats).toEqual({
        totals: {
          totalRevenue: 0,
          totalOrders: 0,
          activeUsers: 1,
          totalUsers: 1,
          networkFees: 0,
          refunded: 0,
          netRevenue: 0,
        },
        trends: { revenueChange: '0.0%', ordersChange: '0.0%', usersChange: '0.0%', feesChange: '0.0%' },
        last30Days: { totalRevenue: 0, totalOrders: 0, networkFees: 0 },
        statusCounts: { pending: 0, completed: 0, refunded: 0, failed: 0, cancelled: 0 },
      });
      expect(answer.recentSales).toEqual([]);
      expect(answer.topProducts).toEqual([]);
      expect(answer.chartData).toHaveLength(181);
      expect(answer.chartData.every((point) => point.revenue === 0 && point.orders === 0)).toBe(true);
      expect([answer.chartData[0]?.date, answer.chartData[180]?.date]).toEqual(['2025-12-17', '2026-06-15']);
    } finally {
      await h.close();
    }
  });
});

describe('GET /api/admin/stats chart orders per day', () => {
  it('counts on each UTC day the orders paid and completed, the same orders its revenue sums', async () => {
    const h = await createTestApp({ devnet });
    try {
      const admin = await loginAdmin(h, (await insertAdmin(h)).user);
      const product = await h.store.products.insert(buildProduct({ stock: 10, priceSun: 4_000_000 }));
      const today = h.clock.now();
      const yesterday = new Date(today.getTime() - DAY_MS);
      // Two orders bought and paid over the chain today: 2 x 4 TRX and 1 x 4 TRX, less 0.01 TRX each.
      await buyAndSettle(h, devnet.url, product.id, 2);
      await buyAndSettle(h, devnet.url, product.id, 1);
      // Placed today but never paid: neither an order of the chart nor revenue.
      await placeOrder(h, await registerShopper(h), [{ productId: product.id, quantity: 1 }]);
      await insertPaidOrder(h, { lines: [line(1_510_000)], createdAt: yesterday });
      await insertOrder(h, 'failed', { lines: [line(9_010_000)], createdAt: yesterday });

      const answer = await fetchStats(h, admin);

      const day = (moment: Date) => moment.toISOString().slice(0, 10);
      expect(answer.chartData).toHaveLength(181);
      expect(answer.chartData.filter((point) => point.orders !== 0 || point.revenue !== 0)).toEqual([
        { date: day(yesterday), revenue: 1.5, orders: 1 },
        { date: day(today), revenue: 11.98, orders: 2 },
      ]);
      expect(answer.chartData[180]?.date).toBe(day(today));
    } finally {
      await h.close();
    }
  });
});
