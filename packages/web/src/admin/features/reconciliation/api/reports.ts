import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call, shop } from '../../../../shared/api/shop.js';
import { reconciliationKeys } from './reconciliation-keys.js';

export const RUNS_PAGE_SIZE = 10;

/** One past run's whole report. */
export const useRunReport = (id: string | undefined) =>
  useQuery({
    queryKey: reconciliationKeys.run(id ?? ''),
    queryFn: async () =>
      (
        await call(() =>
          shop.GET('/api/admin/reconciliation/runs/{id}', { params: { path: { id: id ?? '' } } }),
        )
      ).report,
    enabled: id !== undefined,
  });

/** One page of the runs, newest first; the previous page stays shown while the next loads. */
export const useRuns = (page: number) =>
  useQuery({
    queryKey: reconciliationKeys.runsPage(page),
    queryFn: () =>
      call(() =>
        shop.GET('/api/admin/reconciliation/runs', { params: { query: { page, limit: RUNS_PAGE_SIZE } } }),
      ),
    placeholderData: keepPreviousData,
  });
