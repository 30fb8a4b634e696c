import { isShopApiError } from '@trx-shop/client';
import { useQuery } from '@tanstack/react-query';
import { call, shop } from './shop.js';

/** The root of every reconciliation query, so a run or a live frame refreshes them all at once. */
export const RECONCILIATION_QUERIES = ['reconciliation'] as const;

/** One key for the latest report: the dashboard and the reconciliation page share its cache entry. */
export const LATEST_RECONCILIATION = [...RECONCILIATION_QUERIES, 'latest'] as const;

/** The latest run's report, or null before the first run (a 404 RECONCILIATION_NOT_RUN is an answer here). */
export const useLatestReconciliation = () =>
  useQuery({
    queryKey: LATEST_RECONCILIATION,
    queryFn: async () => {
      try {
        return (await call(() => shop.GET('/api/admin/reconciliation'))).report;
      } catch (error) {
        if (isShopApiError(error) && error.code === 'RECONCILIATION_NOT_RUN') return null;
        throw error;
      }
    },
  });
