import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  createWebhook,
  deleteWebhook,
  findWebhook,
  listWebhookDeliveries,
  MAX_DESCRIPTION_LENGTH,
  MAX_URL_LENGTH,
  normalizePageRequest,
  pingWebhook,
  redeliverWebhook,
  rotateWebhookSecret,
  SHOP_EVENT_TYPES,
  updateWebhook,
} from '@trx-shop/domain';
import { Type } from 'typebox';
import { DOMAIN_CHECKED } from '../http/domain-checked.js';
import { errorResponses, IdParams, NoBody, ObjectIdString, SuccessMessageResponse } from '../http/schemas.js';
import { actorOf } from '../plugins/auth.js';
import { BEARER_OR_COOKIE } from '../plugins/openapi.js';
import { PageQueryFields, PaginationView, presentPagination } from './presenters/pagination.presenter.js';
import {
  presentDelivery,
  presentWebhook,
  WebhookDeliveryView,
  WebhookView,
} from './presenters/webhook.presenter.js';
import type { RouteOptions } from './route-options.js';

const webhookFields = {
  url: Type.String({
    minLength: 1,
    maxLength: MAX_URL_LENGTH,
    // parseWebhookFields' rule in one pattern: an absolute http(s) URL without credentials.
    pattern: '^[Hh][Tt][Tt][Pp][Ss]?://[^/?#\\s@]+(?:[/?#]\\S*)?$',
    [DOMAIN_CHECKED]: ['pattern'],
    description:
      'http or https, without credentials; its host must not resolve to a loopback, private or link-local address',
    examples: ['https://erp.example.com/hooks/trx-shop'],
  }),
  events: Type.Array(Type.Union(SHOP_EVENT_TYPES.map((type) => Type.Literal(type))), {
    maxItems: SHOP_EVENT_TYPES.length,
    uniqueItems: true,
    [DOMAIN_CHECKED]: ['uniqueItems'],
    description: 'the event types to receive; empty or absent: every type',
    examples: [['order.completed', 'order.refunded']],
  }),
  description: Type.String({ maxLength: MAX_DESCRIPTION_LENGTH }),
  enabled: Type.Boolean({ description: 'enabling again clears the reason the service disabled it' }),
};

const CreateBody = Type.Object(
  {
    url: webhookFields.url,
    events: Type.Optional(webhookFields.events),
    description: Type.Optional(webhookFields.description),
    enabled: Type.Optional(webhookFields.enabled),
  },
  {
    additionalProperties: false,
    examples: [
      {
        url: 'https://erp.example.com/hooks/trx-shop',
        events: ['order.completed', 'order.refunded'],
        description: 'ERP order sync',
        enabled: true,
      },
    ],
  },
);

const PatchBody = Type.Partial(Type.Object(webhookFields, { additionalProperties: false }), {
  additionalProperties: false,
  minProperties: 1,
  examples: [{ events: ['order.completed'], enabled: true }],
});

const WebhookAnswer = Type.Object(
  { success: Type.Literal(true), webhook: WebhookView },
  { additionalProperties: false },
);

const SecretAnswer = Type.Object(
  {
    success: Type.Literal(true),
    webhook: WebhookView,
    secret: Type.String({
      description:
        'the signing secret (whsec_...): shown only in this answer; verify each delivery with it (docs/api.md, "Webhooks")',
      examples: ['whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw/oDqcxRbP84='],
    }),
  },
  { additionalProperties: false },
);

const DeliveryAnswer = Type.Object(
  { success: Type.Literal(true), delivery: WebhookDeliveryView },
  { additionalProperties: false },
);

const DeliveryParams = Type.Object(
  { id: ObjectIdString, deliveryId: ObjectIdString },
  { additionalProperties: false },
);

const DeliveryListQuery = Type.Object({ ...PageQueryFields }, { additionalProperties: false });

/** Webhook endpoints, their deliveries and the test ping (docs/api.md, "Webhooks"); admins only. */
export const adminWebhookRoutes: FastifyPluginAsyncTypebox<RouteOptions> = async (app, { deps }) => {
  const webhookDeps = {
    ...deps.webhooks,
    store: deps.store,
    vault: deps.vault,
    clock: deps.clock,
    ids: deps.ids,
  };
  const base = { preValidation: app.requireAdmin } as const;
  const schemaBase = { tags: ['webhooks'], security: BEARER_OR_COOKIE };

  app.post(
    '/api/admin/webhooks',
    {
      config: { apiKeyScope: 'webhooks:write' },
      ...base,
      schema: {
        ...schemaBase,
        operationId: 'createWebhook',
        summary: 'Add a webhook endpoint; the answer shows its signing secret, once',
        description:
          'For admins: registers an HTTP endpoint that will receive the chosen events as signed POSTs, and shows its signing secret in this answer only; recorded in the audit trail.',
        body: CreateBody,
        response: { 201: SecretAnswer, ...errorResponses(401, 403) },
      },
    },
    async (request, reply) => {
      const created = await createWebhook({ ...webhookDeps, actor: actorOf(request) }, request.body);
      if (!created.ok) throw created.error;
      return reply.status(201).send({
        success: true as const,
        webhook: presentWebhook(created.value.endpoint),
        secret: created.value.secret,
      });
    },
  );

  app.get(
    '/api/admin/webhooks',
    {
      config: { apiKeyScope: 'webhooks:write' },
      ...base,
      schema: {
        ...schemaBase,
        operationId: 'listWebhooks',
        summary: 'Every webhook endpoint, oldest first (secrets are never shown again)',
        description:
          'For admins: every webhook endpoint, oldest first, with its state; secrets are never shown again.',
        response: {
          200: Type.Object(
            { success: Type.Literal(true), webhooks: Type.Array(WebhookView) },
            { additionalProperties: false },
          ),
          ...errorResponses(401, 403),
        },
      },
    },
    async () => ({
      success: true as const,
      webhooks: (await deps.store.webhooks.listEndpoints()).map(presentWebhook),
    }),
  );

  app.get(
    '/api/admin/webhooks/:id',
    {
      config: { apiKeyScope: 'webhooks:write' },
      ...base,
      schema: {
        ...schemaBase,
        operationId: 'getWebhook',
        summary: 'One webhook endpoint',
        description: 'For admins: one webhook endpoint with its state; its secret is never shown again.',
        params: IdParams,
        response: { 200: WebhookAnswer, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const found = await findWebhook(webhookDeps, request.params.id);
      if (!found.ok) throw found.error;
      return { success: true as const, webhook: presentWebhook(found.value) };
    },
  );

  app.patch(
    '/api/admin/webhooks/:id',
    {
      config: { apiKeyScope: 'webhooks:write' },
      ...base,
      schema: {
        ...schemaBase,
        operationId: 'updateWebhook',
        summary: 'Change a webhook endpoint’s URL, event filter, description or enabled flag',
        description:
          'For admins: changes the fields sent; enabling an endpoint again clears the reason the service disabled it (what happened meanwhile is not sent). Recorded in the audit trail.',
        params: IdParams,
        body: PatchBody,
        response: { 200: WebhookAnswer, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const updated = await updateWebhook(
        { ...webhookDeps, actor: actorOf(request) },
        request.params.id,
        request.body,
      );
      if (!updated.ok) throw updated.error;
      return { success: true as const, webhook: presentWebhook(updated.value) };
    },
  );

  app.delete(
    '/api/admin/webhooks/:id',
    {
      config: { apiKeyScope: 'webhooks:write' },
      ...base,
      schema: {
        ...schemaBase,
        operationId: 'deleteWebhook',
        summary: 'Remove a webhook endpoint and its delivery log; nothing more is sent to it',
        description:
          'For admins: removes the endpoint and its delivery log; nothing more is sent to it. Recorded in the audit trail.',
        params: IdParams,
        response: { 200: SuccessMessageResponse('Webhook deleted'), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const deleted = await deleteWebhook({ ...webhookDeps, actor: actorOf(request) }, request.params.id);
      if (!deleted.ok) throw deleted.error;
      return { success: true as const, message: 'Webhook deleted' };
    },
  );

  app.post(
    '/api/admin/webhooks/:id/rotate-secret',
    {
      config: { apiKeyScope: 'webhooks:write' },
      ...base,
      schema: {
        ...schemaBase,
        operationId: 'rotateWebhookSecret',
        summary:
          'A new signing secret, shown once; the previous one keeps signing (a second signature) for 24 hours',
        description:
          'For admins: makes a new signing secret, shown in this answer only; for 24 hours deliveries carry a second signature with the previous one. Recorded in the audit trail.',
        params: IdParams,
        body: NoBody,
        response: { 200: SecretAnswer, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const rotated = await rotateWebhookSecret(
        { ...webhookDeps, actor: actorOf(request) },
        request.params.id,
      );
      if (!rotated.ok) throw rotated.error;
      return {
        success: true as const,
        webhook: presentWebhook(rotated.value.endpoint),
        secret: rotated.value.secret,
      };
    },
  );

  app.post(
    '/api/admin/webhooks/:id/ping',
    {
      config: { apiKeyScope: 'webhooks:write' },
      ...base,
      schema: {
        ...schemaBase,
        operationId: 'pingWebhook',
        summary:
          'Queue a webhook.ping delivery to the endpoint now (a test of the receiver and its signature check)',
        description:
          'For admins: queues a `webhook.ping` delivery to the endpoint through the usual queue, retries and log, to test the receiver and its signature check.',
        params: IdParams,
        body: NoBody,
        response: { 202: DeliveryAnswer, ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      const pinged = await pingWebhook({ ...webhookDeps, actor: actorOf(request) }, request.params.id);
      if (!pinged.ok) throw pinged.error;
      return reply.status(202).send({ success: true as const, delivery: presentDelivery(pinged.value) });
    },
  );

  app.get(
    '/api/admin/webhooks/:id/deliveries',
    {
      config: { apiKeyScope: 'webhooks:write' },
      ...base,
      schema: {
        ...schemaBase,
        operationId: 'listWebhookDeliveries',
        summary: 'The endpoint’s delivery log, newest first: each attempt’s status, latency and response',
        description:
          "For admins: the endpoint's delivery log, newest first, each delivery with its attempts (time, status code, latency, the start of the response); changes nothing.",
        params: IdParams,
        querystring: DeliveryListQuery,
        response: {
          200: Type.Object(
            {
              success: Type.Literal(true),
              deliveries: Type.Array(WebhookDeliveryView),
              pagination: PaginationView,
            },
            { additionalProperties: false },
          ),
          ...errorResponses(401, 403, 404),
        },
      },
    },
    async (request) => {
      const page = normalizePageRequest(request.query.limit, request.query.page);
      if (!page.ok) throw page.error;
      const listed = await listWebhookDeliveries(webhookDeps, request.params.id, page.value);
      if (!listed.ok) throw listed.error;
      return {
        success: true as const,
        deliveries: listed.value.items.map(presentDelivery),
        pagination: presentPagination(listed.value),
      };
    },
  );

  app.post(
    '/api/admin/webhooks/:id/deliveries/:deliveryId/redeliver',
    {
      config: { apiKeyScope: 'webhooks:write' },
      ...base,
      schema: {
        ...schemaBase,
        operationId: 'redeliverWebhookDelivery',
        summary:
          'Send one delivery again now, with the same webhook-id and body; its retry schedule starts over',
        description:
          'For admins: sends a logged delivery again now with the same webhook-id and body, its retry schedule starting over.',
        params: DeliveryParams,
        body: NoBody,
        response: { 202: DeliveryAnswer, ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      const redelivered = await redeliverWebhook(
        { ...webhookDeps, actor: actorOf(request) },
        request.params.id,
        request.params.deliveryId,
      );
      if (!redelivered.ok) throw redelivered.error;
      return reply.status(202).send({ success: true as const, delivery: presentDelivery(redelivered.value) });
    },
  );
};
