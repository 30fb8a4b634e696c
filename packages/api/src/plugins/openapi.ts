import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hoistNamedSchemas } from '../http/components.js';
import { STATE_CHANGING_METHODS } from '../http/cross-site.js';
import { withoutDomainCheckedMarks } from '../http/domain-checked.js';
import { nameOperationBodies } from '../http/operation-bodies.js';
import { errorCodesOf } from '../http/operation-errors.js';
import { ALWAYS_POSSIBLE_STATUSES, ErrorResponse } from '../http/schemas.js';
import { acceptsMissingBody, OPTIONAL_BODY } from '../http/validation.js';

/**
 * OpenAPI 3 at /api/docs/json and swagger-ui at /api/docs. Every route also gets the error
 * answers any request can meet, so its document and its serializer both know them.
 */
export const openApiPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRoute', (route) => {
      if (route.url.startsWith('/api/docs')) return;
      route.schema ??= {};
      route.schema.response ??= {};
      const response = route.schema.response as Record<string | number, unknown>;
      for (const status of ALWAYS_POSSIBLE_STATUSES) response[status] ??= ErrorResponse;
      // A copy: routes of other methods may share this schema, and a GET is never refused as cross-site.
      if ([route.method].flat().some((method) => STATE_CHANGING_METHODS.has(method.toUpperCase())))
        route.schema = { ...route.schema, response: { ...response, 403: response[403] ?? ErrorResponse } };
      const schema = route.schema as { security?: unknown[]; description?: string };
      // A route without credentials says so: an absent `security` would not say "public".
      schema.security ??= [];
      // A route an API key may use says so, and with which scope (docs/api.md, "API keys"). A GET
      // and its HEAD twin share one schema object, so this must not add the scope twice.
      const scope = (route.config as { apiKeyScope?: string } | undefined)?.apiKeyScope;
      const scopeText = `API key scope: \`${scope}\`.`;
      if (scope && !schema.description?.endsWith(scopeText)) {
        schema.security = [...schema.security, { apiKeyHeader: [] }, { apiKeyBearer: [] }];
        schema.description = `${schema.description ? `${schema.description} ` : ''}${scopeText}`;
      }
    });

    await app.register(swagger, {
      transformObject: (documentObject) =>
        'openapiObject' in documentObject
          ? withoutDomainCheckedMarks(
              hoistNamedSchemas(
                nameOperationBodies(listErrorCodes(markOptionalBodies(documentObject.openapiObject))),
              ),
            )
          : documentObject.swaggerObject,
      openapi: {
        openapi: '3.0.3',
        info: {
          title: 'TRX Shop API',
          version: '1.0.0',
          description:
            'Online-shop backend taking payment in TRX on TRON. Amounts are TRX as JSON numbers with at most 6 decimals. ' +
            'Authenticate with the accessToken cookie or `Authorization: Bearer <token>`. ' +
            'Each shop is self-hosted: ask its operator for help, quoting the `x-request-id` of the answer in question.',
          license: { name: 'MIT', url: 'https://opensource.org/license/mit' },
          contact: { name: 'The TRX Shop project' },
        },
        // Relative: every self-hosted instance serves the API under its own origin (a document
        // without `servers` means the same, OpenAPI 3.0.3 section 4.7.1, but linters ask for it).
        servers: [{ url: '/', description: 'The instance serving this document' }],
        components: {
          securitySchemes: {
            bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
            cookieAuth: { type: 'apiKey', in: 'cookie', name: 'accessToken' },
            apiKeyHeader: {
              type: 'apiKey',
              in: 'header',
              name: 'X-API-Key',
              description: 'An admin-made API key (trx_sk_...) with the scope the operation names',
            },
            apiKeyBearer: {
              type: 'http',
              scheme: 'bearer',
              description: 'An API key (trx_sk_...) as a Bearer token, with the scope the operation names',
            },
          },
        },
        tags: [
          { name: 'auth', description: 'Registration, login, tokens' },
          { name: 'users', description: 'The caller’s profile' },
          { name: 'sessions', description: 'The caller’s sessions' },
          { name: 'security', description: 'Two-factor authentication' },
          { name: 'shop', description: 'The shop’s public settings' },
          { name: 'products', description: 'Catalogue' },
          { name: 'orders', description: 'Orders and payment' },
          { name: 'transactions', description: 'The caller’s transactions' },
          { name: 'wallets', description: 'The caller’s custodial wallet' },
          { name: 'admin', description: 'Shop administration' },
          { name: 'webhooks', description: 'Administration: webhook endpoints and their deliveries' },
          {
            name: 'mail',
            description: 'Administration: the mail delivery log, the test mail, the embedded mailbox',
          },
          { name: 'health', description: 'Service health' },
          { name: 'realtime', description: 'WebSocket events' },
        ],
      },
    });
    // helmet's CSP (security-headers.ts) covers /api/docs too; swagger-ui's own would drop the
    // inline styles it needs and force https upgrades over plain http.
    await app.register(swaggerUi, { routePrefix: '/api/docs' });
  },
  { name: 'openapi' },
);

interface DocumentedBody {
  required?: boolean;
  content?: Record<string, { schema?: { properties?: object; [OPTIONAL_BODY]?: unknown } }>;
}

/**
 * A body that may be left out (no fields at all, or marked OPTIONAL_BODY like a refund's
 * `{amount?, reason?}`) is documented as not required, which is how the validator treats it.
 */
const markOptionalBodies = <Document extends { paths?: object }>(document: Document): Document => {
  for (const item of Object.values(document.paths ?? {}) as Record<
    string,
    { requestBody?: DocumentedBody }
  >[]) {
    for (const operation of Object.values(item)) {
      const body = operation?.requestBody;
      const schema = body?.content?.['application/json']?.schema;
      if (!body || !schema) continue;
      if (acceptsMissingBody(schema)) body.required = false;
    }
  }
  return document;
};

interface DocumentedOperation {
  operationId?: string;
  security?: unknown[];
  responses?: Record<string, { description?: string }>;
  'x-error-codes'?: Record<string, string[]>;
}

/**
 * Each operation's error codes by status (`x-error-codes`, and in each error answer's
 * description), so a client knows what `code` each status can carry (src/http/operation-errors.ts).
 */
const listErrorCodes = <Document extends { paths?: object }>(document: Document): Document => {
  for (const [path, item] of Object.entries(document.paths ?? {}) as [
    string,
    Record<string, DocumentedOperation>,
  ][]) {
    for (const [method, operation] of Object.entries(item)) {
      if (!operation?.operationId) continue;
      const codes = errorCodesOf({
        operationId: operation.operationId,
        path,
        signedIn: (operation.security?.length ?? 0) > 0,
        stateChanging: STATE_CHANGING_METHODS.has(method.toUpperCase()),
      });
      operation['x-error-codes'] = codes;
      for (const [status, answer] of Object.entries(operation.responses ?? {})) {
        const listed = codes[status];
        if (listed && Number(status) >= 400) answer.description = `One of: ${listed.join(', ')}`;
      }
    }
  }
  return document;
};

/** The security requirement of a route that needs an access token. */
export const BEARER_OR_COOKIE: { [scheme: string]: readonly string[] }[] = [
  { bearerAuth: [] },
  { cookieAuth: [] },
];
