import { isShopApiError } from '@trx-shop/client';
import { useQuery } from '@tanstack/react-query';
import { call, shop } from '../../../../shared/api/shop.js';

export const reconciliationKeys = {
  all: ['reconciliation'] as const,
  latest: () => [...reconciliationKeys.all, 'latest'] as const,
};

/** The latest reconciliation's report, or null before the first run (a 404 is an answer here). */
export const useLatestReconciliation = () =>
  useQuery({
    queryKey: reconciliationKeys.latest(),
    queryFn: async () => {
      try {
        return (await call(() => shop.GET('/api/admin/reconciliation'))).report;
      } catch (error) {
        if (isShopApiError(error) && error.code === 'RECONCILIATION_NOT_RUN') return null;
        throw error;
      }
    },
  });
