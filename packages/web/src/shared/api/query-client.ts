import { isShopApiError } from '@trx-shop/client';
import { QueryClient } from '@tanstack/react-query';

/** A 4xx answer will not change by asking again; network trouble and 5xx are retried twice. */
const shouldRetry = (failures: number, error: unknown): boolean =>
  failures < 2 && !(isShopApiError(error) && error.status >= 400 && error.status < 500);

export const createQueryClient = (): QueryClient =>
  new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 10_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
