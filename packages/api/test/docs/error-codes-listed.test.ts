import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unlistedErrorAnswers } from '../support/error-code-guard.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

/*
 * The guard every test app runs when it closes (support/test-app.ts): an error answer whose code
 * the document does not list for its operation and status fails the test file that caused it.
 */

let h: TestApp;
beforeAll(async () => {
  h = await createTestApp();
});
afterAll(async () => {
  await h.close();
});

describe('the error-code guard', () => {
  it('accepts what the document lists for the operation and status, and names what it does not', () => {
    // Not RECORD_ERROR_CODES's bootstrap run: that mode refuses nothing.
    if (process.env.RECORD_ERROR_CODES) return;
    expect(
      unlistedErrorAnswers(h.app, [
        { operationId: 'getProduct', status: 404, code: 'PRODUCT_NOT_FOUND' },
        { operationId: 'payOrder', status: 400, code: 'INSUFFICIENT_BALANCE' },
        { operationId: 'listSales', status: 401, code: 'TOKEN_EXPIRED' },
      ]),
    ).toEqual([]);
    expect(
      unlistedErrorAnswers(h.app, [
        { operationId: 'getProduct', status: 404, code: 'ORDER_NOT_FOUND' },
        { operationId: 'getProduct', status: 409, code: 'PRODUCT_NOT_FOUND' },
        { operationId: 'listProducts', status: 401, code: 'UNAUTHENTICATED' },
      ]),
    ).toEqual([
      'getProduct 404 ORDER_NOT_FOUND',
      'getProduct 409 PRODUCT_NOT_FOUND',
      'listProducts 401 UNAUTHENTICATED',
    ]);
  });

  it('lists every status an operation declares with at least one code', async () => {
    const document = (await h.app.inject({ url: '/api/docs/json' })).json() as {
      paths: Record<
        string,
        Record<string, { responses: Record<string, unknown>; 'x-error-codes'?: Record<string, string[]> }>
      >;
    };
    const missing: string[] = [];
    for (const [path, item] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        for (const status of Object.keys(operation.responses).filter((code) => Number(code) >= 400)) {
          // The health probes answer 503 with their own report, not an error body.
          if (path.startsWith('/api/health')) continue;
          if (!operation['x-error-codes']?.[status]?.length)
            missing.push(`${method.toUpperCase()} ${path} ${status}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });
});
