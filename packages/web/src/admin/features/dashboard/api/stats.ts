import { useQuery } from '@tanstack/react-query';
import { call, shop } from '../../../../shared/api/shop.js';

export const statsKeys = {
  all: ['stats'] as const,
  dashboard: () => [...statsKeys.all, 'dashboard'] as const,
};

/** Totals, trends, the 180-day series and the newest sales, in one answer. */
export const useDashboardStats = () =>
  useQuery({
    queryKey: statsKeys.dashboard(),
    queryFn: () => call(() => shop.GET('/api/admin/stats')),
  });
