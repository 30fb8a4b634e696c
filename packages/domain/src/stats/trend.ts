/**
 * The specification's trend string: the change of the latest 30-day value against the one
 * before, one decimal, `+` when the change is zero or positive. A previous value of 0 gives
 * `0.0%` (current also 0) or `+100.0%`. The formula is applied literally (docs/decisions.md section
 * 10), so negative values such as network fees divide by a negative previous value and a tiny
 * drop prints `-0.0%`.
 */
export const trendString = (current: number, previous: number): string => {
  if (previous === 0) return current === 0 ? '0.0%' : '+100.0%';
  const change = ((current - previous) / previous) * 100;
  return `${change >= 0 ? '+' : ''}${change.toFixed(1)}%`;
};
