import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  API_KEY_SCOPES,
  type ApiKey,
  createApiKey,
  MAX_API_KEY_NAME_LENGTH,
  revokeApiKey,
} from '@trx-shop/domain';
import { Type } from 'typebox';
import { COMPONENT_NAME } from '../http/components.js';
import { DOMAIN_CHECKED } from '../http/domain-checked.js';
import {
  errorResponses,
  IdParams,
  IsoDate,
  Nullable,
  NullableIsoDate,
  ObjectIdString,
  OneOf,
} from '../http/schemas.js';
import { actorOf, adminOf } from '../plugins/auth.js';
import { BEARER_OR_COOKIE } from '../plugins/openapi.js';
import type { RouteOptions } from './route-options.js';

const ApiKeyView = Type.Object(
  {
    _id: ObjectIdString,
    name: Type.String(),
    prefix: Type.String({ description: 'the first characters of the key, to tell keys apart' }),
    scopes: Type.Array(OneOf([...API_KEY_SCOPES])),
    createdBy: ObjectIdString,
    createdAt: IsoDate,
    expiresAt: NullableIsoDate,
    revokedAt: NullableIsoDate,
    lastUsedAt: Nullable(Type.String({ format: 'date-time', description: 'to the minute' })),
  },
  {
    additionalProperties: false,
    [COMPONENT_NAME]: 'ApiKey',
    examples: [
      {
        _id: '6760c0f4a1b2c3d4e5f60720',
        name: 'Warehouse sync',
        prefix: 'trx_sk_4fQ9xK',
        scopes: ['orders:read'],
        createdBy: '6760c0f4a1b2c3d4e5f60701',
        createdAt: '2025-01-15T10:00:00.000Z',
        expiresAt: null,
        revokedAt: null,
        lastUsedAt: '2025-01-16T08:42:00.000Z',
      },
    ],
  },
);

const presentApiKey = (key: ApiKey) => ({
  _id: key.id,
  name: key.name,
  prefix: key.prefix,
  scopes: [...key.scopes],
  createdBy: key.createdBy,
  createdAt: key.createdAt.toISOString(),
  expiresAt: key.expiresAt?.toISOString() ?? null,
  revokedAt: key.revokedAt?.toISOString() ?? null,
  lastUsedAt: key.lastUsedAt?.toISOString() ?? null,
});

const CreateBody = Type.Object(
  {
    // Stored trimmed, so it needs a character that is not white space.
    name: Type.String({
      minLength: 1,
      maxLength: MAX_API_KEY_NAME_LENGTH,
      pattern: '\\S',
      [DOMAIN_CHECKED]: ['pattern'],
      examples: ['Warehouse sync'],
    }),
    scopes: Type.Array(OneOf([...API_KEY_SCOPES]), {
      minItems: 1,
      maxItems: API_KEY_SCOPES.length,
      uniqueItems: true,
      [DOMAIN_CHECKED]: ['uniqueItems'],
      examples: [['orders:read']],
    }),
    expiresAt: Type.Optional(
      Type.String({ format: 'date-time', description: 'in the future; absent: never expires' }),
    ),
  },
  {
    additionalProperties: false,
    examples: [{ name: 'Warehouse sync', scopes: ['orders:read'], expiresAt: '2026-01-01T00:00:00.000Z' }],
  },
);

/**
 * Scoped API keys for server integrations (docs/api.md, "API keys"). Managed by signed-in admins
 * only: a key cannot make, list or revoke keys.
 */
export const adminApiKeyRoutes: FastifyPluginAsyncTypebox<RouteOptions> = async (app, { deps }) => {
  const keyDeps = { apiKeys: deps.store.apiKeys, codec: deps.apiKeyCodec, clock: deps.clock, ids: deps.ids };
  const schemaBase = { tags: ['admin'], security: BEARER_OR_COOKIE };

  app.post(
    '/api/admin/api-keys',
    {
      preValidation: app.requireAdmin,
      schema: {
        ...schemaBase,
        operationId: 'createApiKey',
        summary: 'Make an API key with the scopes given; the answer shows the key, once',
        description:
          'For signed-in admins only (no API key): makes an API key acting as the caller with the scopes given and shows the key in this answer only; the service keeps only its hash and prefix.',
        body: CreateBody,
        response: {
          201: Type.Object(
            {
              success: Type.Literal(true),
              apiKey: ApiKeyView,
              key: Type.String({
                description: 'trx_sk_...: send it as X-API-Key or a Bearer token; shown only here',
                examples: ['trx_sk_4fQ9xK2mWb7Zt0LpR3vN8cYs1dHe6uJq5aGiTkXoBwE'],
              }),
            },
            { additionalProperties: false },
          ),
          ...errorResponses(401, 403),
        },
      },
    },
    async (request, reply) => {
      const created = await createApiKey(
        { ...keyDeps, actor: actorOf(request) },
        adminOf(request).user.id,
        request.body,
      );
      if (!created.ok) throw created.error;
      return reply.status(201).send({
        success: true as const,
        apiKey: presentApiKey(created.value.key),
        key: created.value.secret,
      });
    },
  );

  app.get(
    '/api/admin/api-keys',
    {
      preValidation: app.requireAdmin,
      schema: {
        ...schemaBase,
        operationId: 'listApiKeys',
        summary: 'Every API key (revoked ones too), newest first; never the keys themselves',
        description:
          'For signed-in admins only (no API key): every API key, revoked and expired ones too, newest first, with its last use; the keys themselves are never shown again.',
        response: {
          200: Type.Object(
            { success: Type.Literal(true), apiKeys: Type.Array(ApiKeyView) },
            { additionalProperties: false },
          ),
          ...errorResponses(401, 403),
        },
      },
    },
    async () => ({ success: true as const, apiKeys: (await deps.store.apiKeys.list()).map(presentApiKey) }),
  );

  app.delete(
    '/api/admin/api-keys/:id',
    {
      preValidation: app.requireAdmin,
      schema: {
        ...schemaBase,
        operationId: 'revokeApiKey',
        summary: 'Revoke an API key: it stops working at the next request, on every instance',
        description:
          'For signed-in admins only (no API key): revokes an API key, which stops working at the next request on every instance.',
        params: IdParams,
        response: {
          200: Type.Object(
            { success: Type.Literal(true), apiKey: ApiKeyView },
            { additionalProperties: false },
          ),
          ...errorResponses(401, 403, 404),
        },
      },
    },
    async (request) => {
      const revoked = await revokeApiKey({ ...keyDeps, actor: actorOf(request) }, request.params.id);
      if (!revoked.ok) throw revoked.error;
      return { success: true as const, apiKey: presentApiKey(revoked.value) };
    },
  );
};
