/** Percentiles of recorded durations (nearest rank). */
export const percentile = (durationsMs: readonly number[], fraction: number): number => {
  if (durationsMs.length === 0) return Number.NaN;
  const sorted = [...durationsMs].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1));
  return sorted[rank] as number;
};
