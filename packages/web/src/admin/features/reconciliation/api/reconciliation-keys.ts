/**
 * Every query key of the reconciliation feature; under the same root as the dashboard's latest
 * report, so a run refreshes what the dashboard shows too.
 */
export const reconciliationKeys = {
  all: ['reconciliation'] as const,
  latest: () => [...reconciliationKeys.all, 'latest'] as const,
  runs: () => [...reconciliationKeys.all, 'runs'] as const,
  runsPage: (page: number) => [...reconciliationKeys.runs(), page] as const,
  run: (id: string) => [...reconciliationKeys.all, 'run', id] as const,
};
