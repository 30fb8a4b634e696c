import type { Sun } from '../money/sun.js';
import { CHART_ENTRIES, chartStart, DAY_MS, utcDay } from './time-windows.js';

export interface ChartPoint {
  readonly date: string;
  readonly revenueSun: Sun;
}

/**
 * The 181-entry daily revenue series, one entry per UTC day from 180 days back to today, days
 * without completed orders at 0. `revenueByDay` may hold days outside the window; they are ignored.
 */
export const buildChartSeries = (now: Date, revenueByDay: ReadonlyMap<string, Sun>): ChartPoint[] => {
  const start = chartStart(now).getTime();
  return Array.from({ length: CHART_ENTRIES }, (_, index) => {
    const date = utcDay(new Date(start + index * DAY_MS));
    return { date, revenueSun: revenueByDay.get(date) ?? 0 };
  });
};
