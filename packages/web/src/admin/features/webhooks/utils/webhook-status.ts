import type { Webhook, WebhookDelivery } from '@trx-shop/client';

export type EndpointState = 'active' | 'paused' | 'disabled';

/** Paused is an admin's choice; disabled is the service's, after days of failures, with its reason. */
export const endpointState = (webhook: Webhook): EndpointState =>
  webhook.enabled ? 'active' : webhook.disabledReason ? 'disabled' : 'paused';

export const ENDPOINT_STATE_WORDS: Readonly<Record<EndpointState, string>> = {
  active: 'Active',
  paused: 'Paused',
  disabled: 'Disabled by the service',
};

export type DeliveryState = 'pending' | 'retrying' | 'succeeded' | 'failed';

/** A pending delivery that already failed an attempt waits for its next one: "retrying". */
export const deliveryState = (delivery: WebhookDelivery): DeliveryState =>
  delivery.status === 'pending' && delivery.attempts.length > 0 ? 'retrying' : delivery.status;

export const DELIVERY_STATE_WORDS: Readonly<Record<DeliveryState, string>> = {
  pending: 'Pending',
  retrying: 'Retrying',
  succeeded: 'Succeeded',
  failed: 'Failed',
};
