import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { generateOpenApiDocument } from './openapi-document.js';

interface Operation {
  parameters?: { name: string; in: string; schema?: Record<string, unknown> }[];
  operationId?: unknown;
  summary?: unknown;
  description?: unknown;
  tags?: unknown;
  security?: unknown;
}

interface DocumentLevel {
  servers?: unknown;
  info?: { license?: { name?: unknown; url?: unknown }; contact?: unknown };
  tags?: { name?: unknown }[];
}

interface DocumentedOperation {
  /** "GET /api/orders/{id}", for failure messages. */
  readonly name: string;
  readonly path: string;
  readonly operation: Operation;
}

const HTTP_METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

/** Paths whose every operation needs an access token, so must say so in `security`. */
const AUTHENTICATED_PREFIXES = [
  '/api/admin',
  '/api/users',
  '/api/sessions',
  '/api/security',
  '/api/wallets',
  '/api/transactions',
  '/api/orders',
];
/** The public operations under those paths: a cart's quote is priced for anyone, like the catalogue. */
const PUBLIC_UNDER_AUTHENTICATED_PREFIXES = new Set(['POST /api/orders/quote']);

const OPERATION_ID = /^[a-z][a-zA-Z]+$/;

const underPrefix = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`);

/** What the operation says besides the scope line an API-key route gets appended. */
const ownDescription = (description: unknown): string =>
  typeof description === 'string' ? description.replace(/ ?API key scope: `[^`]+`\.$/, '').trim() : '';

const rootLicense = (
  JSON.parse(readFileSync(new URL('../../../../package.json', import.meta.url), 'utf8')) as {
    license: string;
  }
).license;

const operationsOf = (document: unknown): DocumentedOperation[] => {
  const paths = (document as { paths?: Record<string, Record<string, unknown>> }).paths ?? {};
  return Object.entries(paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => HTTP_METHODS.has(method))
      .map(([method, operation]) => ({
        name: `${method.toUpperCase()} ${path}`,
        path,
        operation: operation as Operation,
      })),
  );
};

describe('OpenAPI operation metadata', () => {
  let operations: DocumentedOperation[];
  let document: DocumentLevel;

  beforeAll(async () => {
    const generated = await generateOpenApiDocument();
    operations = operationsOf(generated);
    document = generated as DocumentLevel;
  });

  it('documents operations at all', () => {
    expect(operations.length).toBeGreaterThan(0);
  });

  it('gives every operation a camelCase operationId', () => {
    const bad = operations
      .filter(
        ({ operation }) =>
          typeof operation.operationId !== 'string' || !OPERATION_ID.test(operation.operationId),
      )
      .map(({ name, operation }) => `${name} (${JSON.stringify(operation.operationId)})`);
    expect(bad, `operations without a camelCase operationId: ${bad.join(', ')}`).toEqual([]);
  });

  it('never gives two operations the same operationId', () => {
    const byId = new Map<string, string[]>();
    for (const { name, operation } of operations) {
      if (typeof operation.operationId !== 'string') continue;
      byId.set(operation.operationId, [...(byId.get(operation.operationId) ?? []), name]);
    }
    const duplicated = [...byId]
      .filter(([, names]) => names.length > 1)
      .map(([id, names]) => `${id}: ${names.join(', ')}`);
    expect(duplicated, `operationIds used more than once: ${duplicated.join('; ')}`).toEqual([]);
  });

  it('gives every operation a non-empty summary', () => {
    const bad = operations
      .filter(({ operation }) => typeof operation.summary !== 'string' || operation.summary.trim() === '')
      .map(({ name }) => name);
    expect(bad, `operations without a summary: ${bad.join(', ')}`).toEqual([]);
  });

  it('gives every operation at least one tag', () => {
    const bad = operations
      .filter(
        ({ operation }) =>
          !Array.isArray(operation.tags) ||
          operation.tags.length === 0 ||
          operation.tags.some((tag) => typeof tag !== 'string' || tag === ''),
      )
      .map(({ name }) => name);
    expect(bad, `operations without a tag: ${bad.join(', ')}`).toEqual([]);
  });

  it('declares security on every operation that needs authentication', () => {
    const guarded = operations.filter(
      ({ path, name }) =>
        AUTHENTICATED_PREFIXES.some((prefix) => underPrefix(path, prefix)) &&
        !PUBLIC_UNDER_AUTHENTICATED_PREFIXES.has(name),
    );
    expect(guarded.length).toBeGreaterThan(0);
    const bad = guarded
      .filter(({ operation }) => !Array.isArray(operation.security) || operation.security.length === 0)
      .map(({ name }) => name);
    expect(bad, `authenticated operations without security: ${bad.join(', ')}`).toEqual([]);
  });

  it('gives every operation a description of its own, not its summary again', () => {
    const bad = operations
      .filter(({ operation }) => {
        const own = ownDescription(operation.description);
        return own.length < 40 || own === operation.summary;
      })
      .map(({ name }) => name);
    expect(bad, `operations without a description of their own: ${bad.join(', ')}`).toEqual([]);
  });

  it('declares security on every operation: the empty list on public ones', () => {
    // The routes under /api/auth that need a session: the caller's profile and a new verification link.
    const SIGNED_IN_UNDER_AUTH = ['/api/auth/profile', '/api/auth/email/resend'];
    const undeclared = operations.filter(({ operation }) => !Array.isArray(operation.security));
    expect(undeclared.map(({ name }) => name)).toEqual([]);
    const publicOnes = operations.filter(
      ({ path }) => !AUTHENTICATED_PREFIXES.some((prefix) => underPrefix(path, prefix)) && path !== '/api/ws',
    );
    expect(publicOnes.map(({ name }) => name)).toContain('GET /api/products');
    const guarded = publicOnes.filter(
      ({ path, operation }) =>
        (operation.security as unknown[]).length > 0 && !SIGNED_IN_UNDER_AUTH.includes(path),
    );
    expect(guarded.map(({ name }) => name)).toEqual([]);
  });

  it('names each security scheme at most once per operation (GET and its HEAD twin share a schema)', () => {
    const repeated = operations
      .filter(({ operation }) => {
        const schemes = (operation.security as Record<string, unknown>[]).map((entry) =>
          Object.keys(entry).join('+'),
        );
        return new Set(schemes).size !== schemes.length;
      })
      .map(({ name }) => name);
    expect(repeated).toEqual([]);
  });

  it('says where the API is (relative to the serving instance), under which license, and whom to ask', () => {
    expect(document.servers).toEqual([expect.objectContaining({ url: '/' })]);
    expect(document.info?.license?.name).toBe(rootLicense);
    expect(document.info?.license?.url).toMatch(/^https:\/\//);
    expect(document.info?.contact).toEqual(expect.objectContaining({ name: expect.any(String) }));
  });

  it('declares every tag an operation uses', () => {
    const declared = new Set((document.tags ?? []).map((tag) => tag.name));
    const undeclared = [...new Set(operations.flatMap(({ operation }) => operation.tags as string[]))].filter(
      (tag) => !declared.has(tag),
    );
    expect(undeclared).toEqual([]);
  });

  it('documents limit and page as integers without bounds (the service clamps them)', () => {
    const paging = operations.flatMap(({ name, operation }) =>
      (operation.parameters ?? [])
        .filter((parameter) => parameter.in === 'query' && ['limit', 'page'].includes(parameter.name))
        .map((parameter) => ({ name: `${name} ${parameter.name}`, schema: parameter.schema })),
    );
    expect(paging.length).toBeGreaterThan(10);
    for (const { name, schema } of paging) expect(schema, name).toEqual({ type: 'integer' });
  });
});
