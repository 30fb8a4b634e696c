import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import {
  COMMITTED_OPENAPI_URL,
  generateOpenApiDocument,
  OPENAPI_EXPORT_COMMAND,
} from './openapi-document.js';

const readCommitted = async (): Promise<unknown> => {
  const text = await readFile(COMMITTED_OPENAPI_URL, 'utf8').catch((error: unknown) => {
    throw new Error(`docs/openapi.json is missing; run \`${OPENAPI_EXPORT_COMMAND}\` (${String(error)})`);
  });
  return JSON.parse(text) as unknown;
};

describe('docs/openapi.json', () => {
  it('equals the document the app generates from its route schemas', async () => {
    const [generated, committed] = await Promise.all([generateOpenApiDocument(), readCommitted()]);
    expect(
      committed,
      `docs/openapi.json is out of date with the routes; run \`${OPENAPI_EXPORT_COMMAND}\` from the repo root and commit the result`,
    ).toEqual(generated);
  });

  it('documents the orders and admin operations the shop is built around', async () => {
    const committed = (await readCommitted()) as {
      paths?: Record<string, Record<string, { tags?: string[] }>>;
    };
    const tagged = (path: string, method: string) => committed.paths?.[path]?.[method]?.tags ?? [];
    expect(tagged('/api/orders', 'post')).toContain('orders');
    expect(tagged('/api/admin/orders/{id}/refund', 'post')).toContain('admin');
  });
});
