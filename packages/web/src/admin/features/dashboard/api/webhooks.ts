import { useQuery } from '@tanstack/react-query';
import { call, shop } from '../../../../shared/api/shop.js';

export const webhookKeys = {
  all: ['webhooks'] as const,
  list: () => [...webhookKeys.all, 'list'] as const,
};

export const useWebhooks = () =>
  useQuery({
    queryKey: webhookKeys.list(),
    queryFn: async () => (await call(() => shop.GET('/api/admin/webhooks'))).webhooks,
  });
