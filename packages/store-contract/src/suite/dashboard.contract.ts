import type { Product } from '@trx-shop/domain';
import { describe, expect, it } from 'vitest';
import { expectedDashboard } from '../data-set/expected-figures.js';
import type { ContractHarness } from '../harness.js';
import { buildOrderRefund } from '../builders/order.builder.js';
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

    it('answers the daily revenue of completed orders per UTC day over the 181-day chart', async () => {
      const { figures, expected } = await figuresAfterRenaming();
      const answered = new Map<string, number>();
      for (const point of figures.dailyRevenue) {
        expect(point.date >= chartFrom.toISOString().slice(0, 10), point.date).toBe(true);
        if (point.revenueSun !== 0) answered.set(point.date, point.revenueSun);
      }
      expect(new Map([...answered].sort())).toEqual(new Map([...expected.dailyRevenue].sort()));
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
