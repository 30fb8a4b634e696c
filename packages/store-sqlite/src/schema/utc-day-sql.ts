/**
 * The UTC day of an epoch-ms instant column, as SQL: floor(ms / day). SQLite's `/` truncates
 * toward zero, so a negative instant that is not a whole day steps one day back. The day numbers
 * of every per-day summary (`order_day_totals`, `customer_day_counts`) and of `splitAtUtcMidnights`.
 */
export function utcDayOf(instant: string): string {
  return `(${instant} / 86400000 - (${instant} % 86400000 < 0))`;
}
