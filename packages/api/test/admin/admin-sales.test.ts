import type { Order, User } from '@trx-shop/domain';
import { buildUser } from '@trx-shop/store-contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, json, type LoggedIn } from '../support/http.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import {
  adminPasswordHash,
  insertAdmin,
  insertOrder,
  insertUser,
  line,
  loginAdmin,
} from './admin-fixtures.js';

let h: TestApp;
let admin: LoggedIn;
let alice: User;
let bob: User;
/** Oldest first, as inserted. */
let orders: Order[];

const minutesAgo = (minutes: number): Date => new Date(h.clock.now().getTime() - minutes * 60_000);

beforeAll(async () => {
  h = await createTestApp();
  admin = await loginAdmin(h, (await insertAdmin(h)).user);
  alice = await insertUser(h, buildUser({ username: 'alice_sales', email: 'alice.sales@example.com' }));
  bob = await insertUser(h, buildUser({ username: 'bob_sales', email: 'bob.sales@example.com' }));
  orders = [
    await insertOrder(h, 'completed', {
      userId: alice.id,
      lines: [line(2_500_000, 2, { name: 'Ebook', color: 'blue' }), line(1_000_000)],
      transactionHash: 'a'.repeat(64),
      walletAddress: alice.wallet.address ?? '',
      createdAt: minutesAgo(40),
    }),
    await insertOrder(h, 'refunded', { userId: bob.id, lines: [line(300_000)], createdAt: minutesAgo(30) }),
    await insertOrder(h, 'completed', {
      userId: bob.id,
      lines: [line(12_510_000)],
      createdAt: minutesAgo(20),
    }),
    await insertOrder(h, 'pending', {
      userId: alice.id,
      lines: [line(100_000, 3)],
      createdAt: minutesAgo(10),
    }),
  ];
});
afterAll(() => h.close());

const sales = async (query = '') => {
  const response = await h.app.inject({ url: `/api/admin/sales${query}`, headers: admin.jar.header() });
  expect(response.statusCode, response.body).toBe(200);
  return json(response) as {
    success: boolean;
    sales: { _id: string; [field: string]: unknown }[];
    pagination: Record<string, number>;
  };
};

const idsNewestFirst = (list: readonly Order[]): string[] => [...list].reverse().map((order) => order.id);

describe('GET /api/admin/sales', () => {
  it('lists every order newest first with its customer populated, txHash beside transactionHash and discount', async () => {
    const answer = await sales();

    expect(answer.success).toBe(true);
    expect(answer.sales.map((sale) => sale._id)).toEqual(idsNewestFirst(orders));
    expect(answer.pagination).toEqual({ total: 4, page: 1, pages: 1, limit: 10 });
    const first = orders[0] as Order;
    expect(answer.sales.at(-1)).toEqual({
      _id: first.id,
      orderId: '#TRX-1',
      userId: { _id: alice.id, username: 'alice_sales', email: 'alice.sales@example.com' },
      products: [
        { productId: first.lines[0]?.productId, name: 'Ebook', price: 2.5, quantity: 2, color: 'blue' },
        { productId: first.lines[1]?.productId, name: 'Hand-made line', price: 1, quantity: 1, color: null },
      ],
      subtotal: 6,
      networkFee: -0.01,
      discount: 0,
      total: 5.99,
      status: 'completed',
      paymentMethod: 'TRC-20',
      transactionHash: 'a'.repeat(64),
      txHash: 'a'.repeat(64),
      walletAddress: alice.wallet.address,
      merchantAddress: first.merchantAddress,
      // Completed by hand, never paid on chain: nothing was or can be refunded.
      refundedAmount: 0,
      refundableAmount: 0,
      refunds: [],
      createdAt: first.createdAt.toISOString(),
      updatedAt: first.createdAt.toISOString(),
    });
    expect(answer.sales.map((sale) => [sale.orderId, sale.total, sale.txHash, sale.discount])).toEqual([
      ['#TRX-4', 0.29, null, 0],
      ['#TRX-3', 12.5, null, 0],
      ['#TRX-2', 0.29, null, 0],
      ['#TRX-1', 5.99, 'a'.repeat(64), 0],
    ]);
    expect(answer.sales[1]?.userId).toEqual({
      _id: bob.id,
      username: 'bob_sales',
      email: 'bob.sales@example.com',
    });
  });

  it('filters by status', async () => {
    const completed = await sales('?status=completed');
    expect(completed.sales.map((sale) => sale._id)).toEqual([orders[2]?.id, orders[0]?.id]);
    expect(completed.pagination).toEqual({ total: 2, page: 1, pages: 1, limit: 10 });
    expect((await sales('?status=refunded')).sales.map((sale) => sale._id)).toEqual([orders[1]?.id]);
    expect((await sales('?status=cancelled')).sales).toEqual([]);
  });

  it('takes the last value of a repeated status parameter', async () => {
    const answer = await sales('?status=pending&status=refunded');
    expect(answer.sales.map((sale) => sale._id)).toEqual([orders[1]?.id]);
  });

  it('pages with limit and page and clamps out-of-range values', async () => {
    const second = await sales('?limit=3&page=2');
    expect(second.sales.map((sale) => sale._id)).toEqual([orders[0]?.id]);
    expect(second.pagination).toEqual({ total: 4, page: 2, pages: 2, limit: 3 });
    expect((await sales('?limit=500')).pagination).toEqual({ total: 4, page: 1, pages: 1, limit: 100 });
    const smallest = await sales('?limit=0&page=-3');
    expect(smallest.pagination).toEqual({ total: 4, page: 1, pages: 4, limit: 1 });
    expect(smallest.sales.map((sale) => sale._id)).toEqual([orders[3]?.id]);
    expect((await sales('?page=9')).sales).toEqual([]);
  });

  it('answers 400 VALIDATION_ERROR for an unknown status or a limit that is not a number', async () => {
    for (const query of ['?status=shipped', '?limit=abc', '?page=1.5']) {
      const response = await h.app.inject({ url: `/api/admin/sales${query}`, headers: admin.jar.header() });
      expectError(response, 400, 'VALIDATION_ERROR');
    }
  });
});

describe('GET /api/admin/sales with a time range', () => {
  it('lists and counts only the orders created in [from, to)', async () => {
    const from = (orders[1] as Order).createdAt.toISOString();
    const to = (orders[3] as Order).createdAt.toISOString();
    const answer = await sales(`?from=${from}&to=${to}`);
    expect(answer.sales.map((sale) => sale._id)).toEqual(idsNewestFirst(orders.slice(1, 3)));
    expect(answer.pagination.total).toBe(2);
    const withStatus = await sales(`?status=completed&from=${from}`);
    expect(withStatus.sales.map((sale) => sale._id)).toEqual([(orders[2] as Order).id]);
  });

  it('refuses an empty or malformed range with 400', async () => {
    const at = (orders[0] as Order).createdAt.toISOString();
    for (const query of [`?from=${at}&to=${at}`, '?from=last-week', '?to=2026-02-30T25:00:00Z']) {
      const response = await h.app.inject({ url: `/api/admin/sales${query}`, headers: admin.jar.header() });
      expectError(response, 400, 'VALIDATION_ERROR');
    }
  });
});

describe('GET /api/admin/sales with a search', () => {
  it('lists only the orders of the customers whose username or email holds it, with their total', async () => {
    const byName = await sales('?search=ALICE_S');
    expect(byName.sales.map((sale) => sale._id)).toEqual([orders[3]?.id, orders[0]?.id]);
    expect(byName.sales.map((sale) => (sale.userId as { _id: string })._id)).toEqual([alice.id, alice.id]);
    expect(byName.pagination).toEqual({ total: 2, page: 1, pages: 1, limit: 10 });
    const byEmail = await sales('?search=bob.sales%40EXAMPLE');
    expect(byEmail.sales.map((sale) => sale._id)).toEqual([orders[2]?.id, orders[1]?.id]);
    expect(byEmail.pagination.total).toBe(2);
  });

  it('combines it with the status and the range, and pages it', async () => {
    const completed = await sales('?search=bob&status=completed');
    expect(completed.sales.map((sale) => sale._id)).toEqual([orders[2]?.id]);
    expect(completed.pagination.total).toBe(1);
    const to = (orders[3] as Order).createdAt.toISOString();
    const ranged = await sales(`?search=alice&to=${to}`);
    expect(ranged.sales.map((sale) => sale._id)).toEqual([orders[0]?.id]);
    const second = await sales('?search=alice&limit=1&page=2');
    expect(second.sales.map((sale) => sale._id)).toEqual([orders[0]?.id]);
    expect(second.pagination).toEqual({ total: 2, page: 2, pages: 2, limit: 1 });
  });

  it('takes % literally and finds an order by its number', async () => {
    const percent = await sales('?search=%25');
    expect(percent.sales).toEqual([]);
    expect(percent.pagination.total).toBe(0);
    const second = orders[1] as Order;
    const byNumber = await sales(`?search=${encodeURIComponent(`#TRX-${second.number}`)}`);
    expect(byNumber.sales.map((sale) => [sale._id, sale.orderId])).toEqual([
      [second.id, `#TRX-${second.number}`],
    ]);
    expect(byNumber.pagination.total).toBe(1);
  });

  it('answers 400 VALIDATION_ERROR for a search longer than the customer search allows', async () => {
    expect((await sales(`?search=${'a'.repeat(200)}`)).sales).toEqual([]);
    for (const url of [
      `/api/admin/sales?search=${'a'.repeat(201)}`,
      `/api/admin/sales/export?search=${'a'.repeat(201)}`,
    ]) {
      const response = await h.app.inject({ url, headers: admin.jar.header() });
      expectError(response, 400, 'VALIDATION_ERROR');
      expect(response.body).toContain('search');
    }
  });
});

describe('GET /api/admin/sales for one customer', () => {
  const sold = (answer: { sales: { _id: string; userId?: unknown }[] }) =>
    answer.sales.map((sale) => [sale._id, (sale.userId as { _id: string })._id]);

  it('lists and counts only that customer’s orders, newest first', async () => {
    const alices = await sales(`?customer=${alice.id}`);
    expect(sold(alices)).toEqual([
      [orders[3]?.id, alice.id],
      [orders[0]?.id, alice.id],
    ]);
    expect(alices.pagination).toEqual({ total: 2, page: 1, pages: 1, limit: 10 });
    const second = await sales(`?customer=${bob.id}&limit=1&page=2`);
    expect(sold(second)).toEqual([[orders[1]?.id, bob.id]]);
    expect(second.pagination).toEqual({ total: 2, page: 2, pages: 2, limit: 1 });
    const nobody = await sales(`?customer=${'ab'.repeat(12)}`);
    expect(nobody.sales).toEqual([]);
    expect(nobody.pagination.total).toBe(0);
  });

  it('combines it with the status, the range and the search', async () => {
    const completed = await sales(`?customer=${bob.id}&status=completed`);
    expect(sold(completed)).toEqual([[orders[2]?.id, bob.id]]);
    expect(completed.pagination.total).toBe(1);
    const pending = await sales(`?customer=${alice.id}&status=pending`);
    expect(sold(pending)).toEqual([[orders[3]?.id, alice.id]]);
    const to = (orders[3] as Order).createdAt.toISOString();
    expect(sold(await sales(`?customer=${alice.id}&to=${to}`))).toEqual([[orders[0]?.id, alice.id]]);
    expect(sold(await sales(`?customer=${alice.id}&search=alice`))).toHaveLength(2);
    const otherSearch = await sales(`?customer=${alice.id}&search=bob`);
    expect(otherSearch.sales).toEqual([]);
    expect(otherSearch.pagination.total).toBe(0);
  });

  it('answers 400 VALIDATION_ERROR for a customer that is not a 24-hex id, on the list and the export', async () => {
    for (const customer of ['alice', 'AB'.repeat(12), 'ab'.repeat(11), '']) {
      for (const path of ['/api/admin/sales', '/api/admin/sales/export']) {
        const response = await h.app.inject({
          url: `${path}?customer=${customer}`,
          headers: admin.jar.header(),
        });
        expectError(response, 400, 'VALIDATION_ERROR');
        expect(response.body).toContain('customer');
      }
    }
  });
});

/** RFC 4180 as the export writes it: every cell quoted, inner quotes doubled, CRLF lines. */
const parseCsv = (text: string): string[][] =>
  text
    .split('\r\n')
    .filter((row) => row !== '')
    .map((row) =>
      [...row.matchAll(/"((?:[^"]|"")*)"/g)].map((match) => (match[1] ?? '').replaceAll('""', '"')),
    );

describe('GET /api/admin/sales/export', () => {
  const exported = (query = '', headers: Record<string, string> = admin.jar.header()) =>
    h.app.inject({ url: `/api/admin/sales/export${query}`, headers });

  it('streams every sale as CSV (sales.csv), newest first, with its customer and exact totals', async () => {
    const response = await exported();
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="sales.csv"');
    const [header, ...rows] = parseCsv(response.body);
    expect(header).toEqual([
      'id',
      'orderId',
      'createdAt',
      'status',
      'customerId',
      'customerUsername',
      'customerEmail',
      'products',
      'subtotal',
      'networkFee',
      'total',
      'transactionHash',
    ]);
    expect(rows.map((row) => row[0])).toEqual(idsNewestFirst(orders));
    const first = orders[0] as Order;
    const row = rows.find((candidate) => candidate[0] === first.id) ?? [];
    // 2 x 2.5 TRX + 1 TRX, and the -0.01 network fee (the specification's rule).
    expect(row.slice(3, 12)).toEqual([
      'completed',
      alice.id,
      'alice_sales',
      'alice.sales@example.com',
      `Ebook x 2; ${first.lines[1]?.name} x 1`,
      '6',
      '-0.01',
      '5.99',
      'a'.repeat(64),
    ]);
    const filtered = parseCsv((await exported('?status=refunded')).body).slice(1);
    expect(filtered.map((candidate) => candidate[0])).toEqual([(orders[1] as Order).id]);
  });

  it('exports only the sales a search selects', async () => {
    const response = await exported('?search=BOB_SALES');
    expect(response.statusCode, response.body).toBe(200);
    const rows = parseCsv(response.body).slice(1);
    expect(rows.map((row) => [row[0], row[5]])).toEqual([
      [(orders[2] as Order).id, 'bob_sales'],
      [(orders[1] as Order).id, 'bob_sales'],
    ]);
    const none = parseCsv((await exported('?search=%25')).body);
    expect(none).toHaveLength(1);
  });

  it('exports only one customer’s sales, with the status too', async () => {
    const response = await exported(`?customer=${bob.id}`);
    expect(response.statusCode, response.body).toBe(200);
    const rows = parseCsv(response.body).slice(1);
    expect(rows.map((row) => [row[0], row[4]])).toEqual([
      [(orders[2] as Order).id, bob.id],
      [(orders[1] as Order).id, bob.id],
    ]);
    const refunded = parseCsv((await exported(`?customer=${bob.id}&status=refunded`)).body).slice(1);
    expect(refunded.map((row) => row[0])).toEqual([(orders[1] as Order).id]);
    expect(parseCsv((await exported(`?customer=${alice.id}&status=refunded`)).body)).toHaveLength(1);
  });

  it('answers 401 without a session, 403 for a customer, and 400 for a bad filter', async () => {
    expectError(await exported('', {}), 401, 'UNAUTHENTICATED');
    // A customer with the fixtures' known password, logged in the way an admin is.
    const customer = await loginAdmin(
      h,
      await insertUser(h, buildUser({ role: 'user', passwordHash: await adminPasswordHash() })),
    );
    expectError(await exported('', customer.jar.header()), 403, 'FORBIDDEN');
    for (const query of ['?status=done', '?from=soon', '?page=2'])
      expectError(await exported(query), 400, 'VALIDATION_ERROR');
  });
});
