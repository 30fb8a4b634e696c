import type { RunningDevnet } from '@trx-shop/tron-devnet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, type LoggedIn, register } from '../support/http.js';
import { createTestApp, startTestDevnet, type TestApp } from '../support/test-app.js';
import { buyAndSettle, insertAdmin, insertOrder, loginAdmin } from './admin-fixtures.js';

/*
 * The audit trail and order timelines (docs/api.md, "Audit trail"): each admin action is recorded
 * with who did it, from which session, and what changed; records are read-only through the API.
 */

let devnet: RunningDevnet;
let h: TestApp;
let admin: LoggedIn;
let adminEmail: string;
let sessionId: string;

beforeAll(async () => {
  devnet = await startTestDevnet();
  h = await createTestApp({ devnet });
  const stored = await insertAdmin(h);
  adminEmail = stored.user.email;
  admin = await loginAdmin(h, stored.user);
  const sessions = json(await h.app.inject({ url: '/api/sessions', headers: admin.jar.header() }))
    .sessions as { _id: string; current: boolean }[];
  sessionId = sessions.find((session) => session.current)?._id ?? '';
  expect(sessionId).toMatch(/^[0-9a-f]{24}$/);
});
afterAll(async () => {
  await h.close();
  await devnet.stop();
});

/** The admin's client address: the audit trail records where each action came from. */
const ADMIN_ADDRESS = '198.51.100.23';

const as = (who: LoggedIn) => ({
  call: (method: 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT', url: string, body?: object) =>
    h.app.inject({
      method,
      url,
      headers: who.jar.header(),
      remoteAddress: ADMIN_ADDRESS,
      ...(body ? { payload: body } : {}),
    }),
});

interface AuditEntry {
  _id: string;
  at: string;
  actor: { kind: string; id: string | null; sessionId: string | null; label: string; address: string | null };
  action: string;
  target: { type: string; id: string | null };
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

const audit = async (query = '') => {
  await h.frames();
  const answer = await as(admin).call('GET', `/api/admin/audit${query}`);
  expect(answer.statusCode, answer.body).toBe(200);
  return json(answer) as { entries: AuditEntry[]; pagination: { total: number } };
};

describe('the audit trail', () => {
  it('records product, customer, webhook and order actions with the admin, the session, the address and what changed', async () => {
    const { call } = as(admin);
    const created = await call('POST', '/api/admin/products', {
      name: 'Audited',
      price: 3,
      category: 'digital',
      stock: 2,
    });
    const productId = (json(created).product as { _id: string })._id;
    h.clock.advance(1_000);
    await call('PATCH', `/api/admin/products/${productId}`, { price: 4.5, stock: 5 });
    h.clock.advance(1_000);
    await call('DELETE', `/api/admin/products/${productId}`);
    const customer = await register(h.app);
    h.clock.advance(1_000);
    await call('PATCH', `/api/admin/customers/${customer.userId}/block`, { isActive: false });
    const webhook = (
      json(await call('POST', '/api/admin/webhooks', { url: 'http://127.0.0.1:9/a' })).webhook as {
        _id: string;
      }
    )._id;
    h.clock.advance(1_000);
    await call('PATCH', `/api/admin/webhooks/${webhook}`, { description: 'ERP' });
    const order = await insertOrder(h, 'pending');
    h.clock.advance(1_000);
    const overridden = await call('PATCH', `/api/admin/orders/${order.id}/status`, { status: 'completed' });
    expect(overridden.statusCode, overridden.body).toBe(200);

    const { entries } = await audit('?limit=20');
    const actor = { kind: 'admin', id: admin.userId, sessionId, label: adminEmail, address: ADMIN_ADDRESS };
    expect(entries.map((entry) => [entry.action, entry.target])).toEqual([
      ['order.status_overridden', { type: 'order', id: order.id }],
      ['webhook.updated', { type: 'webhook', id: webhook }],
      ['webhook.created', { type: 'webhook', id: webhook }],
      ['customer.blocked', { type: 'customer', id: customer.userId }],
      ['product.archived', { type: 'product', id: productId }],
      ['product.updated', { type: 'product', id: productId }],
      ['product.created', { type: 'product', id: productId }],
    ]);
    expect(entries.every((entry) => JSON.stringify(entry.actor) === JSON.stringify(actor))).toBe(true);
    const byAction = Object.fromEntries(entries.map((entry) => [entry.action, entry]));
    expect(byAction['order.status_overridden']).toMatchObject({
      before: { status: 'pending' },
      after: { status: 'completed', transactionHash: null },
    });
    expect(byAction['product.updated']).toMatchObject({
      before: { price: '3', stock: 2 },
      after: { price: '4.5', stock: 5 },
    });
    expect(byAction['product.archived']).toMatchObject({
      before: { isActive: true },
      after: { isActive: false },
    });
    expect(byAction['customer.blocked']).toMatchObject({
      before: { isActive: true },
      after: { isActive: false },
    });
    expect(byAction['webhook.updated']).toMatchObject({
      before: { description: '' },
      after: { description: 'ERP' },
    });
    expect(byAction['product.created']).toMatchObject({
      before: null,
      after: { name: 'Audited', price: '3', category: 'digital', stock: 2, isActive: true },
    });
    // Newest first, one time per action.
    expect(entries.map((entry) => entry.at)).toEqual([...entries.map((entry) => entry.at)].sort().reverse());
  });

  it('records a refund with its amount and reason, and tells the order’s story oldest first', async () => {
    const { call } = as(admin);
    const product = json(
      await call('POST', '/api/admin/products', {
        name: 'Refunded',
        price: 4,
        category: 'digital',
        stock: 5,
      }),
    ).product as { _id: string };
    const { orderId } = await buyAndSettle(h, devnet.url, product._id, 2);
    const refunded = await call('POST', `/api/admin/orders/${orderId}/refund`, {
      amount: 1.5,
      reason: 'one dented',
    });
    expect(refunded.statusCode, refunded.body).toBe(200);

    const { entries } = await audit(`?target=${orderId}`);
    expect(entries).toEqual([
      expect.objectContaining({
        action: 'refund.sent',
        actor: expect.objectContaining({ id: admin.userId, sessionId }),
        target: { type: 'order', id: orderId },
        before: null,
        after: expect.objectContaining({ amount: '1.5', reason: 'one dented' }),
      }),
    ]);

    const history = await call('GET', `/api/admin/orders/${orderId}/history`);
    expect(history.statusCode, history.body).toBe(200);
    const timeline = json(history).history as {
      type: string;
      actor: { id: string } | null;
      sequence: number;
    }[];
    const types = timeline.map((entry) => entry.type);
    expect([...types].sort()).toEqual(
      [
        'order.created',
        'payment.sent',
        'payment.confirmed',
        'fee.recorded',
        'order.completed',
        'refund.sent',
      ].sort(),
    );
    // Causes come before their effects (events of the same instant may log in either order).
    const before = (first: string, then: string) =>
      expect(types.indexOf(first)).toBeLessThan(types.indexOf(then));
    before('order.created', 'payment.sent');
    before('payment.sent', 'payment.confirmed');
    before('payment.confirmed', 'order.completed');
    before('order.completed', 'refund.sent');
    expect(
      timeline.map((entry) => [entry.type, entry.actor?.id ?? null]).filter(([, id]) => id !== null),
    ).toEqual([['refund.sent', admin.userId]]);
    expect(timeline.map((entry) => entry.sequence)).toEqual(
      [...timeline.map((entry) => entry.sequence)].sort((a, b) => a - b),
    );
  });

  it('filters by actor, action and date range, and pages', async () => {
    const other = await loginAdmin(h, (await insertAdmin(h)).user);
    const start = h.clock.advance(60_000);
    await as(other).call('POST', '/api/admin/products', {
      name: 'By the other',
      price: 1,
      category: 'digital',
      stock: 1,
    });
    h.clock.advance(1_000);
    await as(admin).call('POST', '/api/admin/products', {
      name: 'By the first',
      price: 1,
      category: 'digital',
      stock: 1,
    });
    const end = h.clock.advance(1_000);

    const byOther = await audit(`?actor=${other.userId}`);
    expect(byOther.entries.map((entry) => [entry.action, entry.after?.name])).toEqual([
      ['product.created', 'By the other'],
    ]);
    const inRange = await audit(
      `?action=product.created&from=${start.toISOString()}&to=${end.toISOString()}`,
    );
    expect(inRange.entries.map((entry) => entry.after?.name)).toEqual(['By the first', 'By the other']);
    const toExclusive = await audit(
      `?action=product.created&from=${start.toISOString()}&to=${start.toISOString()}`,
    );
    expect(toExclusive.entries).toEqual([]);
    const paged = await audit('?limit=1&page=2');
    expect(paged.entries).toHaveLength(1);
    expect(paged.pagination.total).toBeGreaterThan(2);
  });

  it('refuses bad filters with 400, non-admins with 401/403, and offers no way to change a record', async () => {
    for (const query of ['?action=order.shipped', '?from=yesterday', '?actor=nope', '?target=1234']) {
      const refused = await as(admin).call('GET', `/api/admin/audit${query}`);
      expect(refused.statusCode, query).toBe(400);
      expect(json(refused).code).toBe('VALIDATION_ERROR');
    }
    expect((await h.app.inject({ url: '/api/admin/audit' })).statusCode).toBe(401);
    const customer = await register(h.app);
    expect((await as(customer).call('GET', '/api/admin/audit')).statusCode).toBe(403);
    expect((await as(customer).call('GET', `/api/admin/orders/${'ab'.repeat(12)}/history`)).statusCode).toBe(
      403,
    );
    expect((await as(admin).call('GET', `/api/admin/orders/${'ab'.repeat(12)}/history`)).statusCode).toBe(
      404,
    );

    const before = await audit('?limit=100');
    const first = before.entries[0]?._id ?? '';
    for (const method of ['DELETE', 'PATCH', 'PUT', 'POST'] as const) {
      for (const url of ['/api/admin/audit', `/api/admin/audit/${first}`]) {
        const answer = await as(admin).call(method, url, method === 'DELETE' ? undefined : { action: 'x' });
        expect([404, 405], `${method} ${url}`).toContain(answer.statusCode);
      }
    }
    expect(await audit('?limit=100')).toEqual(before);
  });
});
