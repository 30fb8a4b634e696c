import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { holdsSecret } from '../../../../shared/api/holds-secret.js';
import { call, shop } from '../../../../shared/api/shop.js';
import type { WebhookEventType } from '../utils/webhook-events.js';
import { webhookKeys } from './webhook-keys.js';

/** Every endpoint, oldest first (never a secret). */
export const useWebhooks = () =>
  useQuery({
    queryKey: webhookKeys.list(),
    queryFn: async () => (await call(() => shop.GET('/api/admin/webhooks'))).webhooks,
  });

export interface WebhookInput {
  readonly url: string;
  readonly description: string;
  /** Empty: every business event. */
  readonly events: readonly WebhookEventType[];
}

/** Adds an endpoint; the answer carries its signing secret, the only time the API gives it. */
export const useCreateWebhook = () => {
  const queryClient = useQueryClient();
  return useMutation({
    ...holdsSecret,
    mutationFn: ({ url, description, events }: WebhookInput) =>
      call(() =>
        shop.POST('/api/admin/webhooks', {
          body: { url, events: [...events], ...(description ? { description } : {}) },
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.list() }),
  });
};
