import { ORDER_STATUSES, type Order, type OrderStatus, type User } from '@trx-shop/domain';
import { buildUser } from '@trx-shop/store-contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, json, type LoggedIn, register } from '../support/http.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import {
  insertAdmin,
  insertOrder,
  insertUser,
  line,
  loginAdmin,
  type StoredAdmin,
  trx,
} from './admin-fixtures.js';

/*
 * GET /api/admin/customers/{id}: one customer as the customer list shows them, with their orders
 * counted by status. Expected figures are summed here from the orders the test stored.
 */

let h: TestApp;
let storedAdmin: StoredAdmin;
let admin: LoggedIn;
let carla: User;
/** Carla's orders, oldest first. */
let carlasOrders: Order[];

const minutesAgo = (minutes: number): Date => new Date(h.clock.now().getTime() - minutes * 60_000);

beforeAll(async () => {
  h = await createTestApp();
  storedAdmin = await insertAdmin(h);
  admin = await loginAdmin(h, storedAdmin.user);
  carla = await insertUser(
    h,
    buildUser({ username: 'carla_detail', email: 'carla.detail@example.com', emailVerified: false }),
  );
  const other = await insertUser(h, buildUser({ username: 'otto_detail', email: 'otto.detail@example.com' }));
  const placed: [OrderStatus, number, number][] = [
    ['completed', 12_500_000, 60],
    ['refunded', 3_000_000, 50],
    ['completed', 7_250_000, 40],
    ['cancelled', 1_000_000, 30],
    ['completed', 500_000, 20],
    ['pending', 2_000_000, 10],
  ];
  carlasOrders = [];
  for (const [status, priceSun, minutes] of placed) {
    carlasOrders.push(
      await insertOrder(h, status, {
        userId: carla.id,
        lines: [line(priceSun)],
        createdAt: minutesAgo(minutes),
      }),
    );
  }
  // Another customer's orders, newer than Carla's: they must count for nobody but Otto.
  await insertOrder(h, 'completed', { userId: other.id, lines: [line(9_000_000)], createdAt: minutesAgo(5) });
  await insertOrder(h, 'failed', { userId: other.id, lines: [line(9_000_000)], createdAt: minutesAgo(4) });
});
afterAll(() => h.close());

const detail = (id: string, headers: Record<string, string> = admin.jar.header()) =>
  h.app.inject({ url: `/api/admin/customers/${id}`, headers });

/** The customer exactly as GET /api/admin/customers lists them. */
const listedCustomer = async (user: User): Promise<unknown> => {
  const response = await h.app.inject({
    url: `/api/admin/customers?search=${encodeURIComponent(user.email)}`,
    headers: admin.jar.header(),
  });
  const users = json(response).users as { _id: string }[];
  return users.find((listed) => listed._id === user.id);
};

/** What the specification calls totalSpent: completed totals minus refunded totals. */
const spentOn = (orders: readonly Order[]): number => {
  let sun = 0;
  for (const order of orders) {
    if (order.status === 'completed') sun += order.totalSun;
    if (order.status === 'refunded') sun -= order.totalSun;
  }
  return trx(sun);
};

const countsOf = (orders: readonly Order[]) => {
  const byStatus = Object.fromEntries(ORDER_STATUSES.map((status) => [status, 0]));
  for (const order of orders) byStatus[order.status] = (byStatus[order.status] ?? 0) + 1;
  const newest = Math.max(...orders.map((order) => order.createdAt.getTime()));
  return { total: orders.length, byStatus, lastOrderAt: new Date(newest).toISOString() };
};

describe('GET /api/admin/customers/{id}', () => {
  it('answers the customer as the list shows them, with what they spent and their orders counted by status', async () => {
    const response = await detail(carla.id);
    expect(response.statusCode, response.body).toBe(200);
    const answer = json(response);

    expect(answer.success).toBe(true);
    expect(answer.customer).toEqual({
      _id: carla.id,
      email: 'carla.detail@example.com',
      username: 'carla_detail',
      role: 'user',
      wallet: { address: carla.wallet.address, externalAddress: null },
      phone: null,
      country: null,
      twoFactorEnabled: false,
      isActive: true,
      emailVerified: false,
      lastLogin: carla.lastLogin?.toISOString() ?? null,
      createdAt: carla.createdAt.toISOString(),
      updatedAt: carla.updatedAt.toISOString(),
      totalSpent: spentOn(carlasOrders),
    });
    expect(answer.customer).toEqual(await listedCustomer(carla));
    // 12.49 + 7.24 + 0.49 completed, 2.99 refunded (each total is the lines minus 0.01).
    expect(answer.customer).toMatchObject({ totalSpent: 17.23 });
    expect(answer.orders).toEqual(countsOf(carlasOrders));
    expect(answer.orders).toEqual({
      total: 6,
      byStatus: { pending: 1, completed: 3, refunded: 1, failed: 0, cancelled: 1 },
      lastOrderAt: minutesAgo(10).toISOString(),
    });
  });

  it('answers zeros and no last order for a customer who never ordered', async () => {
    const idle = await insertUser(h, buildUser({ username: 'idle_detail' }));
    const response = await detail(idle.id);
    expect(response.statusCode, response.body).toBe(200);
    const answer = json(response);
    expect(answer.customer).toMatchObject({ _id: idle.id, totalSpent: 0 });
    expect(answer.orders).toEqual({
      total: 0,
      byStatus: { pending: 0, completed: 0, refunded: 0, failed: 0, cancelled: 0 },
      lastOrderAt: null,
    });
  });

  it('answers 404 USER_NOT_FOUND for an id nobody has, and for an admin, who is no customer', async () => {
    expectError(await detail('ab'.repeat(12)), 404, 'USER_NOT_FOUND');
    expectError(await detail(storedAdmin.user.id), 404, 'USER_NOT_FOUND');
    // An admin with orders of their own is no customer either.
    const shopper = await insertAdmin(h);
    await insertOrder(h, 'completed', { userId: shopper.user.id });
    expectError(await detail(shopper.user.id), 404, 'USER_NOT_FOUND');
  });

  it('answers 400 INVALID_ID for a malformed id', async () => {
    for (const id of ['not-an-id', 'AB'.repeat(12), 'ab'.repeat(11), `${'ab'.repeat(12)}0`]) {
      expectError(await detail(id), 400, 'INVALID_ID');
    }
  });

  it('answers 401 without credentials and 403 FORBIDDEN to a customer, even for their own id', async () => {
    expectError(await detail(carla.id, {}), 401, 'UNAUTHENTICATED');
    const customer = await register(h.app);
    expectError(await detail(customer.userId, customer.jar.header()), 403, 'FORBIDDEN');
    expectError(await detail(carla.id, customer.jar.header()), 403, 'FORBIDDEN');
  });

  it('answers an API key with customers:read as it answers the admin, and refuses another scope with INSUFFICIENT_SCOPE', async () => {
    const keyWith = async (scope: string): Promise<string> => {
      const created = await h.app.inject({
        method: 'POST',
        url: '/api/admin/api-keys',
        headers: admin.jar.header(),
        payload: { name: `detail ${scope}`, scopes: [scope] },
      });
      expect(created.statusCode, created.body).toBe(201);
      return json(created).key as string;
    };
    const allowed = await detail(carla.id, { 'x-api-key': await keyWith('customers:read') });
    expect(allowed.statusCode, allowed.body).toBe(200);
    expect(json(allowed)).toEqual(json(await detail(carla.id)));
    const refused = await detail(carla.id, { 'x-api-key': await keyWith('orders:read') });
    expectError(refused, 403, 'INSUFFICIENT_SCOPE');
    expect(json(refused)).toMatchObject({ requiredScope: 'customers:read' });
  });
});
