import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAdmin, loginAdmin } from './admin/admin-fixtures.js';
import { SCOPES } from './support/api-key-scopes.js';
import { json } from './support/http.js';
import { createTestApp, type TestApp } from './support/test-app.js';

/*
 * Every operation against API keys (docs/api.md, "API keys"), from the OpenAPI document: where it
 * names a scope, a key with that scope gets past authorization and a key with every other scope
 * is refused with 403 INSUFFICIENT_SCOPE; every other authenticated operation refuses every key.
 */

const UNKNOWN_ID = 'cd'.repeat(12);

interface Operation {
  readonly method: string;
  readonly path: string;
  readonly scope: string | null;
}

let h: TestApp;
let operations: Operation[];
const keys = new Map<string, string>();

beforeAll(async () => {
  h = await createTestApp();
  const admin = await loginAdmin(h, (await insertAdmin(h)).user);
  for (const scope of SCOPES) {
    const created = await h.app.inject({
      method: 'POST',
      url: '/api/admin/api-keys',
      headers: admin.jar.header(),
      payload: { name: scope, scopes: [scope] },
    });
    keys.set(scope, json(created).key as string);
  }
  const document = json(await h.app.inject({ url: '/api/docs/json' })) as {
    paths: Record<string, Record<string, { security?: unknown[]; description?: string }>>;
  };
  operations = Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item)
      // Public operations take no credentials; the WebSocket is no plain request.
      .filter(([, operation]) => (operation.security?.length ?? 0) > 0 && path !== '/api/ws')
      .map(([method, operation]) => ({
        method: method.toUpperCase(),
        path,
        scope: /API key scope: `([a-z]+:[a-z]+)`/.exec(operation.description ?? '')?.[1] ?? null,
      })),
  );
});
afterAll(async () => {
  await h.close();
});

const send = (operation: Operation, key: string) =>
  h.app.inject({
    method: operation.method as 'GET',
    url: operation.path.replace(/\{[a-zA-Z]+\}/g, UNKNOWN_ID),
    headers: { 'x-api-key': key },
    ...(operation.method === 'GET' || operation.method === 'DELETE' ? {} : { payload: {} }),
  });

describe('API keys on every operation', () => {
  it('reads the operations and their scopes from the document', () => {
    expect(operations.length).toBeGreaterThan(40);
    const scoped = new Set(operations.map((operation) => operation.scope).filter((scope) => scope !== null));
    expect([...scoped].sort()).toEqual([...SCOPES].sort());
  });

  it('lets a key with the operation’s scope past authorization, and refuses every other key with 403 INSUFFICIENT_SCOPE', async () => {
    const wrong: string[] = [];
    for (const operation of operations) {
      for (const scope of SCOPES) {
        const answer = await send(operation, keys.get(scope) ?? '');
        const granted = operation.scope === scope;
        const refused =
          answer.statusCode === 403 && (json(answer) as { code?: string }).code === 'INSUFFICIENT_SCOPE';
        const pastAuthorization = answer.statusCode !== 401 && answer.statusCode !== 403;
        if (granted ? !pastAuthorization : !refused) {
          wrong.push(
            `${operation.method} ${operation.path} with ${scope}: ${answer.statusCode} ${answer.body.slice(0, 100)}`,
          );
        }
      }
    }
    expect(wrong).toEqual([]);
  });
});
