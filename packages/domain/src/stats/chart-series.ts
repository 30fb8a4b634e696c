import type { Sun } from '../money/sun.js';
import { CHART_ENTRIES, chartStart, DAY_MS, utcDay } from './time-windows.js';

/** One UTC day's completed orders: how many were created that day and the sum of their totals. */
export interface ChartPoint {
  readonly date: string;
  readonly revenueSun: Sun;
  readonly orders: number;
}

/**
 * The 181-entry daily series, one entry per UTC day from 180 days back to today, days without
 * completed orders at 0 orders and 0 revenue. `days` may hold days outside the window; they are ignored.
 */
export const buildChartSeries = (now: Date, days: readonly ChartPoint[]): ChartPoint[] => {
  const byDate = new Map(days.map((day) => [day.date, day]));
  const start = chartStart(now).getTime();
  return Array.from({ length: CHART_ENTRIES }, (_, index) => {
    const date = utcDay(new Date(start + index * DAY_MS));
    const day = byDate.get(date);
    return { date, revenueSun: day?.revenueSun ?? 0, orders: day?.orders ?? 0 };
  });
};
