/** The value of one sample line (`name{labels} value`) of a Prometheus text answer; null when absent. */
export const sampleOf = (text: string, series: string): number | null => {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? null : Number(line.slice(series.length + 1));
};

/** Each series' value grown from one scrape to a later one (absent counts as 0). */
export const growth = (before: string, after: string, series: readonly string[]): Record<string, number> =>
  Object.fromEntries(
    series.map((name) => [name, (sampleOf(after, name) ?? 0) - (sampleOf(before, name) ?? 0)]),
  );
