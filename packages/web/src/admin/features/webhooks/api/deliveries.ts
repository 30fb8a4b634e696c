import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, shop } from '../../../../shared/api/shop.js';
import { webhookKeys } from './webhook-keys.js';

export const DELIVERIES_PAGE_SIZE = 20;

/** One page of the endpoint's delivery log, newest first; the previous page stays shown while the next loads. */
export const useWebhookDeliveries = (id: string, page: number) =>
  useQuery({
    queryKey: webhookKeys.deliveriesPage(id, page),
    queryFn: () =>
      call(() =>
        shop.GET('/api/admin/webhooks/{id}/deliveries', {
          params: { path: { id }, query: { page, limit: DELIVERIES_PAGE_SIZE } },
        }),
      ),
    placeholderData: keepPreviousData,
  });

/** Queues a `webhook.ping` now, through the same queue and log as every event. */
export const usePingWebhook = (id: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(() => shop.POST('/api/admin/webhooks/{id}/ping', { params: { path: { id } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries(id) }),
  });
};

/** Sends a delivery again now (same id and body); its retry schedule starts over. */
export const useRedeliver = (id: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: string) =>
      call(() =>
        shop.POST('/api/admin/webhooks/{id}/deliveries/{deliveryId}/redeliver', {
          params: { path: { id, deliveryId } },
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries(id) }),
  });
};
