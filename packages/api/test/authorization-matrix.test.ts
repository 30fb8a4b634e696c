import { openLetter } from '@trx-shop/domain';
import { buildTransaction } from '@trx-shop/store-contract';
import type { RunningDevnet } from '@trx-shop/tron-devnet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAdmin, loginAdmin } from './admin/admin-fixtures.js';
import { createProduct, registerShopper, type Shopper } from './shop/shop-fixtures.js';
import { SCOPES, type Scope } from './support/api-key-scopes.js';
import { json, type LoggedIn } from './support/http.js';
import { createTestApp, startTestDevnet, type TestApp } from './support/test-app.js';

/*
 * Issue 16, item 7: the authorization matrix. Every operation of the OpenAPI document has a row
 * here; the test calls each one anonymously, as a plain user (the owner, for owner-scoped
 * resources), as another user, as a blocked user, as an admin, and with two API keys of an admin
 * (issue 22): one holding exactly the scope the row names, sent as a Bearer token, and one holding
 * every other scope, sent as X-API-Key; and asserts the class of answer. A key with the right scope
 * answers as its admin would; any other key is refused (403) wherever a signed-in caller is needed;
 * on a public operation a key changes nothing. An operation without a row fails the test, so a new
 * route cannot skip it.
 */

type Caller = 'anonymous' | 'owner' | 'other' | 'blocked' | 'admin' | 'key' | 'wrongKey';
type PersonCaller = Exclude<Caller, 'key' | 'wrongKey'>;
/** '2xx'; the status of a refusal; or 'allowed': past authorization (a business rule may still say no). */
type Outcome = '2xx' | 401 | 403 | 404 | 'allowed';
type Expectations = Readonly<Record<PersonCaller, Outcome>>;

const PUBLIC: Expectations = { anonymous: '2xx', owner: '2xx', other: '2xx', blocked: '2xx', admin: '2xx' };
const SIGNED_IN: Expectations = { anonymous: 401, owner: '2xx', other: '2xx', blocked: 403, admin: '2xx' };
const ADMIN_ONLY: Expectations = { anonymous: 401, owner: 403, other: 403, blocked: 403, admin: '2xx' };
/** Another user's resource answers as missing, so ids cannot be probed. */
const OWNER_ONLY: Expectations = { anonymous: 401, owner: '2xx', other: 404, blocked: 403, admin: 404 };

/** What one row's request needs: the world of the row and the caller. */
interface Scene {
  readonly owner: Shopper;
  readonly productId: string;
  readonly orderId: string;
  readonly ownerSessionId: string;
  readonly ownerTransactionId: string;
  /** The person acting: for a key, the admin who made it. */
  readonly caller: LoggedIn | null;
  readonly headers: Record<string, string>;
}

interface Row {
  readonly expect: Expectations;
  /** Path parameters, query string and body for the request; the default is none. */
  readonly request?: (
    scene: Scene,
  ) =>
    | { readonly id?: string; readonly query?: string; readonly body?: unknown }
    | Promise<{ readonly id?: string; readonly query?: string; readonly body?: unknown }>;
  /** The scope an API key needs here; absent: no key may call it. */
  readonly apiKey?: Scope;
  /** What a refused key gets where that is not 403 (a route that reads only a cookie). */
  readonly refusedKey?: Outcome;
  /** Why this row is not called over HTTP (printed). */
  readonly notCalled?: string;
}

const TRON_ADDRESS = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';
const newPassword = 'another password 42';

/** An id no webhook endpoint (or delivery), API key or reconciliation run has. */
const NO_WEBHOOK = 'ab'.repeat(12);

const MATRIX: Readonly<Record<string, Row>> = {
  'GET /api/health': { expect: PUBLIC },
  'GET /api/health/live': { expect: PUBLIC },
  'GET /api/health/ready': { expect: PUBLIC },
  'POST /api/auth/register': {
    expect: PUBLIC,
    request: () => {
      const tag = Math.random().toString(36).slice(2, 10);
      return {
        body: {
          email: `m-${tag}@example.com`,
          username: `m_${tag}`,
          password: 'pass word 12',
          passwordConfirm: 'pass word 12',
        },
      };
    },
  },
  'POST /api/auth/login': {
    // Login is open; a blocked account is refused by the rule of the account, not by the caller.
    expect: PUBLIC,
    request: ({ owner }) => ({ body: { email: owner.email, password: owner.password } }),
  },
  // Open to anyone, and the same for every address: a new one each call stays under its own limit.
  'POST /api/auth/password/forgot': {
    expect: PUBLIC,
    request: () => ({ body: { email: `forgot-${Math.random().toString(36).slice(2, 10)}@example.com` } }),
  },
  // Whoever holds a mailed token: a fresh account's, read from the mail it queued.
  'POST /api/auth/password/reset': {
    expect: PUBLIC,
    request: async () => {
      const shopper = await registerShopper(h);
      await h.app.inject({
        method: 'POST',
        url: '/api/auth/password/forgot',
        payload: { email: shopper.email },
      });
      const mail = (await h.store.mail.listMessages({}, { page: 1, limit: 100 })).items.find(
        (message) => message.userId === shopper.userId && message.template === 'password-reset',
      );
      const letter = await openLetter(h.vault, mail?.id ?? '', mail?.sealed ?? '');
      const token = letter.content.template === 'password-reset' ? letter.content.token : '';
      return { body: { token, password: newPassword, passwordConfirm: newPassword } };
    },
  },
  // Whoever holds a mailed verification token: a fresh shopper's, read from its registration mail.
  'POST /api/auth/email/verify': {
    expect: PUBLIC,
    request: async () => {
      const shopper = await registerShopper(h);
      const mail = (await h.store.mail.listMessages({}, { page: 1, limit: 100 })).items.find(
        (message) => message.userId === shopper.userId && message.template === 'email-verification',
      );
      const letter = await openLetter(h.vault, mail?.id ?? '', mail?.sealed ?? '');
      return {
        body: { token: letter.content.template === 'email-verification' ? letter.content.token : '' },
      };
    },
  },
  'POST /api/auth/email/resend': { expect: SIGNED_IN },
  'GET /api/auth/profile': { expect: SIGNED_IN },
  // These read the refresh cookie alone: a key is no cookie, so 401 as for anyone without one.
  'POST /api/auth/refresh': { expect: SIGNED_IN, refusedKey: 401 },
  'POST /api/auth/refresh-token': { expect: SIGNED_IN, refusedKey: 401 },
  // Apps without cookies: open like login; what counts is the account named (or the token sent).
  'POST /api/auth/tokens': {
    expect: PUBLIC,
    request: ({ owner }) => ({ body: { email: owner.email, password: owner.password } }),
  },
  'POST /api/auth/tokens/refresh': {
    expect: PUBLIC,
    request: async ({ owner }) => {
      const created = await h.app.inject({
        method: 'POST',
        url: '/api/auth/tokens',
        payload: { email: owner.email, password: owner.password },
      });
      return { body: { refreshToken: json(created).refreshToken } };
    },
  },
  // Logout always answers 200: a client must always be able to drop its cookies.
  'POST /api/auth/logout': { expect: PUBLIC },
  'GET /api/users/profile': { expect: SIGNED_IN },
  'GET /api/users/mail-preferences': { expect: SIGNED_IN },
  'PUT /api/users/mail-preferences': { expect: SIGNED_IN, request: () => ({ body: { receipts: true } }) },
  'PUT /api/users/profile': { expect: SIGNED_IN, request: () => ({ body: { phone: '+49 30 1234' } }) },
  'PATCH /api/users/profile': { expect: SIGNED_IN, request: () => ({ body: { country: 'DE' } }) },
  'PUT /api/users/password': {
    expect: SIGNED_IN,
    request: ({ caller }) => ({ body: { currentPassword: caller?.password ?? 'x', newPassword } }),
  },
  'PATCH /api/users/password': {
    expect: SIGNED_IN,
    request: ({ caller }) => ({ body: { currentPassword: caller?.password ?? 'x', newPassword } }),
  },
  'POST /api/users/wallet/connect': {
    expect: SIGNED_IN,
    request: () => ({ body: { walletAddress: TRON_ADDRESS } }),
  },
  'POST /api/users/connect-wallet': {
    expect: SIGNED_IN,
    request: () => ({ body: { walletAddress: TRON_ADDRESS } }),
  },
  'GET /api/sessions': { expect: SIGNED_IN },
  'DELETE /api/sessions/{id}': {
    expect: OWNER_ONLY,
    request: ({ ownerSessionId }) => ({ id: ownerSessionId }),
  },
  'POST /api/security/2fa/enable': {
    expect: SIGNED_IN,
    request: ({ caller }) => ({ body: { password: caller?.password ?? 'x' } }),
  },
  // A code nobody can know: past authorization the answer is 400 INVALID_TWO_FACTOR_CODE.
  'POST /api/security/2fa/verify': {
    expect: { ...SIGNED_IN, owner: 'allowed', other: 'allowed', admin: 'allowed' },
    request: () => ({ body: { code: '000000' } }),
  },
  'POST /api/security/2fa/disable': {
    expect: { ...SIGNED_IN, owner: 'allowed', other: 'allowed', admin: 'allowed' },
    request: ({ caller }) => ({ body: { code: '000000', password: caller?.password ?? 'x' } }),
  },
  'GET /api/shop/currencies': { expect: PUBLIC },
  'GET /api/products': { expect: PUBLIC },
  'GET /api/products/{id}': { expect: PUBLIC, request: ({ productId }) => ({ id: productId }) },
  'GET /api/admin/products': { apiKey: 'products:write', expect: ADMIN_ONLY },
  'GET /api/admin/products/{id}': {
    apiKey: 'products:write',
    expect: ADMIN_ONLY,
    request: ({ productId }) => ({ id: productId }),
  },
  'POST /api/admin/products': {
    apiKey: 'products:write',
    expect: ADMIN_ONLY,
    request: () => ({ body: { name: 'Matrix product', price: 1, category: 'digital', stock: 1 } }),
  },
  'PATCH /api/admin/products/{id}': {
    apiKey: 'products:write',
    expect: ADMIN_ONLY,
    request: ({ productId }) => ({ id: productId, body: { stock: 50 } }),
  },
  'DELETE /api/admin/products/{id}': {
    apiKey: 'products:write',
    expect: ADMIN_ONLY,
    request: ({ productId }) => ({ id: productId }),
  },
  'POST /api/orders': {
    expect: SIGNED_IN,
    request: async ({ owner, orderId, productId }) => {
      // The owner's one pending order would answer 409: cancel it first.
      await h.app.inject({
        method: 'POST',
        url: `/api/orders/${orderId}/cancel`,
        headers: owner.jar.header(),
      });
      return { body: { products: [{ productId, quantity: 1 }] } };
    },
  },
  // Prices are public, like the catalogue: a quote needs no one.
  'POST /api/orders/quote': {
    expect: PUBLIC,
    request: ({ productId }) => ({ body: { products: [{ productId, quantity: 1 }] } }),
  },
  'GET /api/orders': { expect: SIGNED_IN },
  // Admins read any order.
  'GET /api/orders/{id}': {
    expect: { ...OWNER_ONLY, admin: '2xx' },
    request: ({ orderId }) => ({ id: orderId }),
  },
  'POST /api/orders/{id}/cancel': { expect: OWNER_ONLY, request: ({ orderId }) => ({ id: orderId }) },
  // Paying another user's order is 403 NOT_ORDER_OWNER (the specification's rule); the owner's
  // wallet is not funded, so past authorization the answer is 400 INSUFFICIENT_BALANCE.
  'POST /api/orders/{id}/pay': {
    expect: { anonymous: 401, owner: 'allowed', other: 403, blocked: 403, admin: 403 },
    request: ({ orderId }) => ({ id: orderId }),
  },
  'GET /api/transactions': { expect: SIGNED_IN },
  'GET /api/transactions/{id}': {
    expect: OWNER_ONLY,
    request: ({ ownerTransactionId }) => ({ id: ownerTransactionId }),
  },
  'GET /api/wallets/balance': { expect: SIGNED_IN },
  // A payment estimate: admins pay no orders, so theirs is refused (a withdrawal's is not).
  'GET /api/wallets/fee-estimate': {
    expect: { ...SIGNED_IN, admin: 403 },
    request: () => ({ query: 'amount=1' }),
  },
  // Unfunded wallets: past authorization the answer is 400 INSUFFICIENT_BALANCE.
  'POST /api/wallets/send': {
    expect: { ...SIGNED_IN, owner: 'allowed', other: 'allowed', admin: 'allowed' },
    request: () => ({ body: { toAddress: TRON_ADDRESS, amount: 1 } }),
  },
  'GET /api/admin/sales': { apiKey: 'orders:read', expect: ADMIN_ONLY },
  'GET /api/admin/sales/export': { apiKey: 'orders:read', expect: ADMIN_ONLY },
  'GET /api/admin/ledger': { apiKey: 'ledger:read', expect: ADMIN_ONLY },
  'GET /api/admin/ledger/export': { apiKey: 'ledger:read', expect: ADMIN_ONLY },
  // Rows run in this order, so no reconciliation has run yet: past authorization, 404 RECONCILIATION_NOT_RUN.
  'GET /api/admin/reconciliation': { apiKey: 'ledger:read', expect: { ...ADMIN_ONLY, admin: 404 } },
  'POST /api/admin/reconciliation': { expect: ADMIN_ONLY },
  'GET /api/admin/reconciliation/runs': { apiKey: 'ledger:read', expect: ADMIN_ONLY },
  // A run nobody made: past authorization, 404 RECONCILIATION_RUN_NOT_FOUND.
  'GET /api/admin/reconciliation/runs/{id}': {
    apiKey: 'ledger:read',
    expect: { ...ADMIN_ONLY, admin: 404 },
    request: () => ({ id: NO_WEBHOOK }),
  },
  'POST /api/admin/webhooks': {
    apiKey: 'webhooks:write',
    expect: ADMIN_ONLY,
    request: () => ({ body: { url: 'http://127.0.0.1:9/matrix-hook' } }),
  },
  'GET /api/admin/webhooks': { apiKey: 'webhooks:write', expect: ADMIN_ONLY },
  'GET /api/admin/audit': { expect: ADMIN_ONLY },
  'POST /api/admin/api-keys': {
    expect: ADMIN_ONLY,
    request: () => ({ body: { name: 'Matrix key', scopes: ['orders:read'] } }),
  },
  'GET /api/admin/api-keys': { expect: ADMIN_ONLY },
  // A key nobody made: past authorization, 404 API_KEY_NOT_FOUND.
  'DELETE /api/admin/api-keys/{id}': {
    expect: { ...ADMIN_ONLY, admin: 404 },
    request: () => ({ id: NO_WEBHOOK }),
  },
  'GET /api/admin/orders/{id}/history': {
    apiKey: 'orders:read',
    expect: ADMIN_ONLY,
    request: ({ orderId }) => ({ id: orderId }),
  },
  // An endpoint nobody made: past authorization, 404 WEBHOOK_NOT_FOUND.
  'GET /api/admin/webhooks/{id}': {
    apiKey: 'webhooks:write',
    expect: { ...ADMIN_ONLY, admin: 404 },
    request: () => ({ id: NO_WEBHOOK }),
  },
  'PATCH /api/admin/webhooks/{id}': {
    apiKey: 'webhooks:write',
    expect: { ...ADMIN_ONLY, admin: 404 },
    request: () => ({ id: NO_WEBHOOK, body: { enabled: false } }),
  },
  'DELETE /api/admin/webhooks/{id}': {
    apiKey: 'webhooks:write',
    expect: { ...ADMIN_ONLY, admin: 404 },
    request: () => ({ id: NO_WEBHOOK }),
  },
  'POST /api/admin/webhooks/{id}/rotate-secret': {
    apiKey: 'webhooks:write',
    expect: { ...ADMIN_ONLY, admin: 404 },
    request: () => ({ id: NO_WEBHOOK }),
  },
  'POST /api/admin/webhooks/{id}/ping': {
    apiKey: 'webhooks:write',
    expect: { ...ADMIN_ONLY, admin: 404 },
    request: () => ({ id: NO_WEBHOOK }),
  },
  'GET /api/admin/webhooks/{id}/deliveries': {
    apiKey: 'webhooks:write',
    expect: { ...ADMIN_ONLY, admin: 404 },
    request: () => ({ id: NO_WEBHOOK }),
  },
  'POST /api/admin/webhooks/{id}/deliveries/{deliveryId}/redeliver': {
    apiKey: 'webhooks:write',
    expect: { ...ADMIN_ONLY, admin: 404 },
    request: () => ({ id: NO_WEBHOOK }),
  },
  // The test app runs without SMTP_URL outside production: the embedded mailbox is in use.
  'GET /api/admin/mail': { apiKey: 'mail:read', expect: ADMIN_ONLY },
  // A message nobody queued: past authorization, 404 MAIL_MESSAGE_NOT_FOUND.
  'POST /api/admin/mail/{id}/retry': {
    apiKey: 'mail:write',
    expect: { ...ADMIN_ONLY, admin: 404 },
    request: () => ({ id: NO_WEBHOOK }),
  },
  'POST /api/admin/mail/test': { apiKey: 'mail:write', expect: ADMIN_ONLY },
  'GET /api/admin/mailbox': { apiKey: 'mail:read', expect: ADMIN_ONLY },
  'GET /api/admin/mailbox/{messageId}': {
    apiKey: 'mail:read',
    expect: { ...ADMIN_ONLY, admin: 404 },
  },
  'PATCH /api/orders/{id}/status': {
    apiKey: 'orders:write',
    expect: ADMIN_ONLY,
    request: ({ orderId }) => ({ id: orderId, body: { status: 'completed' } }),
  },
  'PATCH /api/admin/orders/{id}/status': {
    apiKey: 'orders:write',
    expect: ADMIN_ONLY,
    request: ({ orderId }) => ({ id: orderId, body: { status: 'completed' } }),
  },
  // A pending order: past authorization the answer is 400 ORDER_NOT_COMPLETED.
  'POST /api/admin/orders/{id}/refund': {
    apiKey: 'refunds:write',
    expect: { ...ADMIN_ONLY, admin: 'allowed' },
    request: ({ orderId }) => ({ id: orderId }),
  },
  'POST /api/admin/orders/{id}/verify-payment': {
    apiKey: 'orders:write',
    // The admin gets past authorization; the chain then knows no such transfer (400 TX_NOT_FOUND).
    expect: { ...ADMIN_ONLY, admin: 'allowed' },
    request: ({ orderId }) => ({ id: orderId, body: { txHash: 'ef'.repeat(32) } }),
  },
  'GET /api/admin/customers': { apiKey: 'customers:read', expect: ADMIN_ONLY },
  // The owner is a customer, so the admin finds them.
  'GET /api/admin/customers/{id}': {
    apiKey: 'customers:read',
    expect: ADMIN_ONLY,
    request: ({ owner }) => ({ id: owner.userId }),
  },
  'PATCH /api/admin/customers/{id}/block': {
    expect: ADMIN_ONLY,
    request: ({ owner }) => ({ id: owner.userId, body: { isActive: false } }),
  },
  'POST /api/admin/customers/export': { apiKey: 'customers:read', expect: ADMIN_ONLY },
  'GET /api/admin/stats': { apiKey: 'stats:read', expect: ADMIN_ONLY },
  'GET /api/ws': {
    expect: SIGNED_IN,
    notCalled:
      'a WebSocket upgrade, not a plain request; its authentication (4401) and room rules are tested in test/realtime',
  },
};

const CALLERS: readonly Caller[] = ['anonymous', 'owner', 'other', 'blocked', 'admin', 'key', 'wrongKey'];

/** What the two keys get: what the admin gets with the row's scope, else a refusal where a caller is needed. */
const expectationsOf = (row: Row): Readonly<Record<Caller, Outcome>> => {
  const publicOperation = row.expect.anonymous === '2xx';
  const refusedKey: Outcome = row.refusedKey ?? (publicOperation ? '2xx' : 403);
  return {
    ...row.expect,
    key: row.apiKey ? row.expect.admin : refusedKey,
    wrongKey: refusedKey,
  };
};

/** A key of the admin with the given scopes, made through the API as an integrator would. */
const createKey = async (admin: LoggedIn, scopes: readonly Scope[]): Promise<string> => {
  const created = await h.app.inject({
    method: 'POST',
    url: '/api/admin/api-keys',
    headers: admin.jar.header(),
    payload: { name: 'matrix', scopes },
  });
  expect(created.statusCode).toBe(201);
  return json(created).key as string;
};

let devnet: RunningDevnet;
let h: TestApp;
let operations: string[];

beforeAll(async () => {
  devnet = await startTestDevnet();
  h = await createTestApp({ devnet });
  const document = json(await h.app.inject({ url: '/api/docs/json' })) as { paths: Record<string, object> };
  operations = Object.entries(document.paths).flatMap(([path, item]) =>
    Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
  );
});
afterAll(async () => {
  await h.close();
  await devnet.stop();
});

/** A fresh world per cell: the callers' own sessions, an order and a transaction of the owner. */
const sceneFor = async (caller: Caller, row: Row): Promise<Scene> => {
  // A fresh admin too: some rows change the caller's password or end its session.
  const admin = await loginAdmin(h, (await insertAdmin(h)).user);
  const owner = await registerShopper(h);
  const productId = await createProduct(h, admin, { price: 1, stock: 100 });
  const created = await h.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: owner.jar.header(),
    payload: { products: [{ productId, quantity: 1 }] },
  });
  const orderId = (json(created).order as { _id: string })._id;
  const [session] = await h.store.sessions.listByUser(owner.userId);
  const transaction = buildTransaction({ userId: owner.userId, orderId });
  await h.store.transactions.insert(transaction);
  const callers: Record<PersonCaller, () => Promise<LoggedIn | null>> = {
    anonymous: async () => null,
    owner: async () => owner,
    other: () => registerShopper(h),
    blocked: async () => {
      const blocked = await registerShopper(h);
      await h.store.users.setActive(blocked.userId, false, h.clock.now());
      return blocked;
    },
    admin: async () => admin,
  };
  const world = {
    owner,
    productId,
    orderId,
    ownerSessionId: session?.id ?? '',
    ownerTransactionId: transaction.id,
  };
  if (caller === 'key') {
    // With no scope of its own the row takes no key: one holding every scope shows that.
    const key = await createKey(admin, row.apiKey ? [row.apiKey] : SCOPES);
    return { ...world, caller: admin, headers: { authorization: `Bearer ${key}` } };
  }
  if (caller === 'wrongKey') {
    const key = await createKey(
      admin,
      SCOPES.filter((scope) => scope !== row.apiKey),
    );
    return { ...world, caller: admin, headers: { 'x-api-key': key } };
  }
  const person = await callers[caller]();
  return { ...world, caller: person, headers: person ? person.jar.header() : {} };
};

const classOf = (status: number, outcome: Outcome): boolean => {
  if (outcome === '2xx') return status >= 200 && status < 300;
  if (outcome === 'allowed') return ![401, 403, 404].includes(status) && status < 500;
  return status === outcome;
};

describe('the authorization matrix', () => {
  it('has a row for every operation of the OpenAPI document, and no row for a missing one', () => {
    const missing = operations.filter((operation) => !(operation in MATRIX));
    expect(missing, 'operations without a row in the authorization matrix').toEqual([]);
    expect(Object.keys(MATRIX).filter((operation) => !operations.includes(operation))).toEqual([]);
  });

  for (const [operation, row] of Object.entries(MATRIX)) {
    const reason = row.notCalled;
    if (reason) {
      it(`${operation}: not called over plain HTTP`, () => {
        console.info(`authorization matrix: ${operation} is not called: ${reason}`);
        expect(reason.length).toBeGreaterThan(0);
      });
      continue;
    }
    const expected = expectationsOf(row);
    it(`${operation}: ${CALLERS.map((caller) => `${caller} ${expected[caller]}`).join(', ')}`, async () => {
      const [method, template] = operation.split(' ') as [string, string];
      const answers: Record<string, string> = {};
      for (const caller of CALLERS) {
        const scene = await sceneFor(caller, row);
        const { id, query, body } = (await row.request?.(scene)) ?? {};
        const path = template
          .replace('{id}', id ?? '')
          .replace('{deliveryId}', NO_WEBHOOK)
          .replace('{messageId}', NO_WEBHOOK);
        const url = query === undefined ? path : `${path}?${query}`;
        const response = await h.app.inject({
          method: method as 'GET',
          url,
          headers: scene.headers,
          ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
        });
        answers[caller] = classOf(response.statusCode, expected[caller])
          ? 'as expected'
          : `${response.statusCode} ${response.body.slice(0, 160)}`;
      }
      expect(answers).toEqual(Object.fromEntries(CALLERS.map((caller) => [caller, 'as expected'])));
    });
  }
});
