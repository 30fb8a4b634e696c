import type { WebhookAttempt, WebhookDelivery, WebhookEndpoint } from '@trx-shop/domain';
import { BUILDER_NOW } from './fixed-time.js';
import { newObjectId } from './object-id.js';

/** An enabled, healthy endpoint with one current secret. */
export const buildWebhookEndpoint = (overrides: Partial<WebhookEndpoint> = {}): WebhookEndpoint => {
  const createdAt = overrides.createdAt ?? BUILDER_NOW;
  return {
    id: newObjectId(),
    url: 'https://receiver.example/hooks/trx-shop',
    description: 'Order fulfilment',
    events: ['order.created', 'payment.confirmed'],
    enabled: true,
    disabledReason: null,
    failingSince: null,
    secrets: [{ sealed: `sealed:whsec_${newObjectId()}`, expiresAt: null }],
    createdAt,
    updatedAt: createdAt,
    ...overrides,
  };
};

/** A delivery just enqueued: pending, due at once, never attempted, unclaimed. */
export const buildWebhookDelivery = (overrides: Partial<WebhookDelivery> = {}): WebhookDelivery => {
  const createdAt = overrides.createdAt ?? BUILDER_NOW;
  const eventId = overrides.eventId ?? newObjectId();
  return {
    id: newObjectId(),
    endpointId: newObjectId(),
    eventId,
    eventType: 'order.created',
    sequence: 1,
    body: JSON.stringify({ id: eventId, type: 'order.created', data: { orderNumber: '#TRX-1' } }),
    status: 'pending',
    attempts: [],
    roundAttempts: 0,
    nextAttemptAt: createdAt,
    claim: null,
    createdAt,
    ...overrides,
  };
};

/** A failed first attempt: the receiver answered 503. */
export const buildWebhookAttempt = (overrides: Partial<WebhookAttempt> = {}): WebhookAttempt => ({
  attempt: 1,
  at: BUILDER_NOW,
  statusCode: 503,
  latencyMs: 120,
  response: '{"error":"unavailable"}',
  error: null,
  ...overrides,
});
