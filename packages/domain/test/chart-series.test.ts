import {
  buildChartSeries,
  type DashboardFigures,
  type DashboardQuery,
  type DashboardReadModel,
  dashboardStats,
  CHART_DAYS_BACK,
  CHART_ENTRIES,
  chartStart,
  utcDay,
  utcMidnightDaysBack,
} from '@trx-shop/domain';
import { afterEach, describe, expect, it } from 'vitest';

interface CivilDate {
  readonly year: number;
  readonly month: number;
  readonly day: number;
}

const isLeapYear = (year: number): boolean => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

const daysInMonth = (year: number, month: number): number =>
  [31, isLeapYear(year) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] ?? 0;

/** The calendar day before `date`, by the Gregorian rules alone (no Date arithmetic). */
const dayBefore = ({ year, month, day }: CivilDate): CivilDate => {
  if (day > 1) return { year, month, day: day - 1 };
  if (month > 1) return { year, month: month - 1, day: daysInMonth(year, month - 1) };
  return { year: year - 1, month: 12, day: 31 };
};

const text = ({ year, month, day }: CivilDate): string =>
  `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

/** The 181 dates that end with `today`, oldest first. */
const expectedDates = (today: CivilDate): string[] => {
  const dates = [text(today)];
  let cursor = today;
  for (let back = 1; back <= 180; back += 1) {
    cursor = dayBefore(cursor);
    dates.unshift(text(cursor));
  }
  return dates;
};

describe('chart window', () => {
  it('has 181 entries, from 180 days back to today', () => {
    expect(CHART_DAYS_BACK).toBe(180);
    expect(CHART_ENTRIES).toBe(181);
  });

  it('starts at midnight UTC of the date 180 days back', () => {
    expect(chartStart(new Date('2026-03-15T12:34:56.789Z')).toISOString()).toBe('2025-09-16T00:00:00.000Z');
    expect(utcMidnightDaysBack(new Date('2026-03-01T00:00:00.000Z'), 1).toISOString()).toBe(
      '2026-02-28T00:00:00.000Z',
    );
    expect(utcDay(new Date('2026-03-15T23:59:59.999Z'))).toBe('2026-03-15');
  });
});

describe('buildChartSeries', () => {
  it('lists one entry per UTC day from 180 days back to today, across month and year boundaries', () => {
    const series = buildChartSeries(new Date('2026-03-15T12:00:00.000Z'), []);
    expect(series).toHaveLength(181);
    expect(series[0]?.date).toBe('2025-09-16');
    expect(series[180]?.date).toBe('2026-03-15');
    expect(series.map((point) => point.date)).toEqual(expectedDates({ year: 2026, month: 3, day: 15 }));
  });

  it('includes the leap day of a leap year', () => {
    const series = buildChartSeries(new Date('2024-03-01T08:00:00.000Z'), []);
    const dates = series.map((point) => point.date);
    expect(dates).toEqual(expectedDates({ year: 2024, month: 3, day: 1 }));
    expect(dates).toContain('2024-02-29');
    expect(dates[0]).toBe('2023-09-03');
  });

  it('ends today when now is just before UTC midnight', () => {
    const dates = buildChartSeries(new Date('2025-12-31T23:59:59.999Z'), []).map((point) => point.date);
    expect(dates).toEqual(expectedDates({ year: 2025, month: 12, day: 31 }));
    expect(dates[0]).toBe('2025-07-04');
  });

  it('moves to the new day exactly at UTC midnight', () => {
    const dates = buildChartSeries(new Date('2026-01-01T00:00:00.000Z'), []).map((point) => point.date);
    expect(dates).toEqual(expectedDates({ year: 2026, month: 1, day: 1 }));
    expect(dates[0]).toBe('2025-07-05');
    expect(dates[180]).toBe('2026-01-01');
  });

  it('puts each day its revenue and orders, 0 on days without completed orders, and ignores days outside the window', () => {
    const days = [
      { date: '2025-09-15', revenueSun: 7_000_000, orders: 2 },
      { date: '2025-09-16', revenueSun: 290_000, orders: 1 },
      { date: '2025-12-31', revenueSun: 1_000_000, orders: 3 },
      { date: '2026-03-15', revenueSun: 12_210_000, orders: 4 },
      { date: '2026-03-16', revenueSun: 5_000_000, orders: 1 },
    ];
    const series = buildChartSeries(new Date('2026-03-15T12:00:00.000Z'), days);
    expect(series[0]).toEqual({ date: '2025-09-16', revenueSun: 290_000, orders: 1 });
    expect(series[180]).toEqual({ date: '2026-03-15', revenueSun: 12_210_000, orders: 4 });
    expect(series.find((point) => point.date === '2025-12-31')).toEqual({
      date: '2025-12-31',
      revenueSun: 1_000_000,
      orders: 3,
    });
    const zeroDays = series.filter((point) => point.revenueSun === 0 && point.orders === 0);
    expect(zeroDays).toHaveLength(178);
    let revenue = 0;
    let orders = 0;
    for (const point of series) {
      revenue += point.revenueSun;
      orders += point.orders;
    }
    expect(revenue).toBe(290_000 + 1_000_000 + 12_210_000);
    expect(orders).toBe(1 + 3 + 4);
  });
});

describe('dashboardStats chart over a fake read model', () => {
  const figures = (dailySales: DashboardFigures['dailySales']): DashboardFigures => {
    const window = { completedRevenueSun: 0, completedNetworkFeesSun: 0, ordersCreated: 0, usersCreated: 0 };
    return {
      totals: {
        completedRevenueSun: 0,
        completedNetworkFeesSun: 0,
        refundedSun: 0,
        completedRefundedSun: 0,
        totalOrders: 0,
        activeUsers: 0,
        totalUsers: 0,
      },
      current: window,
      previous: window,
      statusCounts: { pending: 0, completed: 0, refunded: 0, failed: 0, cancelled: 0 },
      recentSales: [],
      topProducts: [],
      dailySales,
    };
  };

  it('asks from the chart start and answers each day the read model counted, orders beside revenue', async () => {
    const now = new Date('2026-03-15T12:00:00.000Z');
    const queries: DashboardQuery[] = [];
    const dashboard: DashboardReadModel = {
      async dashboard(query) {
        queries.push(query);
        return figures([
          { date: '2026-01-10', revenueSun: 5_990_000, orders: 2 },
          { date: '2026-03-15', revenueSun: 1_000_000, orders: 1 },
        ]);
      },
    };
    const stats = await dashboardStats({ dashboard }, now);
    expect(queries.map((query) => query.chartFrom.toISOString())).toEqual(['2025-09-16T00:00:00.000Z']);
    expect(stats.chartData).toHaveLength(181);
    expect(stats.chartData.find((point) => point.date === '2026-01-10')).toEqual({
      date: '2026-01-10',
      revenueSun: 5_990_000,
      orders: 2,
    });
    expect(stats.chartData[180]).toEqual({ date: '2026-03-15', revenueSun: 1_000_000, orders: 1 });
    expect(stats.chartData.filter((point) => point.orders > 0).map((point) => point.date)).toEqual([
      '2026-01-10',
      '2026-03-15',
    ]);
  });
});

describe('chart days under a local time zone far from UTC', () => {
  const originalTimeZone = process.env.TZ;
  afterEach(() => {
    if (originalTimeZone === undefined) delete process.env.TZ;
    else process.env.TZ = originalTimeZone;
  });

  it('still counts UTC days when the process runs at UTC+14 or UTC-11', () => {
    const cases = [
      { zone: 'Pacific/Kiritimati', now: new Date('2026-03-15T12:00:00.000Z') },
      { zone: 'Pacific/Pago_Pago', now: new Date('2026-03-15T05:00:00.000Z') },
    ];
    for (const { zone, now } of cases) {
      process.env.TZ = zone;
      // The premise: in this zone the local calendar date differs from the UTC one.
      expect(now.getDate(), zone).not.toBe(15);
      const dates = buildChartSeries(now, []).map((point) => point.date);
      expect(dates).toEqual(expectedDates({ year: 2026, month: 3, day: 15 }));
      expect(chartStart(now).toISOString()).toBe('2025-09-16T00:00:00.000Z');
    }
  });
});
