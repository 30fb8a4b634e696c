import { COMPONENT_NAME } from '../../http/components.js';
import { type DashboardStats, sunToTrx } from '@trx-shop/domain';
import { Type } from 'typebox';
import { presentSale, SaleView } from './order.presenter.js';

const Trend = Type.String({ description: 'e.g. +12.5%, -3.0%, 0.0%' });
const StatusCounts = Type.Object(
  {
    pending: Type.Integer(),
    completed: Type.Integer(),
    refunded: Type.Integer(),
    failed: Type.Integer(),
    cancelled: Type.Integer(),
  },
  { additionalProperties: false },
);

export const DashboardView = Type.Object(
  {
    success: Type.Literal(true),
    stats: Type.Object(
      {
        totals: Type.Object(
          {
            totalRevenue: Type.Number(),
            totalOrders: Type.Integer(),
            activeUsers: Type.Integer(),
            totalUsers: Type.Integer(),
            networkFees: Type.Number(),
            refunded: Type.Number({ description: 'TRX given back by confirmed refunds, any order' }),
            netRevenue: Type.Number({
              description: 'totalRevenue less the confirmed partial refunds of completed orders',
            }),
          },
          { additionalProperties: false },
        ),
        trends: Type.Object(
          { revenueChange: Trend, ordersChange: Trend, usersChange: Trend, feesChange: Trend },
          { additionalProperties: false },
        ),
        last30Days: Type.Object(
          { totalRevenue: Type.Number(), totalOrders: Type.Integer(), networkFees: Type.Number() },
          { additionalProperties: false },
        ),
        statusCounts: StatusCounts,
      },
      { additionalProperties: false },
    ),
    recentSales: Type.Array(SaleView),
    topProducts: Type.Array(
      Type.Object(
        {
          _id: Type.String(),
          name: Type.String(),
          quantitySold: Type.Integer(),
          revenue: Type.Number(),
          trend: Trend,
        },
        { additionalProperties: false },
      ),
    ),
    chartData: Type.Array(
      Type.Object(
        {
          date: Type.String({ description: 'YYYY-MM-DD (UTC)' }),
          revenue: Type.Number({
            description: 'TRX: sum of the totals of the orders counted in `orders`',
          }),
          orders: Type.Integer({
            minimum: 0,
            description: 'Orders created that UTC day whose status is now completed',
          }),
        },
        { additionalProperties: false },
      ),
      {
        description: '181 days, from the UTC date 180 days back to today; days without completed orders at 0',
      },
    ),
  },
  {
    additionalProperties: false,
    [COMPONENT_NAME]: 'DashboardStats',
    examples: [
      {
        success: true,
        stats: {
          totals: {
            totalRevenue: 12500.75,
            totalOrders: 84,
            activeUsers: 31,
            totalUsers: 40,
            networkFees: 92.4,
            refunded: 150.6,
            netRevenue: 12350.15,
          },
          trends: {
            revenueChange: '+12.5%',
            ordersChange: '+8.0%',
            usersChange: '+3.2%',
            feesChange: '-1.5%',
          },
          last30Days: { totalRevenue: 3100.2, totalOrders: 21, networkFees: 23.1 },
          statusCounts: { pending: 2, completed: 78, refunded: 1, failed: 1, cancelled: 2 },
        },
        recentSales: [],
        topProducts: [
          {
            _id: '6760c0f4a1b2c3d4e5f60718',
            name: 'Ledger Nano X',
            quantitySold: 18,
            revenue: 2691,
            trend: '+5.0%',
          },
        ],
        chartData: [{ date: '2025-01-15', revenue: 450.3, orders: 3 }],
      },
    ],
  },
);

export const presentDashboard = (stats: DashboardStats) => ({
  success: true as const,
  stats: {
    totals: {
      totalRevenue: sunToTrx(stats.totals.totalRevenueSun),
      totalOrders: stats.totals.totalOrders,
      activeUsers: stats.totals.activeUsers,
      totalUsers: stats.totals.totalUsers,
      networkFees: sunToTrx(stats.totals.networkFeesSun),
      refunded: sunToTrx(stats.totals.refundedSun),
      netRevenue: sunToTrx(stats.totals.netRevenueSun),
    },
    trends: stats.trends,
    last30Days: {
      totalRevenue: sunToTrx(stats.last30Days.totalRevenueSun),
      totalOrders: stats.last30Days.totalOrders,
      networkFees: sunToTrx(stats.last30Days.networkFeesSun),
    },
    statusCounts: stats.statusCounts,
  },
  recentSales: stats.recentSales.map(presentSale),
  topProducts: stats.topProducts.map((product) => ({
    _id: product.productId,
    name: product.name,
    quantitySold: product.quantitySold,
    revenue: sunToTrx(product.revenueSun),
    trend: product.trend,
  })),
  chartData: stats.chartData.map((point) => ({
    date: point.date,
    revenue: sunToTrx(point.revenueSun),
    orders: point.orders,
  })),
});
