import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { holdsSecret } from '../../../../shared/api/holds-secret.js';
import { call, shop } from '../../../../shared/api/shop.js';
import type { WebhookEventType } from '../utils/webhook-events.js';
import { webhookKeys } from './webhook-keys.js';

export const useWebhook = (id: string) =>
  useQuery({
    queryKey: webhookKeys.detail(id),
    queryFn: async () =>
      (await call(() => shop.GET('/api/admin/webhooks/{id}', { params: { path: { id } } }))).webhook,
  });

/** After a change the endpoint and the list it sits in are read again. */
const useRefreshEndpoint = (id: string) => {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: webhookKeys.endpoint(id) }),
      queryClient.invalidateQueries({ queryKey: webhookKeys.list() }),
    ]);
};

export interface WebhookChange {
  readonly url?: string;
  readonly description?: string;
  readonly events?: readonly WebhookEventType[];
  /** True also clears the reason the service disabled it. */
  readonly enabled?: boolean;
}

export const useUpdateWebhook = (id: string) => {
  const refresh = useRefreshEndpoint(id);
  return useMutation({
    mutationFn: ({ events, ...change }: WebhookChange) =>
      call(() =>
        shop.PATCH('/api/admin/webhooks/{id}', {
          params: { path: { id } },
          body: { ...change, ...(events ? { events: [...events] } : {}) },
        }),
      ),
    onSuccess: refresh,
  });
};

export const useDeleteWebhook = (id: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(() => shop.DELETE('/api/admin/webhooks/{id}', { params: { path: { id } } })),
    onSuccess: () => {
      // The endpoint is gone: its queries are dropped, not read again into a 404.
      queryClient.removeQueries({ queryKey: webhookKeys.endpoint(id) });
      return queryClient.invalidateQueries({ queryKey: webhookKeys.list() });
    },
  });
};

/** A new secret, shown once; the previous one keeps signing for 24 h. */
export const useRotateWebhookSecret = (id: string) => {
  const refresh = useRefreshEndpoint(id);
  return useMutation({
    ...holdsSecret,
    mutationFn: () =>
      call(() => shop.POST('/api/admin/webhooks/{id}/rotate-secret', { params: { path: { id } } })),
    onSuccess: refresh,
  });
};
