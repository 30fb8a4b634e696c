/**
 * The UTC unit (day, hour) of an epoch-ms instant column, as SQL: floor(ms / unit). SQLite's `/`
 * truncates toward zero, so a negative instant that is not a whole unit steps one unit back. The
 * numbers of every per-day or per-hour summary, and of `splitAtUtcUnits`.
 */
const utcUnitOf = (instant: string, unitMs: number): string =>
  `(${instant} / ${unitMs} - (${instant} % ${unitMs} < 0))`;

export function utcDayOf(instant: string): string {
  return utcUnitOf(instant, 86_400_000);
}

export function utcHourOf(instant: string): string {
  return utcUnitOf(instant, 3_600_000);
}
