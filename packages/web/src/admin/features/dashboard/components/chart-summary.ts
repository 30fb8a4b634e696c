import type { DashboardStats } from '@trx-shop/client';

export type ChartDay = DashboardStats['chartData'][number];

export interface ChartSummary {
  readonly from: string;
  readonly to: string;
  readonly days: number;
  /** TRX; summed in SUN so 181 six-decimal amounts add up exactly. */
  readonly total: number;
  /** Orders of the range: the completed orders whose totals make `total`. */
  readonly orders: number;
  /** The day with the most revenue, the earliest of equals; null when no day had any. */
  readonly best: ChartDay | null;
}

const toSun = (trx: number): number => Math.round(trx * 1_000_000);

export const summariseChart = (days: readonly ChartDay[]): ChartSummary | null => {
  const first = days[0];
  const last = days.at(-1);
  if (!first || !last) return null;
  let totalSun = 0;
  let orders = 0;
  let best: ChartDay | null = null;
  for (const day of days) {
    totalSun += toSun(day.revenue);
    orders += day.orders;
    if (day.revenue > 0 && (!best || day.revenue > best.revenue)) best = day;
  }
  return {
    from: first.date,
    to: last.date,
    days: days.length,
    total: totalSun / 1_000_000,
    orders,
    best,
  };
};
