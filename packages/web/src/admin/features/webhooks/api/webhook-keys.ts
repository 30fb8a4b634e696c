/**
 * Every query key of the webhooks feature, so a mutation can invalidate exactly what it changed;
 * the list's key is the dashboard's too, which then sees the same changes.
 */
export const webhookKeys = {
  all: ['webhooks'] as const,
  list: () => [...webhookKeys.all, 'list'] as const,
  endpoint: (id: string) => [...webhookKeys.all, 'endpoint', id] as const,
  detail: (id: string) => [...webhookKeys.endpoint(id), 'detail'] as const,
  deliveries: (id: string) => [...webhookKeys.endpoint(id), 'deliveries'] as const,
  deliveriesPage: (id: string, page: number) => [...webhookKeys.deliveries(id), page] as const,
};
