import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dispatchMail } from '@trx-shop/domain';
import { openSqliteStore } from '@trx-shop/store-sqlite';
import type { DevnetControl } from '@trx-shop/test-kit';
import type { RunningDevnet } from '@trx-shop/tron-devnet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMITTED_OPENAPI_URL } from '../docs/openapi-document.js';
import {
  createProduct,
  type Merchant,
  placeOrder,
  payRequest,
  registerShopper,
  type Shopper,
  SUN_PER_TRX,
  settleAndScan,
  startScanningShop,
} from '../shop/shop-fixtures.js';
import { commandActor, runCli } from '../support/cli-process.js';
import { json } from '../support/http.js';
import type { TestApp } from '../support/test-app.js';
import { insertOrder } from './admin-fixtures.js';

/*
 * docs/api.md, "Audit trail": every admin action is recorded. The admin write operations are read
 * from the generated OpenAPI document (every non-GET operation an admin, or an admin's API key,
 * may call), never listed here: a new one without a way to perform it below, or without an audit
 * entry, fails. Each is performed (by API key where the document grants one a scope), and its
 * entry is found in GET /api/admin/audit with the caller and the request's address. Then every
 * CLI command of the root package.json runs as a real child process and is found in the store.
 */

interface Operation {
  readonly method: string;
  readonly path: string;
  readonly operationId: string;
  /** The scope an API key needs on it; null when only a signed-in admin may call it. */
  readonly apiKeyScope: string | null;
}

interface OpenApiOperation {
  readonly operationId?: string;
  readonly description?: string;
  readonly security?: readonly Record<string, unknown>[];
  readonly 'x-error-codes'?: Readonly<Record<string, readonly string[]>>;
}

/**
 * An admin's operation answers 403 FORBIDDEN to anyone else ("an admin route for a non-admin");
 * one an API key may call names the key in its security and its scope in its description.
 */
const adminWriteOperations = (document: unknown): Operation[] => {
  const paths = (document as { paths: Record<string, Record<string, OpenApiOperation>> }).paths;
  return Object.entries(paths).flatMap(([path, operations]) =>
    Object.entries(operations)
      .filter(([method]) => !['get', 'head', 'options', 'parameters'].includes(method))
      .filter(
        ([, operation]) =>
          (operation['x-error-codes']?.['403'] ?? []).includes('FORBIDDEN') ||
          (operation.security ?? []).some((scheme) => 'apiKeyHeader' in scheme),
      )
      .map(([method, operation]) => ({
        method: method.toUpperCase(),
        path,
        operationId: operation.operationId ?? `${method} ${path}`,
        apiKeyScope: /API key scope: `([^`]+)`/.exec(operation.description ?? '')?.[1] ?? null,
      })),
  );
};

const OPERATIONS = adminWriteOperations(JSON.parse(readFileSync(COMMITTED_OPENAPI_URL, 'utf8')));

/** The commands of the root package.json that run a CLI of the api package. */
const CLI_COMMANDS = Object.entries(
  (
    JSON.parse(readFileSync(new URL('../../../../package.json', import.meta.url), 'utf8')) as {
      scripts: Record<string, string>;
    }
  ).scripts,
)
  .map(([command, script]) => [command, /packages\/api\/dist\/cli\/([a-z-]+)\.js/.exec(script)?.[1]] as const)
  .filter((entry): entry is readonly [string, string] => entry[1] !== undefined);

/** Where the admin's requests come from: the entries must name it. */
const ADMIN_ADDRESS = '198.51.100.7';

let node: RunningDevnet;
let h: TestApp;
let devnet: DevnetControl;
let merchant: Merchant;
let shopper: Shopper;
let productId: string;
let sessionId: string;

beforeAll(async () => {
  ({ node, h, devnet, merchant } = await startScanningShop());
  shopper = await registerShopper(h);
  await devnet.fundSolid(shopper.address, 100 * SUN_PER_TRX);
  productId = await createProduct(h, merchant.admin, { price: 3, stock: 100 });
  const sessions = json(await h.app.inject({ url: '/api/sessions', headers: merchant.admin.jar.header() }))
    .sessions as { _id: string; current: boolean }[];
  sessionId = sessions.find((session) => session.current)?._id ?? '';
}, 60_000);
afterAll(async () => {
  await h.close();
  await node.stop();
});

/** Path parameters (by the document's names) and body of one performance of an operation. */
interface Call {
  readonly params?: Readonly<Record<string, string>>;
  readonly body?: object;
}

/** How to perform an operation (its setup happens before the audit trail is looked at), and its entry's action. */
interface Recipe {
  readonly action: string;
  readonly prepare: () => Promise<Call>;
}

const asAdmin = (method: 'POST' | 'PATCH', url: string, payload?: object) =>
  h.app.inject({ method, url, headers: merchant.admin.jar.header(), ...(payload ? { payload } : {}) });

const newWebhook = async (): Promise<string> =>
  (
    json(await asAdmin('POST', '/api/admin/webhooks', { url: 'http://127.0.0.1:9/hook' })).webhook as {
      _id: string;
    }
  )._id;

/** A completed order paid through the service: the merchant's wallet holds its payment. */
const paidOrder = async (): Promise<string> => {
  const order = await placeOrder(h, shopper, [{ productId, quantity: 2 }]);
  expect((await payRequest(h, shopper, order._id)).statusCode).toBe(200);
  await settleAndScan(h, devnet);
  return order._id;
};

const RECIPES: Readonly<Record<string, Recipe>> = {
  createProduct: {
    action: 'product.created',
    prepare: async () => ({ body: { name: 'Audited', price: 2, category: 'digital', stock: 1 } }),
  },
  updateProduct: {
    action: 'product.updated',
    prepare: async () => ({
      params: { id: await createProduct(h, merchant.admin, { price: 1 }) },
      body: { price: 4.5 },
    }),
  },
  archiveProduct: {
    action: 'product.archived',
    prepare: async () => ({ params: { id: await createProduct(h, merchant.admin, { price: 1 }) } }),
  },
  overrideOrderStatus: {
    action: 'order.status_overridden',
    prepare: async () => ({
      params: { id: (await insertOrder(h, 'pending')).id },
      body: { status: 'completed' },
    }),
  },
  overrideOrderStatusLegacy: {
    action: 'order.status_overridden',
    prepare: async () => ({
      params: { id: (await insertOrder(h, 'pending')).id },
      body: { status: 'completed' },
    }),
  },
  refundOrder: {
    action: 'refund.sent',
    prepare: async () => ({ params: { id: await paidOrder() }, body: { amount: 1, reason: 'audited' } }),
  },
  verifyOrderPayment: {
    action: 'payment.confirmed',
    prepare: async () => {
      const order = await placeOrder(h, shopper, [{ productId, quantity: 1 }]);
      const { txId } = await devnet.fund(merchant.address, Math.round(order.total * SUN_PER_TRX));
      await settleAndScan(h, devnet);
      return { params: { id: order._id }, body: { txHash: txId } };
    },
  },
  setCustomerActive: {
    action: 'customer.blocked',
    prepare: async () => ({ params: { id: (await registerShopper(h)).userId }, body: { isActive: false } }),
  },
  exportCustomers: { action: 'customers.exported', prepare: async () => ({}) },
  runReconciliation: {
    action: 'reconciliation.completed',
    prepare: async () => ({ body: { allWallets: true } }),
  },
  createWebhook: {
    action: 'webhook.created',
    prepare: async () => ({ body: { url: 'http://127.0.0.1:9/created', events: ['api_key.created'] } }),
  },
  updateWebhook: {
    action: 'webhook.updated',
    prepare: async () => ({ params: { id: await newWebhook() }, body: { description: 'ERP' } }),
  },
  deleteWebhook: { action: 'webhook.deleted', prepare: async () => ({ params: { id: await newWebhook() } }) },
  rotateWebhookSecret: {
    action: 'webhook.secret_rotated',
    prepare: async () => ({ params: { id: await newWebhook() } }),
  },
  pingWebhook: { action: 'webhook.pinged', prepare: async () => ({ params: { id: await newWebhook() } }) },
  redeliverWebhookDelivery: {
    action: 'webhook.redelivered',
    prepare: async () => {
      const id = await newWebhook();
      const ping = json(await asAdmin('POST', `/api/admin/webhooks/${id}/ping`)).delivery as { _id: string };
      return { params: { id, deliveryId: ping._id } };
    },
  },
  createApiKey: {
    action: 'api_key.created',
    prepare: async () => ({ body: { name: 'Audited key', scopes: ['stats:read'] } }),
  },
  revokeApiKey: {
    action: 'api_key.revoked',
    prepare: async () => {
      const made = await asAdmin('POST', '/api/admin/api-keys', {
        name: 'To revoke',
        scopes: ['stats:read'],
      });
      return { params: { id: (json(made).apiKey as { _id: string })._id } };
    },
  },
  sendTestMail: { action: 'mail.test_requested', prepare: async () => ({}) },
  retryMailMessage: {
    action: 'mail.retried',
    prepare: async () => {
      const queued = json(await asAdmin('POST', '/api/admin/mail/test')).message as { id: string };
      // The relay refuses it for good: the mail is failed, the only state a retry takes.
      await dispatchMail(
        {
          store: h.store,
          mailer: { send: async () => ({ ok: false, permanent: true, error: '550 refused' }) },
          vault: h.vault,
          clock: h.clock,
          logger: { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} },
          shop: { name: 'TRX Shop', publicUrl: 'https://shop.example' },
        },
        { retrySchedule: [] },
        { holder: 'audit-test', claimMs: 30_000 },
        100,
      );
      return { params: { id: encodeURIComponent(queued.id) } };
    },
  },
};

interface AuditEntry {
  readonly action: string;
  readonly actor: Record<string, unknown>;
  readonly target: { type: string; id: string | null };
  readonly after: Record<string, unknown> | null;
}

const auditSince = async (since: Date): Promise<AuditEntry[]> => {
  await h.frames();
  const answer = await h.app.inject({
    url: `/api/admin/audit?from=${since.toISOString()}&limit=100`,
    headers: merchant.admin.jar.header(),
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return json(answer).entries as AuditEntry[];
};

/** A key of the merchant admin holding one scope: the caller of the operations a key may perform. */
const keyFor = async (scope: string) => {
  const made = json(
    await asAdmin('POST', '/api/admin/api-keys', { name: `Audit ${scope}`, scopes: [scope] }),
  );
  const key = made.apiKey as { _id: string };
  return {
    headers: { 'x-api-key': made.key as string },
    actor: {
      kind: 'admin',
      id: merchant.admin.userId,
      sessionId: `api-key:${key._id}`,
      address: ADMIN_ADDRESS,
    },
  };
};

describe('the audit trail holds every admin write operation of the OpenAPI document', () => {
  it('finds them in the document, the actions docs/api.md names among them', async () => {
    expect(OPERATIONS.map((operation) => operation.operationId)).toEqual(
      expect.arrayContaining([
        'createApiKey',
        'revokeApiKey',
        'runReconciliation',
        'createProduct',
        'refundOrder',
      ]),
    );
    // The committed document is the app's: a route added without exporting it is found too.
    expect(adminWriteOperations(h.app.swagger())).toEqual(OPERATIONS);
  });

  it.each(OPERATIONS.map((operation) => [operation.operationId, operation] as const))(
    'records %s with the admin who called it and where from',
    async (operationId, operation) => {
      const recipe = RECIPES[operationId];
      if (!recipe)
        throw new Error(`no way to perform ${operationId} here: add a recipe (and its audit entry)`);
      const call = await recipe.prepare();
      const caller = operation.apiKeyScope
        ? await keyFor(operation.apiKeyScope)
        : {
            headers: merchant.admin.jar.header(),
            actor: { kind: 'admin', id: merchant.admin.userId, sessionId, address: ADMIN_ADDRESS },
          };
      const since = h.clock.advance(1_000);

      const url = operation.path.replace(/\{(\w+)\}/g, (_match, name: string) => call.params?.[name] ?? '');
      const answer = await h.app.inject({
        method: operation.method as 'POST',
        url,
        headers: caller.headers,
        remoteAddress: ADMIN_ADDRESS,
        ...(call.body ? { payload: call.body } : {}),
      });
      expect(answer.statusCode, answer.body).toBeLessThan(300);

      const entries = await auditSince(since);
      expect(entries.map((entry) => entry.action)).toContain(recipe.action);
      for (const entry of entries) {
        expect(entry.actor).toMatchObject(caller.actor);
        expect(entry.actor.label).toContain(merchant.admin.email);
      }
    },
    60_000,
  );
});

describe('the audit trail holds every CLI command that writes', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'trx-shop-audit-cli-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  /** Each command's run (in this order: the first makes the store the others use) and its entry. */
  const COMMANDS: readonly { command: string; args: readonly string[]; stdin?: string; action: string }[] = [
    {
      command: 'admin:create',
      args: ['--email', 'cli-audit@shop.test'],
      stdin: 'a long password\n',
      action: 'admin.created',
    },
    { command: 'keys:rotate', args: [], action: 'keys.rotated' },
    { command: 'reconcile', args: ['--all-wallets'], action: 'reconciliation.completed' },
  ];

  it('knows how to run every command of package.json', () => {
    expect(CLI_COMMANDS.map(([command]) => command).sort()).toEqual(
      COMMANDS.map(({ command }) => command).sort(),
    );
  });

  it.each(COMMANDS.map((run) => [run.command, run] as const))(
    'records pnpm %s with the command, the OS user and the host, and its result',
    async (command, run) => {
      const script = CLI_COMMANDS.find(([name]) => name === command)?.[1] ?? '';
      const ran = await runCli(
        script,
        run.args,
        { DATA_DIR: dataDir, TRON_FULL_HOST: node.url },
        run.stdin ?? '',
      );
      expect(ran.code, ran.stderr).toBe(0);

      const store = await openSqliteStore({ filename: join(dataDir, 'trx-shop.sqlite') });
      try {
        const entries = (await store.eventLog.listAudit({ action: run.action }, { page: 1, limit: 10 }))
          .items;
        expect(entries.map((event) => event.actor)).toEqual([commandActor(command)]);
        const admin = await store.users.findByEmail('cli-audit@shop.test');
        if (command === 'admin:create') {
          expect(entries[0]?.subjects.userId).toBe(admin?.id);
          expect(entries[0]?.payload).toMatchObject({
            email: 'cli-audit@shop.test',
            walletAddress: admin?.wallet.address,
          });
        }
        if (command === 'reconcile') {
          const report = await store.reconciliation.latestReport();
          expect(entries[0]?.payload).toMatchObject({
            reportId: report?.id,
            ok: true,
            discrepancies: 0,
            allWallets: true,
          });
        }
      } finally {
        await store.close();
      }
    },
    60_000,
  );
});
