import type { RunningDevnet } from '@trx-shop/tron-devnet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAdmin, loginAdmin } from './admin/admin-fixtures.js';
import { createProduct, registerShopper } from './shop/shop-fixtures.js';
import { json, type LoggedIn } from './support/http.js';
import { createTestApp, startTestDevnet, type TestApp } from './support/test-app.js';

/*
 * Issue 14, item 6: write bodies are never silently ignored. Every write operation of the OpenAPI
 * document is sent its valid fields plus one it does not define, and must answer 400
 * VALIDATION_ERROR naming that field, changing nothing. Logout alone always answers 200. An
 * operation without a row here fails the test, so a new write route cannot skip it.
 */

const UNKNOWN = 'unexpectedField';

interface Scene {
  readonly caller: LoggedIn;
  readonly orderId: string;
  readonly productId: string;
  readonly sessionId: string;
  readonly customerId: string;
}

/** The route's valid fields (none for routes without a body), and who calls it. */
interface Row {
  readonly as: 'user' | 'admin' | 'anonymous';
  readonly valid?: (scene: Scene) => Record<string, unknown>;
  readonly id?: (scene: Scene) => string;
}

const WRITE_ROUTES: Readonly<Record<string, Row>> = {
  'POST /api/auth/register': {
    as: 'anonymous',
    valid: () => ({
      email: 'w@example.com',
      username: 'w_user',
      password: 'pass word 1',
      passwordConfirm: 'pass word 1',
    }),
  },
  'POST /api/auth/login': {
    as: 'anonymous',
    valid: ({ caller }) => ({ email: caller.email, password: caller.password }),
  },
  'POST /api/auth/tokens': {
    as: 'anonymous',
    valid: ({ caller }) => ({ email: caller.email, password: caller.password }),
  },
  'POST /api/auth/tokens/refresh': {
    as: 'anonymous',
    valid: ({ caller }) => ({ refreshToken: caller.refreshToken }),
  },
  'POST /api/auth/password/forgot': { as: 'anonymous', valid: ({ caller }) => ({ email: caller.email }) },
  'POST /api/auth/password/reset': {
    as: 'anonymous',
    valid: () => ({
      token: 'a'.repeat(43),
      password: 'a new password 1',
      passwordConfirm: 'a new password 1',
    }),
  },
  'POST /api/auth/refresh': { as: 'user' },
  'POST /api/auth/refresh-token': { as: 'user' },
  'POST /api/auth/email/verify': { as: 'anonymous', valid: () => ({ token: 'a'.repeat(43) }) },
  'POST /api/auth/email/resend': { as: 'user' },
  'PUT /api/users/profile': { as: 'user', valid: () => ({ phone: '+49 30 1234' }) },
  'PATCH /api/users/profile': { as: 'user', valid: () => ({ phone: '+49 30 1234' }) },
  'PUT /api/users/mail-preferences': { as: 'user', valid: () => ({ receipts: false }) },
  'PUT /api/users/password': {
    as: 'user',
    valid: ({ caller }) => ({ currentPassword: caller.password, newPassword: 'a new password 1' }),
  },
  'PATCH /api/users/password': {
    as: 'user',
    valid: ({ caller }) => ({ currentPassword: caller.password, newPassword: 'a new password 1' }),
  },
  'POST /api/users/wallet/connect': {
    as: 'user',
    valid: () => ({ walletAddress: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7' }),
  },
  'POST /api/users/connect-wallet': {
    as: 'user',
    valid: () => ({ walletAddress: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7' }),
  },
  'DELETE /api/sessions/{id}': { as: 'user', id: ({ sessionId }) => sessionId },
  'POST /api/security/2fa/enable': { as: 'user', valid: ({ caller }) => ({ password: caller.password }) },
  'POST /api/security/2fa/verify': { as: 'user', valid: () => ({ code: '123456' }) },
  'POST /api/security/2fa/disable': {
    as: 'user',
    valid: ({ caller }) => ({ code: '123456', password: caller.password }),
  },
  'POST /api/admin/products': {
    as: 'admin',
    valid: () => ({ name: 'Body test', price: 1, priceUsdt: 0.5, category: 'digital', stock: 1 }),
  },
  'PATCH /api/admin/products/{id}': {
    as: 'admin',
    id: ({ productId }) => productId,
    valid: () => ({ stock: 3, priceUsdt: null }),
  },
  'DELETE /api/admin/products/{id}': { as: 'admin', id: ({ productId }) => productId },
  'POST /api/orders': { as: 'user', valid: ({ productId }) => ({ products: [{ productId, quantity: 1 }] }) },
  'POST /api/orders/quote': {
    as: 'anonymous',
    valid: ({ productId }) => ({ products: [{ productId, quantity: 1 }] }),
  },
  'POST /api/orders/{id}/cancel': { as: 'user', id: ({ orderId }) => orderId },
  'POST /api/orders/{id}/pay': { as: 'user', id: ({ orderId }) => orderId },
  'POST /api/wallets/send': {
    as: 'user',
    valid: () => ({ toAddress: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7', amount: 1 }),
  },
  'PATCH /api/orders/{id}/status': {
    as: 'admin',
    id: ({ orderId }) => orderId,
    valid: () => ({ status: 'completed' }),
  },
  'PATCH /api/admin/orders/{id}/status': {
    as: 'admin',
    id: ({ orderId }) => orderId,
    valid: () => ({ status: 'completed' }),
  },
  'POST /api/admin/orders/{id}/refund': {
    as: 'admin',
    id: ({ orderId }) => orderId,
    valid: () => ({ amount: 1, reason: 'Body test' }),
  },
  'POST /api/admin/orders/{id}/verify-payment': {
    as: 'admin',
    id: ({ orderId }) => orderId,
    valid: () => ({ txHash: 'ef'.repeat(32) }),
  },
  'PATCH /api/admin/customers/{id}/block': {
    as: 'admin',
    id: ({ customerId }) => customerId,
    valid: () => ({ isActive: false }),
  },
  'POST /api/admin/customers/export': { as: 'admin' },
  'POST /api/admin/mail/test': { as: 'admin' },
  'POST /api/admin/mail/{id}/retry': { as: 'admin', id: () => 'no-such-message:test:nobody' },
  'POST /api/admin/reconciliation': { as: 'admin', valid: () => ({ allWallets: true }) },
  'POST /api/admin/webhooks': { as: 'admin', valid: () => ({ url: 'http://127.0.0.1:9/body-hook' }) },
  'POST /api/admin/api-keys': { as: 'admin', valid: () => ({ name: 'Body key', scopes: ['orders:read'] }) },
  'DELETE /api/admin/api-keys/{id}': { as: 'admin', id: () => NO_WEBHOOK },
  'PATCH /api/admin/webhooks/{id}': { as: 'admin', id: () => NO_WEBHOOK, valid: () => ({ enabled: false }) },
  'DELETE /api/admin/webhooks/{id}': { as: 'admin', id: () => NO_WEBHOOK },
  'POST /api/admin/webhooks/{id}/rotate-secret': { as: 'admin', id: () => NO_WEBHOOK },
  'POST /api/admin/webhooks/{id}/ping': { as: 'admin', id: () => NO_WEBHOOK },
  'POST /api/admin/webhooks/{id}/deliveries/{deliveryId}/redeliver': { as: 'admin', id: () => NO_WEBHOOK },
};

/** An id no webhook endpoint (or delivery) has: the body is refused before it is looked up. */
const NO_WEBHOOK = 'ab'.repeat(12);

const LOGOUT = 'POST /api/auth/logout';

let devnet: RunningDevnet;
let h: TestApp;
let writeOperations: string[];

beforeAll(async () => {
  devnet = await startTestDevnet();
  h = await createTestApp({ devnet });
  const document = json(await h.app.inject({ url: '/api/docs/json' })) as { paths: Record<string, object> };
  writeOperations = Object.entries(document.paths).flatMap(([path, item]) =>
    Object.keys(item)
      .filter((method) => ['post', 'put', 'patch', 'delete'].includes(method))
      .map((method) => `${method.toUpperCase()} ${path}`),
  );
});
afterAll(async () => {
  await h.close();
  await devnet.stop();
});

const sceneFor = async (as: Row['as']): Promise<Scene> => {
  const admin = await loginAdmin(h, (await insertAdmin(h)).user);
  const owner = await registerShopper(h);
  const productId = await createProduct(h, admin, { price: 1, stock: 10 });
  const placed = await h.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: owner.jar.header(),
    payload: { products: [{ productId, quantity: 1 }] },
  });
  const orderId = (json(placed).order as { _id: string })._id;
  const [session] = await h.store.sessions.listByUser(owner.userId);
  return {
    caller: as === 'admin' ? admin : owner,
    orderId,
    productId,
    sessionId: session?.id ?? '',
    customerId: owner.userId,
  };
};

describe('write bodies', () => {
  it('has a row for every write operation of the OpenAPI document', () => {
    expect(
      writeOperations.filter((operation) => operation !== LOGOUT && !(operation in WRITE_ROUTES)),
    ).toEqual([]);
    expect(Object.keys(WRITE_ROUTES).filter((operation) => !writeOperations.includes(operation))).toEqual([]);
  });

  for (const [operation, row] of Object.entries(WRITE_ROUTES)) {
    it(`${operation} refuses an unknown body field with 400 VALIDATION_ERROR naming it`, async () => {
      const scene = await sceneFor(row.as);
      const [method, template] = operation.split(' ') as [string, string];
      const orderBefore = await h.store.orders.findById(scene.orderId);
      const response = await h.app.inject({
        method: method as 'POST',
        url: template.replace('{id}', row.id?.(scene) ?? '').replace('{deliveryId}', NO_WEBHOOK),
        headers: row.as === 'anonymous' ? {} : scene.caller.jar.header(),
        payload: { ...(row.valid?.(scene) ?? {}), [UNKNOWN]: 1 },
      });
      expect(response.statusCode, response.body).toBe(400);
      const body = json(response);
      expect(body.code).toBe('VALIDATION_ERROR');
      expect(body.details).toEqual([expect.objectContaining({ field: UNKNOWN })]);
      // Nothing changed: the order this scene made is exactly as before.
      expect(await h.store.orders.findById(scene.orderId)).toEqual(orderBefore);
    });
  }

  it('refund: an amount with 7 decimals is refused, never rounded into another amount; nothing is sent', async () => {
    const scene = await sceneFor('admin');
    const response = await h.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${scene.orderId}/refund`,
      headers: scene.caller.jar.header(),
      payload: { amount: '1.0000001' },
    });
    expect(response.statusCode).toBe(400);
    expect(json(response).details).toEqual([expect.objectContaining({ field: 'amount' })]);
    expect((await h.store.orders.findById(scene.orderId))?.refunds).toEqual([]);
  });

  it('routes without a body still work with none and with {}', async () => {
    for (const payload of [undefined, {}]) {
      const scene = await sceneFor('user');
      const cancelled = await h.app.inject({
        method: 'POST',
        url: `/api/orders/${scene.orderId}/cancel`,
        headers: scene.caller.jar.header(),
        ...(payload === undefined ? {} : { payload }),
      });
      expect(cancelled.statusCode, cancelled.body).toBe(200);
    }
  });

  it('logout answers 200 whatever the body', async () => {
    const scene = await sceneFor('user');
    const response = await h.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: scene.caller.jar.header(),
      payload: { [UNKNOWN]: 1 },
    });
    expect(response.statusCode).toBe(200);
  });
});
