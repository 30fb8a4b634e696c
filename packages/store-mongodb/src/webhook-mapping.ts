import type { WebhookDelivery, WebhookEndpoint } from '@trx-shop/domain';
import type { WebhookDeliveryDocument, WebhookEndpointDocument } from './documents.js';

/* Webhook records <-> stored documents: only `_id` differs, so reading back gives an equal record. */

export const webhookEndpointToDocument = ({ id, ...endpoint }: WebhookEndpoint): WebhookEndpointDocument => ({
  _id: id,
  ...endpoint,
  events: [...endpoint.events],
  secrets: [...endpoint.secrets],
});

export const webhookEndpointFromDocument = ({
  _id,
  ...endpoint
}: WebhookEndpointDocument): WebhookEndpoint => ({
  id: _id,
  ...endpoint,
});

export const webhookDeliveryToDocument = ({ id, ...delivery }: WebhookDelivery): WebhookDeliveryDocument => ({
  _id: id,
  ...delivery,
  attempts: [...delivery.attempts],
});

export const webhookDeliveryFromDocument = ({
  _id,
  ...delivery
}: WebhookDeliveryDocument): WebhookDelivery => ({
  id: _id,
  ...delivery,
});
