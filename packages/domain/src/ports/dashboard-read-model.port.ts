import type { Sun } from '../money/sun.js';
import type { OrderWithCustomer } from '../orders/order.js';
import type { OrderStatus } from '../orders/order-status.js';
import type { ChartPoint } from '../stats/chart-series.js';
import type { TrendWindows } from '../stats/time-windows.js';

export interface DashboardQuery {
  readonly windows: TrendWindows;
  /** Midnight UTC of the first chart day. */
  readonly chartFrom: Date;
  readonly recentSalesLimit: number;
  readonly topProductsLimit: number;
}

/** Figures over orders created inside one trend window. */
export interface WindowFigures {
  /** Sum of `total` of completed orders. */
  readonly completedRevenueSun: Sun;
  /** Sum of `networkFee` of completed orders (negative). */
  readonly completedNetworkFeesSun: Sun;
  /** All orders, any status. */
  readonly ordersCreated: number;
  /** Users of any role. */
  readonly usersCreated: number;
}

export interface TopProductFigures {
  readonly productId: string;
  /** The product's current name (products are archived, never deleted). */
  readonly name: string;
  /** Units sold in completed orders. */
  readonly quantitySold: number;
  /** Sum of price x quantity in completed orders. */
  readonly revenueSun: Sun;
  readonly currentRevenueSun: Sun;
  readonly previousRevenueSun: Sun;
}

export interface DashboardFigures {
  readonly totals: {
    readonly completedRevenueSun: Sun;
    readonly completedNetworkFeesSun: Sun;
    /** Sum of `refundedSun` (confirmed refunds) over all orders, any status. */
    readonly refundedSun: Sun;
    /** Sum of `refundedSun` over completed orders: partial refunds of money still counted as revenue. */
    readonly completedRefundedSun: Sun;
    readonly totalOrders: number;
    /** Users of any role with isActive true. */
    readonly activeUsers: number;
    readonly totalUsers: number;
  };
  readonly current: WindowFigures;
  readonly previous: WindowFigures;
  /** Every status, 0 included. */
  readonly statusCounts: Readonly<Record<OrderStatus, number>>;
  /** Newest orders first. */
  readonly recentSales: readonly OrderWithCustomer[];
  /** By quantity sold descending, then revenue descending, then product id ascending. */
  readonly topProducts: readonly TopProductFigures[];
  /**
   * Completed orders per UTC day of `createdAt` (`YYYY-MM-DD`) from `chartFrom` on: their count and
   * revenue, from the same orders; days without completed orders may be absent.
   */
  readonly dailySales: readonly ChartPoint[];
}

/** Dashboard figures computed inside the store, never by loading every order into the app. */
export interface DashboardReadModel {
  dashboard(query: DashboardQuery): Promise<DashboardFigures>;
}
