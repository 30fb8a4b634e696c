import { COMPONENT_NAME } from '../../http/components.js';
import type { WebhookAttempt, WebhookDelivery, WebhookEndpoint } from '@trx-shop/domain';
import { Type } from 'typebox';
import { IsoDate, Nullable, NullableIsoDate, ObjectIdString } from '../../http/schemas.js';

export const WebhookView = Type.Object(
  {
    _id: ObjectIdString,
    url: Type.String(),
    description: Type.String(),
    events: Type.Array(Type.String(), { description: 'the event types it receives; empty: every type' }),
    enabled: Type.Boolean(),
    disabledReason: Nullable(
      Type.String({ description: 'why the service disabled it (it kept failing); null otherwise' }),
    ),
    failingSince: Nullable(
      Type.String({ format: 'date-time', description: 'when its current run of failed attempts began' }),
    ),
    previousSecretExpiresAt: Nullable(
      Type.String({
        format: 'date-time',
        description: 'until when the secret before the last rotation still signs deliveries too',
      }),
    ),
    createdAt: IsoDate,
    updatedAt: IsoDate,
  },
  {
    additionalProperties: false,
    [COMPONENT_NAME]: 'Webhook',
    examples: [
      {
        _id: '6760c0f4a1b2c3d4e5f60750',
        url: 'https://erp.example.com/hooks/trx-shop',
        description: 'ERP order sync',
        events: ['order.completed', 'order.refunded'],
        enabled: true,
        disabledReason: null,
        failingSince: null,
        previousSecretExpiresAt: null,
        createdAt: '2025-01-10T09:00:00.000Z',
        updatedAt: '2025-01-10T09:00:00.000Z',
      },
    ],
  },
);

const AttemptView = Type.Object(
  {
    attempt: Type.Integer({ minimum: 1 }),
    at: IsoDate,
    statusCode: Nullable(Type.Integer({ description: "the receiver's HTTP status; null without an answer" })),
    latencyMs: Type.Integer({ minimum: 0 }),
    response: Type.String({ description: 'the first 1 KB of the response body' }),
    error: Nullable(
      Type.String({ description: 'why no answer came (refused, reset, timed out, not allowed)' }),
    ),
  },
  { additionalProperties: false },
);

export const WebhookDeliveryView = Type.Object(
  {
    _id: ObjectIdString,
    eventId: Type.String({ description: 'the webhook-id header: the same on every attempt' }),
    eventType: Type.String(),
    sequence: Type.Integer({ minimum: 0 }),
    status: Type.Union([Type.Literal('pending'), Type.Literal('succeeded'), Type.Literal('failed')]),
    attempts: Type.Array(AttemptView),
    nextAttemptAt: NullableIsoDate,
    createdAt: IsoDate,
  },
  {
    additionalProperties: false,
    [COMPONENT_NAME]: 'WebhookDelivery',
    examples: [
      {
        _id: '6760c0f4a1b2c3d4e5f60760',
        eventId: '6760c0f4a1b2c3d4e5f60761',
        eventType: 'order.completed',
        sequence: 42,
        status: 'succeeded',
        attempts: [
          {
            attempt: 1,
            at: '2025-01-15T10:02:31.000Z',
            statusCode: 200,
            latencyMs: 87,
            response: '{"received":true}',
            error: null,
          },
        ],
        nextAttemptAt: null,
        createdAt: '2025-01-15T10:02:30.000Z',
      },
    ],
  },
);

export const presentWebhook = (endpoint: WebhookEndpoint) => ({
  _id: endpoint.id,
  url: endpoint.url,
  description: endpoint.description,
  events: [...endpoint.events],
  enabled: endpoint.enabled,
  disabledReason: endpoint.disabledReason,
  failingSince: endpoint.failingSince?.toISOString() ?? null,
  previousSecretExpiresAt:
    endpoint.secrets
      .map((secret) => secret.expiresAt)
      .filter((expiresAt): expiresAt is Date => expiresAt !== null)
      .sort((a, b) => b.getTime() - a.getTime())[0]
      ?.toISOString() ?? null,
  createdAt: endpoint.createdAt.toISOString(),
  updatedAt: endpoint.updatedAt.toISOString(),
});

const presentAttempt = (attempt: WebhookAttempt) => ({
  attempt: attempt.attempt,
  at: attempt.at.toISOString(),
  statusCode: attempt.statusCode,
  latencyMs: attempt.latencyMs,
  response: attempt.response,
  error: attempt.error,
});

export const presentDelivery = (delivery: WebhookDelivery) => ({
  _id: delivery.id,
  eventId: delivery.eventId,
  eventType: delivery.eventType,
  sequence: delivery.sequence,
  status: delivery.status,
  attempts: delivery.attempts.map(presentAttempt),
  nextAttemptAt: delivery.nextAttemptAt?.toISOString() ?? null,
  createdAt: delivery.createdAt.toISOString(),
});
