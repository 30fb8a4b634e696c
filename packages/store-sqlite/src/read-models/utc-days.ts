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

/** An empty range: a summary or index read over it finds nothing. */
const NO_RANGE: InstantRange = [0, 0];

/**
 * An instant range cut three ways, for summaries kept per day and per hour: its whole UTC days
 * (day numbers), the whole hours of the partial days at either end (hour numbers), and the
 * partial hours left (epoch ms). A range has at most one run of whole days, two of whole hours
 * and two partial hours; absent ones are empty, so a statement can read all five every time.
 */
export interface DayHourSplit {
  readonly days: InstantRange;
  readonly hours: readonly [InstantRange, InstantRange];
  readonly instants: readonly [InstantRange, InstantRange];
}

export const splitAtDaysAndHours = (from: number, to: number): DayHourSplit => {
  const byDay = splitAtUtcUnits(from, to, DAY_MS);
  const hours: InstantRange[] = [];
  const instants: InstantRange[] = [];
  for (const [start, end] of byDay.partialUnits) {
    const byHour = splitAtUtcUnits(start, end, HOUR_MS);
    if (byHour.wholeUnits) hours.push(byHour.wholeUnits);
    instants.push(...byHour.partialUnits);
  }
  if (hours.length > 2 || instants.length > 2) throw new Error(`cannot split [${from}, ${to}) in five`);
  return {
    days: byDay.wholeUnits ?? NO_RANGE,
    hours: [hours[0] ?? NO_RANGE, hours[1] ?? NO_RANGE],
    instants: [instants[0] ?? NO_RANGE, instants[1] ?? NO_RANGE],
  };
};

/** The five ranges' bounds in statement order: days, hours, hours, instants, instants. */
export const boundsOf = (split: DayHourSplit): number[] => [
  ...split.days,
  ...split.hours[0],
  ...split.hours[1],
  ...split.instants[0],
  ...split.instants[1],
];
