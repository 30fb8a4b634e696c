import type { Sun } from '../../money/sun.js';
import type { OrderWithCustomer } from '../../orders/order.js';
import type { OrderStatus } from '../../orders/order-status.js';
import type { DashboardReadModel } from '../../ports/dashboard-read-model.port.js';
import { buildChartSeries, type ChartPoint } from '../../stats/chart-series.js';
import { chartStart, trendWindows } from '../../stats/time-windows.js';
import { trendString } from '../../stats/trend.js';

export const RECENT_SALES = 8;
export const TOP_PRODUCTS = 3;

export interface DashboardStats {
  readonly totals: {
    readonly totalRevenueSun: Sun;
    readonly totalOrders: number;
    readonly activeUsers: number;
    readonly totalUsers: number;
    readonly networkFeesSun: Sun;
    /** TRX given back by confirmed refunds, any order (new; the specified fields keep their meaning). */
    readonly refundedSun: Sun;
    /** totalRevenue less the partial refunds of completed orders. */
    readonly netRevenueSun: Sun;
  };
  readonly trends: {
    readonly revenueChange: string;
    readonly ordersChange: string;
    readonly usersChange: string;
    readonly feesChange: string;
  };
  readonly last30Days: {
    readonly totalRevenueSun: Sun;
    readonly totalOrders: number;
    readonly networkFeesSun: Sun;
  };
  readonly statusCounts: Readonly<Record<OrderStatus, number>>;
  readonly recentSales: readonly OrderWithCustomer[];
  readonly topProducts: readonly {
    readonly productId: string;
    readonly name: string;
    readonly quantitySold: number;
    readonly revenueSun: Sun;
    readonly trend: string;
  }[];
  readonly chartData: readonly ChartPoint[];
}

/** The admin dashboard: figures from the store's read model, rules (trends, chart) from here. */
export const dashboardStats = async (
  deps: { readonly dashboard: DashboardReadModel },
  now: Date,
): Promise<DashboardStats> => {
  const windows = trendWindows(now);
  const figures = await deps.dashboard.dashboard({
    windows,
    chartFrom: chartStart(now),
    recentSalesLimit: RECENT_SALES,
    topProductsLimit: TOP_PRODUCTS,
  });
  const { current, previous } = figures;
  return {
    totals: {
      totalRevenueSun: figures.totals.completedRevenueSun,
      totalOrders: figures.totals.totalOrders,
      activeUsers: figures.totals.activeUsers,
      totalUsers: figures.totals.totalUsers,
      networkFeesSun: figures.totals.completedNetworkFeesSun,
      refundedSun: figures.totals.refundedSun,
      // Revenue counts completed orders only (a fully refunded order left it); their partial
      // refunds are what still has to come off.
      netRevenueSun: figures.totals.completedRevenueSun - figures.totals.completedRefundedSun,
    },
    trends: {
      revenueChange: trendString(current.completedRevenueSun, previous.completedRevenueSun),
      ordersChange: trendString(current.ordersCreated, previous.ordersCreated),
      usersChange: trendString(current.usersCreated, previous.usersCreated),
      feesChange: trendString(current.completedNetworkFeesSun, previous.completedNetworkFeesSun),
    },
    last30Days: {
      totalRevenueSun: current.completedRevenueSun,
      totalOrders: current.ordersCreated,
      networkFeesSun: current.completedNetworkFeesSun,
    },
    statusCounts: figures.statusCounts,
    recentSales: figures.recentSales,
    topProducts: figures.topProducts.map((product) => ({
      productId: product.productId,
      name: product.name,
      quantitySold: product.quantitySold,
      revenueSun: product.revenueSun,
      trend: trendString(product.currentRevenueSun, product.previousRevenueSun),
    })),
    chartData: buildChartSeries(now, figures.dailySales),
  };
};
