/** A range of calendar days as date inputs give them (`YYYY-MM-DD`, in the viewer's calendar). */
export interface DayRange {
  readonly fromDay?: string | undefined;
  readonly toDay?: string | undefined;
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Local midnight at the start of `day` plus `later` days, or undefined when `day` names no day. */
const localMidnight = (day: string, later: number): Date | undefined => {
  const [, year, month, date] = (DAY.exec(day) ?? []).map(Number);
  if (year === undefined || month === undefined || date === undefined) return undefined;
  const start = new Date(year, month - 1, date);
  // The Date constructor rolls 31 February over into March; such a day is no day.
  const real = start.getFullYear() === year && start.getMonth() === month - 1 && start.getDate() === date;
  return real ? new Date(year, month - 1, date + later) : undefined;
};

/** `value` when it names a real day, so a malformed day in a URL is left out rather than sent. */
export const dayOrUndefined = (value: string | null): string | undefined =>
  value !== null && localMidnight(value, 0) ? value : undefined;

/**
 * The API's `from` / `to` instants: "From" is the local midnight starting that day, "To" the
 * local midnight ending it, since the API's ranges exclude their `to`.
 */
export const instantsOf = (range: DayRange): { from?: string; to?: string } => {
  const from = range.fromDay ? localMidnight(range.fromDay, 0) : undefined;
  const to = range.toDay ? localMidnight(range.toDay, 1) : undefined;
  return {
    ...(from ? { from: from.toISOString() } : {}),
    ...(to ? { to: to.toISOString() } : {}),
  };
};
