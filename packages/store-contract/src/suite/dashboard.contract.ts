import type { OrderStatus, Product } from '@trx-shop/domain';
import { describe, expect, it } from 'vitest';
import { expectedDashboard } from '../data-set/expected-figures.js';
import type { ContractHarness } from '../harness.js';
import { buildOrder, buildOrderLine, buildOrderRefund } from '../builders/order.builder.js';
import { paidOrder } from './paid-order.js';
import { DATA_SET_NOW, useLoadedDataSet } from './use-data-set.js';
import { useFreshStore } from './use-store.js';

const DAY_MS = 86_400_000;
const windows = {
  current: { from: new Date(DATA_SET_NOW.getTime() - 30 * DAY_MS), to: DATA_SET_NOW },
  previous: {
    from: new Date(DATA_SET_NOW.getTime() - 60 * DAY_MS),
    to: new Date(DATA_SET_NOW.getTime() - 30 * DAY_MS),
  },
};
const chartFrom = new Date(
  Date.UTC(DATA_SET_NOW.getUTCFullYear(), DATA_SET_NOW.getUTCMonth(), DATA_SET_NOW.getUTCDate() - 180),
);

export const describeDashboardContract = (harness: ContractHarness): void => {
  describe('dashboard read model on a generated data set', () => {
    const loaded = useLoadedDataSet(harness, 4242);

    const figuresAfterRenaming = async () => {
      const { store, data } = loaded();
      const renamed = data.products[0] as Product;
      await store.products.update(renamed.id, { name: 'Renamed bestseller' }, DATA_SET_NOW);
      const names = new Map(data.products.map((product) => [product.id, product.name]));
      names.set(renamed.id, 'Renamed bestseller');
      const figures = await store.dashboard.dashboard({
        windows,
        chartFrom,
        recentSalesLimit: 5,
        topProductsLimit: 100,
      });
      return { figures, expected: expectedDashboard(data, windows, chartFrom, names), data };
    };

    it('answers all-time totals, both window figures and every status count', async () => {
      const { figures, expected } = await figuresAfterRenaming();
      expect(figures.totals).toEqual(expected.totals);
      expect(figures.current).toEqual(expected.current);
      expect(figures.previous).toEqual(expected.previous);
      expect(figures.statusCounts).toEqual(expected.statusCounts);
    });

    it('ranks top products by quantity, then revenue, then id, with current names and window revenue', async () => {
      const { figures, expected } = await figuresAfterRenaming();
      expect(figures.topProducts).toEqual(expected.topProducts);
      const { store } = loaded();
      const limited = await store.dashboard.dashboard({
        windows,
        chartFrom,
        recentSalesLimit: 1,
        topProductsLimit: 3,
      });
      expect(limited.topProducts).toEqual(expected.topProducts.slice(0, 3));
    });

    it('answers the daily orders and revenue of completed orders per UTC day over the 181-day chart', async () => {
      const { figures, expected } = await figuresAfterRenaming();
      const answered = new Map<string, { revenueSun: number; orders: number }>();
      for (const point of figures.dailySales) {
        expect(point.date >= chartFrom.toISOString().slice(0, 10), point.date).toBe(true);
        if (point.orders !== 0)
          answered.set(point.date, { revenueSun: point.revenueSun, orders: point.orders });
      }
      expect(new Map([...answered].sort())).toEqual(new Map([...expected.dailySales].sort()));
    });

    it('shows the newest sales with their customers', async () => {
      const { figures, expected, data } = await figuresAfterRenaming();
      expect(figures.recentSales.map((sale) => sale.order.id)).toEqual(
        expected.recentSales.slice(0, 5).map((order) => order.id),
      );
      for (const sale of figures.recentSales) {
        const user = data.users.find((candidate) => candidate.id === sale.order.userId);
        expect(sale.customer).toEqual(
          user ? { id: user.id, username: user.username, email: user.email } : null,
        );
      }
    });
  });

  describe('dashboard daily sales on a small shop', () => {
    const store = useFreshStore(harness);

    /** An order of one line at `priceSun` (total = price - 0.01 TRX), created at `at` and moved to `status`. */
    const orderAt = async (at: string, status: OrderStatus, priceSun: number): Promise<void> => {
      const createdAt = new Date(at);
      const order = buildOrder({ lines: [buildOrderLine({ priceSun })], createdAt });
      expect((await store().orders.create(order)).ok).toBe(true);
      if (status === 'pending') return;
      const path: OrderStatus[] = status === 'refunded' ? ['completed', 'refunded'] : [status];
      let from: OrderStatus = 'pending';
      for (const to of path) {
        expect((await store().orders.changeStatus(order.id, { from: [from], to, at: createdAt })).ok).toBe(
          true,
        );
        from = to;
      }
    };

    it('counts per UTC day the completed orders whose totals make its revenue, and no other', async () => {
      await orderAt('2025-12-16T23:59:59.999Z', 'completed', 9_010_000);
      await orderAt('2025-12-17T00:00:00.000Z', 'completed', 1_010_000);
      await orderAt('2026-06-10T00:00:00.000Z', 'completed', 1_010_000);
      await orderAt('2026-06-10T12:00:00.000Z', 'completed', 2_010_000);
      await orderAt('2026-06-10T23:59:59.999Z', 'completed', 4_010_000);
      await orderAt('2026-06-10T13:00:00.000Z', 'pending', 5_010_000);
      await orderAt('2026-06-10T14:00:00.000Z', 'failed', 6_010_000);
      await orderAt('2026-06-10T15:00:00.000Z', 'cancelled', 7_010_000);
      await orderAt('2026-06-10T16:00:00.000Z', 'refunded', 8_010_000);
      await orderAt('2026-06-12T09:00:00.000Z', 'failed', 3_010_000);
      await orderAt('2026-06-15T13:00:00.000Z', 'completed', 2_010_000);

      const figures = await store().dashboard.dashboard({
        windows,
        chartFrom,
        recentSalesLimit: 1,
        topProductsLimit: 1,
      });

      const days = figures.dailySales
        .filter((day) => day.orders !== 0 || day.revenueSun !== 0)
        .sort((a, b) => (a.date < b.date ? -1 : 1));
      expect(days).toEqual([
        { date: '2025-12-17', revenueSun: 1_000_000, orders: 1 },
        { date: '2026-06-10', revenueSun: 7_000_000, orders: 3 },
        { date: '2026-06-15', revenueSun: 2_000_000, orders: 1 },
      ]);
    });
  });

  describe('dashboard refund totals', () => {
    const store = useFreshStore(harness);

    it('sums confirmed refunds over all orders, and apart those of orders still completed', async () => {
      const partly = await paidOrder(store(), 1_000_000);
      const confirmed = buildOrderRefund({ amountSun: 300_000 });
      const pending = buildOrderRefund({ amountSun: 200_000 });
      const failed = buildOrderRefund({ amountSun: 100_000 });
      for (const refund of [confirmed, pending, failed]) {
        expect(await store().orders.claimRefund(partly.order.id, refund, partly.paid)).toBe(true);
      }
      await store().orders.settleClaim(partly.order.id, 'refund', confirmed.txId, 'confirmed');
      await store().orders.settleClaim(partly.order.id, 'refund', failed.txId, 'failed');

      const fully = await paidOrder(store(), 2_000_000);
      const whole = buildOrderRefund({ amountSun: 2_000_000 });
      expect(await store().orders.claimRefund(fully.order.id, whole, fully.paid)).toBe(true);
      await store().orders.settleClaim(fully.order.id, 'refund', whole.txId, 'confirmed');
      const at = new Date(partly.order.createdAt.getTime() + 60_000);
      expect(
        (await store().orders.changeStatus(fully.order.id, { from: ['completed'], to: 'refunded', at })).ok,
      ).toBe(true);

      const figures = await store().dashboard.dashboard({
        windows,
        chartFrom,
        recentSalesLimit: 5,
        topProductsLimit: 5,
      });
      expect(figures.totals).toMatchObject({ refundedSun: 2_300_000, completedRefundedSun: 300_000 });
    });
  });
};
