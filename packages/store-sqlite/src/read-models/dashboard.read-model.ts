import {
  type DashboardFigures,
  type DashboardQuery,
  type DashboardReadModel,
  ORDER_STATUSES,
  type OrderStatus,
  type TimeWindow,
  type WindowFigures,
} from '@trx-shop/domain';
import { createOrderReader, type SaleRow } from '../repositories/order-reader.js';
import { ORDER_SQL } from '../repositories/order-sql.js';
import type { Database } from '../sqlite-database.js';

export const DASHBOARD_SQL = {
  completedTotals:
    "SELECT COALESCE(SUM(total_sun), 0) AS revenue, COALESCE(SUM(network_fee_sun), 0) AS fees FROM orders WHERE status = 'completed'",
  completedTotalsIn:
    'SELECT COALESCE(SUM(total_sun), 0) AS revenue, COALESCE(SUM(network_fee_sun), 0) AS fees FROM orders ' +
    "WHERE status = 'completed' AND created_at >= ? AND created_at < ?",
  orderCount: 'SELECT COUNT(*) AS n FROM orders',
  ordersCreatedIn: 'SELECT COUNT(*) AS n FROM orders WHERE created_at >= ? AND created_at < ?',
  userCounts: 'SELECT COUNT(*) AS total, COALESCE(SUM(is_active), 0) AS active FROM users',
  usersCreatedIn: 'SELECT COUNT(*) AS n FROM users WHERE created_at >= ? AND created_at < ?',
  statusCounts: 'SELECT status, COUNT(*) AS n FROM orders GROUP BY status',
  topProducts:
    'SELECT l.product_id AS product_id, COALESCE(p.name, MAX(l.name)) AS name, SUM(l.quantity) AS quantity_sold, ' +
    'SUM(l.price_sun * l.quantity) AS revenue_sun, ' +
    'SUM(CASE WHEN o.created_at >= @current_from AND o.created_at < @current_to THEN l.price_sun * l.quantity ELSE 0 END) AS current_revenue_sun, ' +
    'SUM(CASE WHEN o.created_at >= @previous_from AND o.created_at < @previous_to THEN l.price_sun * l.quantity ELSE 0 END) AS previous_revenue_sun ' +
    'FROM orders o JOIN order_lines l ON l.order_id = o.id LEFT JOIN products p ON p.id = l.product_id ' +
    "WHERE o.status = 'completed' GROUP BY l.product_id " +
    'ORDER BY quantity_sold DESC, revenue_sun DESC, l.product_id ASC LIMIT @limit',
  dailyRevenue:
    "SELECT strftime('%Y-%m-%d', created_at / 1000, 'unixepoch') AS day, SUM(total_sun) AS revenue FROM orders " +
    "WHERE status = 'completed' AND created_at >= ? GROUP BY day ORDER BY day",
} as const;

interface TopProductRow {
  product_id: string;
  name: string;
  quantity_sold: number;
  revenue_sun: number;
  current_revenue_sun: number;
  previous_revenue_sun: number;
}

/** Every figure is an SQL aggregate over an index; one read transaction keeps them consistent. */
export const createSqliteDashboardReadModel = (db: Database): DashboardReadModel => {
  const reader = createOrderReader(db);
  const count = (sql: string, ...params: unknown[]): number =>
    db.prepare<unknown[], { n: number }>(sql).get(...params)?.n ?? 0;
  const sums = (sql: string, ...params: unknown[]) =>
    db.prepare<unknown[], { revenue: number; fees: number }>(sql).get(...params) ?? { revenue: 0, fees: 0 };

  const windowFigures = (window: TimeWindow): WindowFigures => {
    const range = [window.from.getTime(), window.to.getTime()];
    const completed = sums(DASHBOARD_SQL.completedTotalsIn, ...range);
    return {
      completedRevenueSun: completed.revenue,
      completedNetworkFeesSun: completed.fees,
      ordersCreated: count(DASHBOARD_SQL.ordersCreatedIn, ...range),
      usersCreated: count(DASHBOARD_SQL.usersCreatedIn, ...range),
    };
  };

  const read = (query: DashboardQuery): DashboardFigures => {
    const completed = sums(DASHBOARD_SQL.completedTotals);
    const users = db.prepare<[], { total: number; active: number }>(DASHBOARD_SQL.userCounts).get();
    const statusCounts = Object.fromEntries(ORDER_STATUSES.map((status) => [status, 0])) as Record<
      OrderStatus,
      number
    >;
    for (const row of db.prepare<[], { status: OrderStatus; n: number }>(DASHBOARD_SQL.statusCounts).all()) {
      if (row.status in statusCounts) statusCounts[row.status] = row.n;
    }
    const { current, previous } = query.windows;
    const topProducts = db.prepare<Record<string, number>, TopProductRow>(DASHBOARD_SQL.topProducts).all({
      current_from: current.from.getTime(),
      current_to: current.to.getTime(),
      previous_from: previous.from.getTime(),
      previous_to: previous.to.getTime(),
      limit: query.topProductsLimit,
    });
    const recentSales = db
      .prepare<Record<string, unknown>, SaleRow>(ORDER_SQL.salesPage(false))
      .all({ limit: query.recentSalesLimit, offset: 0 });
    const daily = db
      .prepare<[number], { day: string; revenue: number }>(DASHBOARD_SQL.dailyRevenue)
      .all(query.chartFrom.getTime());
    return {
      totals: {
        completedRevenueSun: completed.revenue,
        completedNetworkFeesSun: completed.fees,
        totalOrders: count(DASHBOARD_SQL.orderCount),
        activeUsers: users?.active ?? 0,
        totalUsers: users?.total ?? 0,
      },
      current: windowFigures(current),
      previous: windowFigures(previous),
      statusCounts,
      recentSales: reader.sales(recentSales),
      topProducts: topProducts.map((row) => ({
        productId: row.product_id,
        name: row.name,
        quantitySold: row.quantity_sold,
        revenueSun: row.revenue_sun,
        currentRevenueSun: row.current_revenue_sun,
        previousRevenueSun: row.previous_revenue_sun,
      })),
      dailyRevenue: daily.map((row) => ({ date: row.day, revenueSun: row.revenue })),
    };
  };

  return {
    async dashboard(query) {
      return db.transaction(read)(query);
    },
  };
};
