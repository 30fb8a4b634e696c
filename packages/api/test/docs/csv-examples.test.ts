import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAdmin, loginAdmin } from '../admin/admin-fixtures.js';
import type { LoggedIn } from '../support/http.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { COMMITTED_OPENAPI_URL } from './openapi-document.js';

/*
 * The CSV exports show an example file in docs/openapi.json: it must be the file the export
 * writes (the same header line, as many cells in each row as in the header).
 */

interface Document {
  paths: Record<
    string,
    Record<string, { responses: Record<string, { content?: Record<string, { example?: unknown }> }> }>
  >;
}

const document = JSON.parse(readFileSync(COMMITTED_OPENAPI_URL, 'utf8')) as Document;

const EXPORTS = [
  { method: 'POST', path: '/api/admin/customers/export' },
  { method: 'GET', path: '/api/admin/sales/export' },
  { method: 'GET', path: '/api/admin/ledger/export' },
] as const;

/** The cells of one CSV line as the exports write it (every cell double-quoted). */
const cellsOf = (line: string): string[] => line.match(/"(?:[^"]|"")*"/g) ?? [];

let h: TestApp;
let admin: LoggedIn;

beforeAll(async () => {
  h = await createTestApp();
  admin = await loginAdmin(h, (await insertAdmin(h)).user);
});
afterAll(() => h.close());

describe('CSV exports in the OpenAPI document', () => {
  it.each(EXPORTS)(
    '$method $path shows an example file that starts with the header it writes',
    async ({ method, path }) => {
      const media = document.paths[path]?.[method.toLowerCase()]?.responses['200']?.content?.['text/csv'];
      expect(typeof media?.example, `${method} ${path} has no CSV example`).toBe('string');
      const lines = String(media?.example ?? '').split('\r\n');
      expect(lines.at(-1)).toBe('');
      const [header = '', ...rows] = lines.slice(0, -1);
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) expect(cellsOf(row)).toHaveLength(cellsOf(header).length);

      const response = await h.app.inject({ method, url: path, headers: admin.jar.header() });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.body.split('\r\n')[0]).toBe(header);
    },
  );
});
