export const DAY_MS = 86_400_000;

/** `[from, to)` in epoch ms. */
export type InstantRange = readonly [from: number, to: number];

/**
 * An instant range cut at UTC midnights: the whole days inside it (day numbers, half-open, as the
 * `order_day_totals.utc_day` column counts them) and the partial days at either end. Summaries
 * answer the whole days; the orders indexes answer the at most two partial days.
 */
export interface UtcDaySplit {
  readonly wholeDays: InstantRange | null;
  readonly partialDays: readonly InstantRange[];
}

export const splitAtUtcMidnights = (from: number, to: number): UtcDaySplit => {
  const firstWholeDay = Math.ceil(from / DAY_MS);
  const endWholeDay = Math.floor(to / DAY_MS);
  if (firstWholeDay >= endWholeDay) return { wholeDays: null, partialDays: [[from, to]] };
  const edges: InstantRange[] = [
    [from, firstWholeDay * DAY_MS],
    [endWholeDay * DAY_MS, to],
  ];
  return {
    wholeDays: [firstWholeDay, endWholeDay],
    partialDays: edges.filter(([start, end]) => start < end),
  };
};
