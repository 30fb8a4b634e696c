import {
  LATEST_RECONCILIATION,
  RECONCILIATION_QUERIES,
} from '../../../../shared/api/latest-reconciliation.js';

/** Every query key of the reconciliation feature; under the shared root, so a run refreshes the dashboard too. */
export const reconciliationKeys = {
  all: RECONCILIATION_QUERIES,
  latest: () => LATEST_RECONCILIATION,
  runs: () => [...reconciliationKeys.all, 'runs'] as const,
  runsPage: (page: number) => [...reconciliationKeys.runs(), page] as const,
  run: (id: string) => [...reconciliationKeys.all, 'run', id] as const,
};
