import { Validator } from '@seriousme/openapi-schema-validator';
import { routeTemplate } from '../src/http/route-template.js';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.js';

/** Every route the app registers, collected by an onRoute hook added before the shop is registered. */
const registered: { method: string; url: string }[] = [];
const recordRoutes = (app: FastifyInstance) => {
  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) registered.push({ method: String(method).toUpperCase(), url: route.url });
  });
};

interface Operation {
  deprecated?: boolean;
  tags?: string[];
  responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}
type Document = { openapi: string; paths: Record<string, Record<string, Operation>> };

let h: TestApp;
let document: Document;
beforeAll(async () => {
  h = await createTestApp({ beforeShopApp: recordRoutes });
  const response = await h.app.inject({ url: '/api/docs/json' });
  expect(response.statusCode).toBe(200);
  document = response.json<Document>();
});
afterAll(() => h.close());

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head'];
const toOpenApiPath = (url: string) => routeTemplate(url).replace(/:([A-Za-z0-9_]+)/g, '{$1}');
const key = (method: string, path: string) => `${method.toUpperCase()} ${path}`;

/**
 * The API's own routes. Not API: the docs UI and its assets, HEAD twins of GETs, the CORS
 * plugin's `OPTIONS *` preflight catch-all and the web apps' `GET /*` catch-all.
 */
const isCatchAll = (route: { method: string; url: string }) =>
  (route.method === 'OPTIONS' && route.url === '*') || (route.method === 'GET' && route.url === '/*');
const apiRoutes = () =>
  registered.filter(
    (route) => !route.url.startsWith('/api/docs') && route.method !== 'HEAD' && !isCatchAll(route),
  );

const documentedOperations = () =>
  Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => HTTP_METHODS.includes(method))
      .map(([method, operation]) => ({ key: key(method, path), operation })),
  );

describe('GET /api/docs/json', () => {
  it('is a valid OpenAPI 3 document', async () => {
    expect(document.openapi).toMatch(/^3\./);
    const result = await new Validator().validate(document as unknown as Record<string, unknown>);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('documents every registered route with its method, and nothing that is not registered', () => {
    const routes = apiRoutes();
    // A sanity floor: the collector saw the routes this issue adds.
    expect(routes.map((route) => key(route.method, route.url))).toEqual(
      expect.arrayContaining([
        'POST /api/auth/register',
        'DELETE /api/sessions/:id',
        'POST /api/security/2fa/enable',
      ]),
    );
    const registeredKeys = new Set(routes.map((route) => key(route.method, toOpenApiPath(route.url))));
    const documentedKeys = new Set(documentedOperations().map((entry) => entry.key));
    expect(
      [...registeredKeys].filter((entry) => !documentedKeys.has(entry)),
      'undocumented routes',
    ).toEqual([]);
    expect(
      [...documentedKeys].filter((entry) => !registeredKeys.has(entry)),
      'documented but not registered',
    ).toEqual([]);
  });

  it('gives every operation a tag, a 2xx response with a schema, and the shared error responses', () => {
    const problems: string[] = [];
    for (const { key: operationKey, operation } of documentedOperations()) {
      const responses = operation.responses ?? {};
      // A WebSocket upgrade succeeds with 101 Switching Protocols, which has no body.
      const success = Object.entries(responses).filter(([status]) => /^2\d\d$|^101$/.test(status));
      if (success.length === 0) problems.push(`${operationKey}: no 2xx (or 101 upgrade) response`);
      for (const [status, response] of Object.entries(responses)) {
        // 101 (an upgrade) and 304 (Not Modified, the catalogue's revalidation) carry no body.
        if (status === '101' || status === '304') continue;
        // JSON for the API; a download (CSV export) documents its own media type.
        const schema = Object.values(response.content ?? {}).find(
          (media) => media.schema !== undefined,
        )?.schema;
        if (schema === undefined) problems.push(`${operationKey}: response ${status} has no schema`);
      }
      for (const status of ['400', '429', '500']) {
        if (!responses[status]) problems.push(`${operationKey}: no ${status} response`);
      }
      if (!operation.tags || operation.tags.length === 0) problems.push(`${operationKey}: no tag`);
    }
    expect(problems).toEqual([]);
  });

  it('documents 401 on every operation that needs a token', () => {
    const protectedKeys = [
      'GET /api/auth/profile',
      'GET /api/users/profile',
      'PUT /api/users/profile',
      'PUT /api/users/password',
      'POST /api/users/wallet/connect',
      'GET /api/sessions',
      'DELETE /api/sessions/{id}',
      'POST /api/security/2fa/enable',
      'POST /api/security/2fa/verify',
      'POST /api/security/2fa/disable',
    ];
    const operations = new Map(documentedOperations().map((entry) => [entry.key, entry.operation]));
    expect(protectedKeys.filter((entry) => !operations.get(entry)?.responses?.['401'])).toEqual([]);
  });

  it('marks exactly the aliases as deprecated', () => {
    const deprecated = documentedOperations()
      .filter((entry) => entry.operation.deprecated === true)
      .map((entry) => entry.key)
      .sort();
    expect(deprecated).toEqual(
      expect.arrayContaining([
        'PATCH /api/users/profile',
        'PATCH /api/users/password',
        'POST /api/users/connect-wallet',
        'POST /api/auth/refresh-token',
      ]),
    );
    for (const preferred of [
      'PUT /api/users/profile',
      'PUT /api/users/password',
      'POST /api/users/wallet/connect',
      'POST /api/auth/refresh',
    ]) {
      expect(deprecated).not.toContain(preferred);
    }
  });
});
