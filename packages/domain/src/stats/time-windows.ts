export const DAY_MS = 86_400_000;
export const TREND_WINDOW_DAYS = 30;
export const CHART_DAYS_BACK = 180;
export const CHART_ENTRIES = CHART_DAYS_BACK + 1;

/** A half-open time range [from, to). */
export interface TimeWindow {
  readonly from: Date;
  readonly to: Date;
}

export interface TrendWindows {
  /** [now - 30 d, now) */
  readonly current: TimeWindow;
  /** [now - 60 d, now - 30 d) */
  readonly previous: TimeWindow;
}

export const trendWindows = (now: Date): TrendWindows => {
  const span = TREND_WINDOW_DAYS * DAY_MS;
  const end = now.getTime();
  return {
    current: { from: new Date(end - span), to: new Date(end) },
    previous: { from: new Date(end - 2 * span), to: new Date(end - span) },
  };
};

export const isWithin = (moment: Date, window: TimeWindow): boolean =>
  moment.getTime() >= window.from.getTime() && moment.getTime() < window.to.getTime();

/** `YYYY-MM-DD` of the UTC day holding `moment`. */
export const utcDay = (moment: Date): string => moment.toISOString().slice(0, 10);

/** Midnight UTC of the day `days` before the UTC day of `now`. */
export const utcMidnightDaysBack = (now: Date, days: number): Date =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - days));

/** The chart starts at the UTC date 180 days back and ends with today. */
export const chartStart = (now: Date): Date => utcMidnightDaysBack(now, CHART_DAYS_BACK);
