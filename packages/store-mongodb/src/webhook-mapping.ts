import type { WebhookDelivery, WebhookEndpoint, WebhookSecret } from '@trx-shop/domain';
import type { WebhookDeliveryDocument, WebhookEndpointDocument } from './documents.js';

/* Webhook records <-> stored documents: only `_id` differs, so reading back gives an equal record. */

/**
 * A secret as stored, its fields in one fixed order: `replaceSecrets` filters on the array by
 * equality, which compares embedded documents field by field, in order.
 */
export const secretDocument = (secret: WebhookSecret): WebhookSecret => ({
  sealed: secret.sealed,
  expiresAt: secret.expiresAt,
});

export const webhookEndpointToDocument = ({ id, ...endpoint }: WebhookEndpoint): WebhookEndpointDocument => ({
  _id: id,
  ...endpoint,
  events: [...endpoint.events],
  secrets: endpoint.secrets.map(secretDocument),
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
