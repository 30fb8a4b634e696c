import type { User } from '@trx-shop/domain';
import {
  expectedCustomerStats,
  expectedCustomers,
  expectedTotalSpent,
  type ShopDataSet,
} from '@trx-shop/store-contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, json, type LoggedIn } from '../support/http.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { expectedTrend, trx } from './admin-fixtures.js';
import { generatedDataSet, loadWithCallingAdmin, trendWindows } from './data-set-app.js';

let h: TestApp;
let data: ShopDataSet;
let admin: LoggedIn;

beforeAll(async () => {
  h = await createTestApp();
  ({ data, admin } = await loadWithCallingAdmin(h, generatedDataSet(20260315, { users: 40, orders: 180 })));
});
afterAll(() => h.close());

interface CustomersAnswer {
  success: boolean;
  users: { _id: string; totalSpent: number; [field: string]: unknown }[];
  stats: Record<string, unknown>;
  pagination: Record<string, number>;
}

const customers = async (query = ''): Promise<CustomersAnswer> => {
  const response = await h.app.inject({ url: `/api/admin/customers${query}`, headers: admin.jar.header() });
  expect(response.statusCode, response.body).toBe(200);
  return json(response) as unknown as CustomersAnswer;
};

/** The user as the admin list must show it: every resource field but the password, plus totalSpent. */
const customerView = (user: User) => ({
  _id: user.id,
  email: user.email,
  username: user.username,
  role: 'user',
  wallet: { address: user.wallet.address, externalAddress: null },
  phone: null,
  country: null,
  twoFactorEnabled: false,
  isActive: user.isActive,
  emailVerified: user.emailVerified,
  lastLogin: user.lastLogin ? user.lastLogin.toISOString() : null,
  createdAt: user.createdAt.toISOString(),
  updatedAt: user.updatedAt.toISOString(),
  totalSpent: trx(expectedTotalSpent(data, user.id)),
});

describe('GET /api/admin/customers on a generated data set', () => {
  it('lists only customers, newest first, with every user field and totalSpent = completed - refunded', async () => {
    const expected = expectedCustomers(data);
    expect(expected.length).toBeGreaterThan(20);
    const answer = await customers('?limit=100');

    expect(answer.success).toBe(true);
    expect(answer.users).toEqual(expected.map(customerView));
    expect(answer.pagination).toEqual({ total: expected.length, page: 1, pages: 1, limit: 100 });
    // The data set must exercise what the figures are about.
    expect(answer.users.some((user) => user.totalSpent < 0)).toBe(true);
    expect(data.users.some((user) => user.role === 'admin' && user.username.startsWith('Shopper'))).toBe(
      true,
    );
  });

  it('answers stats: customer count, total volume and both trends against the previous 30 days', async () => {
    const { current, previous } = trendWindows(data.now);
    const figures = expectedCustomerStats(data, current, previous);
    const answer = await customers();

    expect(answer.stats).toEqual({
      total: expectedCustomers(data).length,
      totalVolume: trx(figures.totalVolumeSun),
      totalChange: expectedTrend(figures.customersCreated.current, figures.customersCreated.previous),
      volumeChange: expectedTrend(figures.volumeSun.current, figures.volumeSun.previous),
    });
  });

  it('pages with limit 10 by default, then by limit and page', async () => {
    const expected = expectedCustomers(data).map((user) => user.id);
    const first = await customers();
    expect(first.users.map((user) => user._id)).toEqual(expected.slice(0, 10));
    expect(first.pagination).toEqual({
      total: expected.length,
      page: 1,
      pages: Math.ceil(expected.length / 10),
      limit: 10,
    });
    const second = await customers('?limit=7&page=2');
    expect(second.users.map((user) => user._id)).toEqual(expected.slice(7, 14));
    expect(second.pagination).toEqual({
      total: expected.length,
      page: 2,
      pages: Math.ceil(expected.length / 7),
      limit: 7,
    });
  });

  it('searches username or email case-insensitively and literally; stats.total counts the matches', async () => {
    const { current, previous } = trendWindows(data.now);
    for (const search of [
      'SHOPPER_1',
      'shopper1',
      '@EXAMPLE.com',
      'r_2_',
      '.',
      '%',
      '_',
      '(',
      '*',
      'nobody',
    ]) {
      const expected = expectedCustomers(data, search);
      const answer = await customers(`?limit=100&search=${encodeURIComponent(search)}`);
      expect(
        answer.users.map((user) => user._id),
        search,
      ).toEqual(expected.map((user) => user.id));
      expect(answer.pagination.total, search).toBe(expected.length);
      const figures = expectedCustomerStats(data, current, previous);
      expect(answer.stats.total, search).toBe(expected.length);
      expect(answer.stats.totalVolume, search).toBe(trx(figures.totalVolumeSun));
    }
  });

  it('answers 400 VALIDATION_ERROR for a limit or page that is not a number, or an unknown parameter', async () => {
    for (const query of ['?limit=ten', '?page=x', '?sort=name']) {
      const response = await h.app.inject({
        url: `/api/admin/customers${query}`,
        headers: admin.jar.header(),
      });
      expectError(response, 400, 'VALIDATION_ERROR');
    }
  });
});
