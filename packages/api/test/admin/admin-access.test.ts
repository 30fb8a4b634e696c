import type { Order } from '@trx-shop/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, type LoggedIn, register } from '../support/http.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { insertAdmin, insertOrder, loginAdmin } from './admin-fixtures.js';

let h: TestApp;
let customer: LoggedIn;
let order: Order;

beforeAll(async () => {
  h = await createTestApp();
  const admin = await insertAdmin(h);
  await loginAdmin(h, admin.user);
  customer = await register(h.app);
  order = await insertOrder(h, 'completed', { userId: customer.userId });
});
afterAll(() => h.close());

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

// Valid ids and bodies, so only the caller's role can be what the answer depends on.
const adminRoutes = (): { method: Method; url: string; payload?: Record<string, unknown> }[] => [
  { method: 'GET', url: '/api/admin/sales' },
  { method: 'GET', url: '/api/admin/stats' },
  { method: 'GET', url: '/api/admin/customers' },
  { method: 'GET', url: `/api/admin/customers/${customer.userId}` },
  { method: 'PATCH', url: `/api/admin/customers/${customer.userId}/block`, payload: { isActive: false } },
  { method: 'POST', url: '/api/admin/customers/export' },
  { method: 'PATCH', url: `/api/orders/${order.id}/status`, payload: { status: 'refunded' } },
  { method: 'PATCH', url: `/api/admin/orders/${order.id}/status`, payload: { status: 'refunded' } },
  { method: 'POST', url: `/api/admin/orders/${order.id}/refund` },
  { method: 'GET', url: '/api/admin/products' },
];

describe('admin routes refuse callers without the admin role', () => {
  it('answers 403 FORBIDDEN to a customer token on every admin route and changes nothing', async () => {
    for (const route of adminRoutes()) {
      const response = await h.app.inject({ ...route, headers: customer.jar.header() });
      expectError(response, 403, 'FORBIDDEN', route.url);
    }
    // The block, status and refund routes above would have changed these had they run.
    expect((await h.store.users.findById(customer.userId))?.isActive).toBe(true);
    const stored = await h.store.orders.findById(order.id);
    expect({ status: stored?.status, refunds: stored?.refunds }).toEqual({
      status: 'completed',
      refunds: [],
    });
  });

  it('answers 401 UNAUTHENTICATED without a token on every admin route', async () => {
    for (const route of adminRoutes()) {
      const response = await h.app.inject(route);
      expectError(response, 401, 'UNAUTHENTICATED', route.url);
    }
  });

  // docs/decisions.md section 4: 401 means "log in or refresh"; who may call a route is settled before
  // its input is judged, so callers without the role learn nothing about the route's schema.
  const malformed = [
    { method: 'PATCH' as const, url: '/api/orders/not-an-id/status', payload: { status: 'bogus' } },
    { method: 'POST' as const, url: '/api/admin/orders/not-an-id/refund' },
    { method: 'PATCH' as const, url: '/api/admin/customers/not-an-id/block', payload: {} },
    { method: 'GET' as const, url: '/api/admin/customers/not-an-id' },
    { method: 'GET' as const, url: '/api/admin/sales?customer=not-an-id' },
    { method: 'GET' as const, url: '/api/admin/sales?status=shipped&limit=abc' },
  ];

  it('answers 401 UNAUTHENTICATED without a token even when the id or body is malformed', async () => {
    for (const route of malformed) {
      expectError(await h.app.inject(route), 401, 'UNAUTHENTICATED', route.url);
    }
  });

  it('answers 403 FORBIDDEN to a customer token even when the id or body is malformed', async () => {
    for (const route of malformed) {
      const response = await h.app.inject({ ...route, headers: customer.jar.header() });
      expectError(response, 403, 'FORBIDDEN', route.url);
    }
  });
});
