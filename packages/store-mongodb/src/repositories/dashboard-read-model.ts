import {
  type ChartPoint,
  type DashboardFigures,
  type DashboardQuery,
  type DashboardReadModel,
  ORDER_STATUSES,
  type OrderStatus,
  type TimeWindow,
  type TopProductFigures,
  type WindowFigures,
} from '@trx-shop/domain';
import type { ShopCollections } from '../collections.js';
import { NEWEST_FIRST } from '../paging.js';
import { withCustomers } from './order-customers.js';

const inWindow = (window: TimeWindow) => ({ $gte: window.from, $lt: window.to });

/** An aggregation expression: `value` when the order's createdAt lies in `window`, else 0. */
const whenCreatedIn = (window: TimeWindow, value: unknown) => ({
  $cond: [{ $and: [{ $gte: ['$createdAt', window.from] }, { $lt: ['$createdAt', window.to] }] }, value, 0],
});

interface OrderFiguresRow {
  completedRevenueSun: number;
  completedNetworkFeesSun: number;
  orders: number;
}

interface RefundFiguresRow {
  refundedSun: number;
  completedRefundedSun: number;
}

interface TopProductRow {
  _id: string;
  quantitySold: number;
  revenueSun: number;
  currentRevenueSun: number;
  previousRevenueSun: number;
  lineName: string;
  product: { name: string }[];
}

/*
 * Every figure is computed by the server (aggregations and counts); the app receives only the
 * results. The queries run concurrently; the indexes serving them are listed in indexes.ts.
 */
export const createMongoDashboardReadModel = ({
  orders,
  users,
  products,
}: Pick<ShopCollections, 'orders' | 'users' | 'products'>): DashboardReadModel => {
  /** Completed revenue and fees, and the order count, over all orders or those created in `window`. */
  const orderFigures = async (window?: TimeWindow): Promise<OrderFiguresRow> => {
    const created = window ? { createdAt: inWindow(window) } : {};
    const [[revenue], count] = await Promise.all([
      orders
        .aggregate<Omit<OrderFiguresRow, 'orders'>>([
          // Served by orders_status_created (status, then the createdAt range).
          { $match: { status: 'completed', ...created } },
          {
            $group: {
              _id: null,
              completedRevenueSun: { $sum: '$totalSun' },
              completedNetworkFeesSun: { $sum: '$networkFeeSun' },
            },
          },
        ])
        .toArray(),
      orders.countDocuments(created),
    ]);
    return {
      completedRevenueSun: revenue?.completedRevenueSun ?? 0,
      completedNetworkFeesSun: revenue?.completedNetworkFeesSun ?? 0,
      orders: count,
    };
  };

  /**
   * Confirmed refunds over all orders and over completed ones. Only orders with a refund are
   * grouped (orders_refunded); `$sum` counts a missing `refundedSun` as nothing.
   */
  const refundFigures = async (): Promise<RefundFiguresRow> => {
    const [row] = await orders
      .aggregate<RefundFiguresRow>([
        { $match: { refundedSun: { $gt: 0 } } },
        {
          $group: {
            _id: null,
            refundedSun: { $sum: '$refundedSun' },
            completedRefundedSun: { $sum: { $cond: [{ $eq: ['$status', 'completed'] }, '$refundedSun', 0] } },
          },
        },
      ])
      .toArray();
    return { refundedSun: row?.refundedSun ?? 0, completedRefundedSun: row?.completedRefundedSun ?? 0 };
  };

  const windowFigures = async (window: TimeWindow): Promise<WindowFigures> => {
    const [figures, usersCreated] = await Promise.all([
      orderFigures(window),
      users.countDocuments({ createdAt: inWindow(window) }),
    ]);
    return {
      completedRevenueSun: figures.completedRevenueSun,
      completedNetworkFeesSun: figures.completedNetworkFeesSun,
      ordersCreated: figures.orders,
      usersCreated,
    };
  };

  /** One indexed count per status (orders_status_created), every status present, 0 included. */
  const statusCounts = async (): Promise<Record<OrderStatus, number>> => {
    const counts = await Promise.all(ORDER_STATUSES.map((status) => orders.countDocuments({ status })));
    return Object.fromEntries(ORDER_STATUSES.map((status, index) => [status, counts[index] ?? 0])) as Record<
      OrderStatus,
      number
    >;
  };

  const topProducts = async (query: DashboardQuery): Promise<TopProductFigures[]> => {
    const lineRevenue = { $multiply: ['$lines.priceSun', '$lines.quantity'] };
    const rows = await orders
      .aggregate<TopProductRow>([
        { $match: { status: 'completed' } },
        { $unwind: '$lines' },
        {
          $group: {
            _id: '$lines.productId',
            quantitySold: { $sum: '$lines.quantity' },
            revenueSun: { $sum: lineRevenue },
            currentRevenueSun: { $sum: whenCreatedIn(query.windows.current, lineRevenue) },
            previousRevenueSun: { $sum: whenCreatedIn(query.windows.previous, lineRevenue) },
            lineName: { $first: '$lines.name' },
          },
        },
        { $sort: { quantitySold: -1, revenueSun: -1, _id: 1 } },
        { $limit: query.topProductsLimit },
        // The product's current name (products are archived, never deleted; the line's name is
        // only the fallback for a product record that is missing).
        { $lookup: { from: products.collectionName, localField: '_id', foreignField: '_id', as: 'product' } },
      ])
      .toArray();
    return rows.map((row) => ({
      productId: row._id,
      name: row.product[0]?.name ?? row.lineName,
      quantitySold: row.quantitySold,
      revenueSun: row.revenueSun,
      currentRevenueSun: row.currentRevenueSun,
      previousRevenueSun: row.previousRevenueSun,
    }));
  };

  /** Completed orders and their revenue per UTC day, counted and summed in one group. */
  const dailySales = async (chartFrom: Date): Promise<ChartPoint[]> =>
    (
      await orders
        .aggregate<{ _id: string; revenueSun: number; orders: number }>([
          { $match: { status: 'completed', createdAt: { $gte: chartFrom } } },
          {
            $group: {
              // $dateToString formats in UTC unless a timezone is given: the chart's days are UTC days.
              _id: { $dateToString: { format: '%Y-%m-%d', date: '$createdAt' } },
              revenueSun: { $sum: '$totalSun' },
              orders: { $sum: 1 },
            },
          },
          { $sort: { _id: 1 } },
        ])
        .toArray()
    ).map((row) => ({ date: row._id, revenueSun: row.revenueSun, orders: row.orders }));

  const recentSales = async (limit: number) =>
    withCustomers(users, await orders.find({}).sort(NEWEST_FIRST).limit(limit).toArray());

  return {
    async dashboard(query): Promise<DashboardFigures> {
      const [all, refunds, totalUsers, activeUsers, current, previous, counts, top, daily, recent] =
        await Promise.all([
          orderFigures(),
          refundFigures(),
          users.countDocuments({}),
          users.countDocuments({ isActive: true }),
          windowFigures(query.windows.current),
          windowFigures(query.windows.previous),
          statusCounts(),
          topProducts(query),
          dailySales(query.chartFrom),
          recentSales(query.recentSalesLimit),
        ]);
      return {
        totals: {
          completedRevenueSun: all.completedRevenueSun,
          completedNetworkFeesSun: all.completedNetworkFeesSun,
          refundedSun: refunds.refundedSun,
          completedRefundedSun: refunds.completedRefundedSun,
          totalOrders: all.orders,
          activeUsers,
          totalUsers,
        },
        current,
        previous,
        statusCounts: counts,
        recentSales: recent,
        topProducts: top,
        dailySales: daily,
      };
    },
  };
};
