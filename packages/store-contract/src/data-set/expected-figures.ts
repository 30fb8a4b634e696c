import type { OrderStatus, User } from '@trx-shop/domain';
import type { DataSetOrder, ShopDataSet } from './shop-data-set.js';

/*
 * What the read models must answer for a generated data set, computed with plain loops over
 * the generated records: the contract suite's oracle. Windows are half-open [from, to).
 */

export interface Window {
  readonly from: Date;
  readonly to: Date;
}

const inWindow = (moment: Date, window: Window): boolean =>
  moment.getTime() >= window.from.getTime() && moment.getTime() < window.to.getTime();

const signedSpend = (order: DataSetOrder): number => {
  if (order.status === 'completed') return order.totalSun;
  if (order.status === 'refunded') return -order.totalSun;
  return 0;
};

export const expectedTotalSpent = (data: ShopDataSet, userId: string): number => {
  let total = 0;
  for (const order of data.orders) if (order.userId === userId) total += signedSpend(order);
  return total;
};

const newestFirst = (a: { createdAt: Date; id: string }, b: { createdAt: Date; id: string }): number =>
  b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

/** Customers (role user) whose username or email contains `search` case-insensitively, newest first. */
export const expectedCustomers = (data: ShopDataSet, search?: string): User[] => {
  const needle = search?.toLowerCase();
  const matches: User[] = [];
  for (const user of data.users) {
    if (user.role !== 'user') continue;
    if (
      needle !== undefined &&
      !user.username.toLowerCase().includes(needle) &&
      !user.email.toLowerCase().includes(needle)
    ) {
      continue;
    }
    matches.push(user);
  }
  return matches.sort(newestFirst);
};

export const expectedCustomerStats = (
  data: ShopDataSet,
  current: Window,
  previous: Window,
): {
  totalVolumeSun: number;
  customersCreated: { current: number; previous: number };
  volumeSun: { current: number; previous: number };
} => {
  const customerIds = new Set<string>();
  const customersCreated = { current: 0, previous: 0 };
  for (const user of data.users) {
    if (user.role !== 'user') continue;
    customerIds.add(user.id);
    if (inWindow(user.createdAt, current)) customersCreated.current += 1;
    if (inWindow(user.createdAt, previous)) customersCreated.previous += 1;
  }
  let totalVolumeSun = 0;
  const volumeSun = { current: 0, previous: 0 };
  for (const order of data.orders) {
    if (!customerIds.has(order.userId)) continue;
    totalVolumeSun += signedSpend(order);
    if (inWindow(order.createdAt, current)) volumeSun.current += signedSpend(order);
    if (inWindow(order.createdAt, previous)) volumeSun.previous += signedSpend(order);
  }
  return {
    totalVolumeSun,
    customersCreated,
    volumeSun,
  };
};

export interface ExpectedWindowFigures {
  completedRevenueSun: number;
  completedNetworkFeesSun: number;
  ordersCreated: number;
  usersCreated: number;
}

const windowFigures = (data: ShopDataSet, window: Window): ExpectedWindowFigures => {
  const figures = { completedRevenueSun: 0, completedNetworkFeesSun: 0, ordersCreated: 0, usersCreated: 0 };
  for (const order of data.orders) {
    if (!inWindow(order.createdAt, window)) continue;
    figures.ordersCreated += 1;
    if (order.status === 'completed') {
      figures.completedRevenueSun += order.totalSun;
      figures.completedNetworkFeesSun += order.networkFeeSun;
    }
  }
  for (const user of data.users) if (inWindow(user.createdAt, window)) figures.usersCreated += 1;
  return figures;
};

export interface ExpectedTopProduct {
  productId: string;
  name: string;
  quantitySold: number;
  revenueSun: number;
  currentRevenueSun: number;
  previousRevenueSun: number;
}

export const expectedDashboard = (
  data: ShopDataSet,
  windows: { current: Window; previous: Window },
  chartFrom: Date,
  productNames: ReadonlyMap<string, string>,
) => {
  const totals = {
    completedRevenueSun: 0,
    completedNetworkFeesSun: 0,
    refundedSun: 0,
    completedRefundedSun: 0,
    totalOrders: 0,
    activeUsers: 0,
    totalUsers: 0,
  };
  const statusCounts: Record<OrderStatus, number> = {
    pending: 0,
    completed: 0,
    refunded: 0,
    failed: 0,
    cancelled: 0,
  };
  const products = new Map<string, ExpectedTopProduct>();
  /** Completed orders per UTC day of creation from `chartFrom` on: their revenue and how many. */
  const dailySales = new Map<string, { revenueSun: number; orders: number }>();
  for (const order of data.orders) {
    totals.totalOrders += 1;
    statusCounts[order.status] += 1;
    totals.refundedSun += order.refundedSun;
    if (order.status !== 'completed') continue;
    totals.completedRefundedSun += order.refundedSun;
    totals.completedRevenueSun += order.totalSun;
    totals.completedNetworkFeesSun += order.networkFeeSun;
    if (order.createdAt.getTime() >= chartFrom.getTime()) {
      const day = order.createdAt.toISOString().slice(0, 10);
      const sales = dailySales.get(day) ?? { revenueSun: 0, orders: 0 };
      dailySales.set(day, { revenueSun: sales.revenueSun + order.totalSun, orders: sales.orders + 1 });
    }
    for (const line of order.lines) {
      const entry = products.get(line.productId) ?? {
        productId: line.productId,
        name: productNames.get(line.productId) ?? line.name,
        quantitySold: 0,
        revenueSun: 0,
        currentRevenueSun: 0,
        previousRevenueSun: 0,
      };
      entry.quantitySold += line.quantity;
      entry.revenueSun += line.priceSun * line.quantity;
      if (inWindow(order.createdAt, windows.current))
        entry.currentRevenueSun += line.priceSun * line.quantity;
      if (inWindow(order.createdAt, windows.previous))
        entry.previousRevenueSun += line.priceSun * line.quantity;
      products.set(line.productId, entry);
    }
  }
  for (const user of data.users) {
    totals.totalUsers += 1;
    if (user.isActive) totals.activeUsers += 1;
  }
  const topProducts = [...products.values()].sort(
    (a, b) =>
      b.quantitySold - a.quantitySold ||
      b.revenueSun - a.revenueSun ||
      (a.productId < b.productId ? -1 : a.productId > b.productId ? 1 : 0),
  );
  const recentSales = [...data.orders].sort(newestFirst);
  return {
    totals,
    current: windowFigures(data, windows.current),
    previous: windowFigures(data, windows.previous),
    statusCounts,
    topProducts,
    dailySales,
    recentSales,
  };
};
