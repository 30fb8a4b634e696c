export const DAY_MS = 86_400_000;
export const HOUR_MS = 3_600_000;

/** `[from, to)` in epoch ms. */
export type InstantRange = readonly [from: number, to: number];

/**
 * An instant range cut at whole UTC units (days, hours): the whole units inside it (unit
 * numbers, half-open, as the summaries' `utc_day` and `utc_hour` columns count them) and the
 * partial units at either end. Summaries answer the whole units; the rows' own indexes answer
 * the at most two partial ones.
 */
export interface UtcUnitSplit {
  readonly wholeUnits: InstantRange | null;
  readonly partialUnits: readonly InstantRange[];
}

export const splitAtUtcUnits = (from: number, to: number, unitMs: number): UtcUnitSplit => {
  const firstWholeUnit = Math.ceil(from / unitMs);
  const endWholeUnit = Math.floor(to / unitMs);
  if (firstWholeUnit >= endWholeUnit) return { wholeUnits: null, partialUnits: [[from, to]] };
  const edges: InstantRange[] = [
    [from, firstWholeUnit * unitMs],
    [endWholeUnit * unitMs, to],
  ];
  return {
    wholeUnits: [firstWholeUnit, endWholeUnit],
    partialUnits: edges.filter(([start, end]) => start < end),
  };
};
