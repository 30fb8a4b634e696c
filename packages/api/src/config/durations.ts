const UNIT_MS: Readonly<Record<string, number>> = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 };
const DURATION = /^(\d{1,9})(ms|s|m|h|d)$/;

/** `"5s"`, `"30m"`, `"10h"`, `"5d"`, `"250ms"` in milliseconds; null for anything else. */
export const parseDuration = (text: string): number | null => {
  const match = DURATION.exec(text.trim());
  if (!match) return null;
  return Number(match[1]) * (UNIT_MS[match[2] ?? ''] ?? Number.NaN);
};

/** A comma-separated list of durations (`"5s,5m,30m"`); null if any item is not one. */
export const parseDurationList = (text: string): number[] | null => {
  const items = text.split(',').map(parseDuration);
  return items.every((item): item is number => item !== null) ? items : null;
};
