import {
  type ChartPoint,
  type DashboardFigures,
  type DashboardQuery,
  type DashboardReadModel,
  ORDER_STATUSES,
  type OrderStatus,
  type TimeWindow,
  type WindowFigures,
} from '@trx-shop/domain';
import { createOrderReader, type SaleRow } from '../repositories/order-reader.js';
import { ORDER_SQL, ORDER_STATUS_LIST } from '../repositories/order-sql.js';
import type { Database } from '../sqlite-database.js';
import { createStatementCache } from '../statement-cache.js';
import { DAY_MS, splitAtUtcUnits } from './utc-days.js';

const WINDOW_SUMS =
  "COALESCE(SUM(CASE status WHEN 'completed' THEN total_sun END), 0) AS revenue, " +
  "COALESCE(SUM(CASE status WHEN 'completed' THEN network_fee_sun END), 0) AS fees";

const windowRevenue = (window: 'current' | 'previous') =>
  `(SELECT COALESCE(SUM(c.revenue_sun), 0) FROM completed_lines c WHERE c.product_id = top.product_id ` +
  `AND c.created_at >= @${window}_from AND c.created_at < @${window}_to) AS ${window}_revenue_sun`;

/**
 * The ranking comes from `product_sales`; each top product's window revenue is one range of the
 * `completed_lines_product_created` index. An archived-away product (no row) keeps its last line name.
 */
const TOP_PRODUCTS =
  'WITH top AS (SELECT product_id, quantity, revenue_sun FROM product_sales WHERE line_count > 0 ' +
  'ORDER BY quantity DESC, revenue_sun DESC, product_id LIMIT @limit) ' +
  'SELECT top.product_id AS product_id, COALESCE(p.name, (SELECT MAX(l.name) FROM completed_lines c ' +
  'CROSS JOIN order_lines l ON l.order_id = c.order_id AND l.line_index = c.line_index ' +
  'WHERE c.product_id = top.product_id)) AS name, ' +
  'top.quantity AS quantity_sold, top.revenue_sun AS revenue_sun, ' +
  `${windowRevenue('current')}, ${windowRevenue('previous')} ` +
  'FROM top LEFT JOIN products p ON p.id = top.product_id ' +
  'ORDER BY quantity_sold DESC, revenue_sun DESC, product_id ASC';

export const DASHBOARD_SQL = {
  statusTotals:
    'SELECT status, SUM(order_count) AS n, SUM(total_sun) AS revenue, SUM(network_fee_sun) AS fees ' +
    `FROM order_day_totals WHERE status IN (${ORDER_STATUS_LIST}) GROUP BY status`,
  wholeDaysIn:
    `SELECT COALESCE(SUM(order_count), 0) AS orders, ${WINDOW_SUMS} FROM order_day_totals ` +
    `WHERE status IN (${ORDER_STATUS_LIST}) AND utc_day >= ? AND utc_day < ?`,
  partialDayIn:
    `SELECT COUNT(*) AS orders, ${WINDOW_SUMS} FROM orders ` +
    `WHERE status IN (${ORDER_STATUS_LIST}) AND created_at >= ? AND created_at < ?`,
  /** From the trigger-kept `order_refund_totals`: one row per status. */
  refundTotals:
    "SELECT COALESCE(SUM(refunded_sun), 0) AS refunded, COALESCE(SUM(CASE status WHEN 'completed' " +
    'THEN refunded_sun END), 0) AS completed_refunded ' +
    `FROM order_refund_totals WHERE status IN (${ORDER_STATUS_LIST})`,
  userCount: 'SELECT COUNT(*) AS n FROM users',
  inactiveUserCount: 'SELECT COUNT(*) AS n FROM users WHERE is_active = 0',
  usersCreatedIn: 'SELECT COUNT(*) AS n FROM users WHERE created_at >= ? AND created_at < ?',
  topProducts: TOP_PRODUCTS,
  dailySales:
    "SELECT strftime('%Y-%m-%d', utc_day * 86400, 'unixepoch') AS day, SUM(total_sun) AS revenue, " +
    "SUM(order_count) AS orders FROM order_day_totals WHERE status = 'completed' AND utc_day >= ? " +
    'GROUP BY utc_day HAVING SUM(order_count) > 0 ORDER BY utc_day',
  completedSalesIn:
    'SELECT COUNT(*) AS orders, COALESCE(SUM(total_sun), 0) AS revenue FROM orders ' +
    "WHERE status = 'completed' AND created_at >= ? AND created_at < ?",
} as const;

interface TopProductRow {
  product_id: string;
  name: string;
  quantity_sold: number;
  revenue_sun: number;
  current_revenue_sun: number;
  previous_revenue_sun: number;
}

interface WindowSums {
  orders: number;
  revenue: number;
  fees: number;
}

/**
 * All-time and per-day figures come from the trigger-kept summaries
 * (`order_day_totals`, `completed_lines`, `product_sales`, `order_refund_totals`): a dashboard
 * reads a few rows per day of history, the orders of at most four partial days and the top
 * products' lines in the two windows, never every order. One read transaction keeps the figures
 * consistent.
 */
export const createSqliteDashboardReadModel = (db: Database): DashboardReadModel => {
  const reader = createOrderReader(db);
  const statement = createStatementCache(db);
  const count = (sql: string, ...params: unknown[]): number =>
    statement<unknown[], { n: number }>(sql).get(...params)?.n ?? 0;

  const windowSums = (window: TimeWindow): WindowSums => {
    const { wholeUnits: wholeDays, partialUnits: partialDays } = splitAtUtcUnits(
      window.from.getTime(),
      window.to.getTime(),
      DAY_MS,
    );
    const parts = partialDays.map((range) =>
      statement<number[], WindowSums>(DASHBOARD_SQL.partialDayIn).get(...range),
    );
    if (wholeDays) parts.push(statement<number[], WindowSums>(DASHBOARD_SQL.wholeDaysIn).get(...wholeDays));
    return parts.reduce<WindowSums>(
      (sum, part) => ({
        orders: sum.orders + (part?.orders ?? 0),
        revenue: sum.revenue + (part?.revenue ?? 0),
        fees: sum.fees + (part?.fees ?? 0),
      }),
      { orders: 0, revenue: 0, fees: 0 },
    );
  };

  const windowFigures = (window: TimeWindow): WindowFigures => {
    const sums = windowSums(window);
    return {
      completedRevenueSun: sums.revenue,
      completedNetworkFeesSun: sums.fees,
      ordersCreated: sums.orders,
      usersCreated: count(DASHBOARD_SQL.usersCreatedIn, window.from.getTime(), window.to.getTime()),
    };
  };

  /** Completed orders and their revenue per UTC day from `chartFrom` on; a chart starting mid-day reads that day's orders. */
  const dailySales = (chartFrom: number): ChartPoint[] => {
    const firstWholeDay = Math.ceil(chartFrom / DAY_MS);
    const days = statement<[number], { day: string; revenue: number; orders: number }>(
      DASHBOARD_SQL.dailySales,
    )
      .all(firstWholeDay)
      .map((row) => ({ date: row.day, revenueSun: row.revenue, orders: row.orders }));
    if (chartFrom === firstWholeDay * DAY_MS) return days;
    const partial = statement<[number, number], { orders: number; revenue: number }>(
      DASHBOARD_SQL.completedSalesIn,
    ).get(chartFrom, firstWholeDay * DAY_MS);
    if (!partial || partial.orders === 0) return days;
    const date = new Date(chartFrom).toISOString().slice(0, 10);
    return [{ date, revenueSun: partial.revenue, orders: partial.orders }, ...days];
  };

  const read = (query: DashboardQuery): DashboardFigures => {
    const totals = statement<[], { status: OrderStatus; n: number; revenue: number; fees: number }>(
      DASHBOARD_SQL.statusTotals,
    ).all();
    const statusCounts = Object.fromEntries(ORDER_STATUSES.map((status) => [status, 0])) as Record<
      OrderStatus,
      number
    >;
    for (const row of totals) statusCounts[row.status] = row.n;
    const completed = totals.find((row) => row.status === 'completed');
    const refunds = statement<[], { refunded: number; completed_refunded: number }>(
      DASHBOARD_SQL.refundTotals,
    ).get();
    const totalUsers = count(DASHBOARD_SQL.userCount);
    const { current, previous } = query.windows;
    const topProducts = statement<Record<string, number>, TopProductRow>(DASHBOARD_SQL.topProducts).all({
      current_from: current.from.getTime(),
      current_to: current.to.getTime(),
      previous_from: previous.from.getTime(),
      previous_to: previous.to.getTime(),
      limit: query.topProductsLimit,
    });
    const recentSales = statement<Record<string, unknown>, SaleRow>(ORDER_SQL.salesPage(false)).all({
      limit: query.recentSalesLimit,
      offset: 0,
    });
    return {
      totals: {
        completedRevenueSun: completed?.revenue ?? 0,
        completedNetworkFeesSun: completed?.fees ?? 0,
        refundedSun: refunds?.refunded ?? 0,
        completedRefundedSun: refunds?.completed_refunded ?? 0,
        totalOrders: totals.reduce((sum, row) => sum + row.n, 0),
        // is_active is a 0/1 flag, and inactive users are the few.
        activeUsers: totalUsers - count(DASHBOARD_SQL.inactiveUserCount),
        totalUsers,
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
      dailySales: dailySales(query.chartFrom.getTime()),
    };
  };

  return {
    async dashboard(query) {
      return db.transaction(read)(query);
    },
  };
};
