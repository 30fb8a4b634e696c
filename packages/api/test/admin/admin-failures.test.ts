import type { CustomerRow } from '@trx-shop/domain';
import { buildUser } from '@trx-shop/store-contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, type LoggedIn } from '../support/http.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { insertAdmin, insertOrder, insertUser, loginAdmin } from './admin-fixtures.js';

/*
 * Injected store faults (the only fakes besides the clock): the API must answer 500 without the
 * driver's message, and a failed export must never look like a complete file.
 */

const DRIVER_MESSAGE = 'SQLITE_IOERR: disk I/O error in /var/lib/trx-shop/secret.db';

let h: TestApp;
let admin: LoggedIn;

beforeAll(async () => {
  h = await createTestApp();
  admin = await loginAdmin(h, (await insertAdmin(h)).user);
  await insertUser(h, buildUser({ username: 'faulty_customer' }));
});
afterAll(() => h.close());

/** Replaces `target[method]` for the duration of `run`, then puts the original back. */
const withFault = async <T extends object>(
  target: T,
  method: keyof T & string,
  replacement: unknown,
  run: () => Promise<void>,
): Promise<void> => {
  const writable = target as Record<string, unknown>;
  const original = writable[method];
  writable[method] = replacement;
  try {
    await run();
  } finally {
    writable[method] = original;
  }
};

const failing = async (): Promise<never> => {
  throw new Error(DRIVER_MESSAGE);
};

const expectInternalError = (response: Awaited<ReturnType<TestApp['app']['inject']>>) => {
  const body = expectError(response, 500, 'INTERNAL_ERROR');
  expect(response.body).not.toContain('SQLITE');
  expect(response.body).not.toContain('secret.db');
  return body;
};

describe('admin endpoints when the store fails', () => {
  it('answers 500 without driver text when the status override cannot be stored', async () => {
    const order = await insertOrder(h, 'completed');
    await withFault(h.store.orders, 'changeStatus', failing, async () => {
      const response = await h.app.inject({
        method: 'PATCH',
        url: `/api/orders/${order.id}/status`,
        headers: admin.jar.header(),
        payload: { status: 'refunded' },
      });
      expectInternalError(response);
    });
    expect((await h.store.orders.findById(order.id))?.status).toBe('completed');
  });

  it('answers 500 without driver text when sales, customers or stats cannot be read', async () => {
    const reads: [object, string, string][] = [
      [h.store.orders, 'listSales', '/api/admin/sales'],
      [h.store.users, 'listCustomers', '/api/admin/customers'],
      [h.store.users, 'customerStats', '/api/admin/customers'],
      [h.store.dashboard, 'dashboard', '/api/admin/stats'],
    ];
    for (const [target, method, url] of reads) {
      await withFault(target, method as never, failing, async () => {
        expectInternalError(await h.app.inject({ url, headers: admin.jar.header() }));
      });
    }
  });

  it('answers 500 INTERNAL_ERROR, not a header-only CSV, when the export fails before its first row', async () => {
    const brokenStream = (): AsyncIterable<CustomerRow> => ({
      [Symbol.asyncIterator]: () => ({ next: failing }),
    });
    await withFault(h.store.users, 'streamCustomers', brokenStream, async () => {
      const outcome = await h.app
        .inject({ method: 'POST', url: '/api/admin/customers/export', headers: admin.jar.header() })
        .then(
          (response) => ({ response }),
          (error: unknown) => ({ aborted: String(error) }),
        );
      expect('aborted' in outcome ? outcome.aborted : outcome.response.statusCode).toBe(500);
      if ('response' in outcome) expectInternalError(outcome.response);
    });
  });

  it('aborts the download when the export fails after the first rows, so it never looks complete', async () => {
    const original = h.store.users.streamCustomers.bind(h.store.users);
    async function* failsAfterOneRow(): AsyncGenerator<CustomerRow> {
      for await (const row of original()) {
        yield row;
        break;
      }
      throw new Error(DRIVER_MESSAGE);
    }
    await withFault(h.store.users, 'streamCustomers', failsAfterOneRow, async () => {
      const outcome = await h.app
        .inject({ method: 'POST', url: '/api/admin/customers/export', headers: admin.jar.header() })
        .then(
          (response) => `completed with ${response.statusCode}: ${response.body}`,
          (error: unknown) => `aborted: ${String(error)}`,
        );
      expect(outcome).toMatch(/^aborted: /);
    });
    // The same export without the fault completes: the abort above came from the fault.
    const healthy = await h.app.inject({
      method: 'POST',
      url: '/api/admin/customers/export',
      headers: admin.jar.header(),
    });
    expect(healthy.body).toContain('"faulty_customer"');
  });
});
