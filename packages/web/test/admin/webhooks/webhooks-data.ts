import type { components } from '@trx-shop/client';

type Schemas = components['schemas'];
export type Webhook = Schemas['Webhook'];
export type WebhookDelivery = Schemas['WebhookDelivery'];

export const WEBHOOK_ID = '6760c0f4a1b2c3d4e5f60750';
export const DELIVERY_ID = '6760c0f4a1b2c3d4e5f60760';
export const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw/oDqcxRbP84=';

/** An endpoint as the API answers it: active, two events, never failing. */
export const aWebhook = (overrides: Partial<Webhook> = {}): Webhook => ({
  _id: WEBHOOK_ID,
  url: 'https://erp.example.com/hooks/trx-shop',
  description: 'ERP order sync',
  events: ['order.completed', 'order.refunded'],
  enabled: true,
  disabledReason: null,
  failingSince: null,
  previousSecretExpiresAt: null,
  createdAt: '2026-01-10T09:00:00.000Z',
  updatedAt: '2026-01-10T09:00:00.000Z',
  ...overrides,
});

export const aDelivery = (overrides: Partial<WebhookDelivery> = {}): WebhookDelivery => ({
  _id: DELIVERY_ID,
  eventId: '6760c0f4a1b2c3d4e5f60761',
  eventType: 'order.completed',
  sequence: 42,
  status: 'succeeded',
  attempts: [
    {
      attempt: 1,
      at: '2026-01-15T10:02:31.000Z',
      statusCode: 200,
      latencyMs: 87,
      response: '{"received":true}',
      error: null,
    },
  ],
  nextAttemptAt: null,
  createdAt: '2026-01-15T10:02:30.000Z',
  ...overrides,
});

export const listAnswer = (webhooks: Webhook[]): Schemas['ListWebhooksResponse'] => ({
  success: true,
  webhooks,
});

export const webhookAnswer = (webhook: Webhook): Schemas['GetWebhookResponse'] => ({
  success: true,
  webhook,
});

export const deliveriesAnswer = (
  deliveries: WebhookDelivery[],
  pagination: Schemas['Pagination'] = { total: deliveries.length, page: 1, pages: 1, limit: 20 },
): Schemas['ListWebhookDeliveriesResponse'] => ({ success: true, deliveries, pagination });

export const errorAnswer = (
  code: Schemas['Error']['code'],
  error: string,
  details?: Schemas['Error']['details'],
): Schemas['Error'] => ({ success: false, code, error, ...(details ? { details } : {}) });
