// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Every operation an admin uses is reachable from a page of the admin app: the "nothing
 * the admin API offers needs curl", checked against the OpenAPI document itself.
 */

const DOCUMENT = fileURLToPath(new URL('../../../docs/openapi.json', import.meta.url));
const ADMIN_SOURCE = fileURLToPath(new URL('../src/admin', import.meta.url));
const SHARED_SOURCE = fileURLToPath(new URL('../src/shared', import.meta.url));

/**
 * Code both apps use lives under src/shared: a call made there counts for the admin feature
 * whose page imports it (the admin account page uses the account pieces the storefront shares).
 */
const SHARED_WITH: Readonly<Record<string, string>> = {
  'features/account/': '../shared/account/',
};

/** The page that offers each admin operation (its route under /admin). */
const PAGE_OF: Readonly<Record<string, string>> = {
  getDashboardStats: '/admin/',
  listSales: '/admin/orders',
  exportSales: '/admin/orders',
  getOrderHistory: '/admin/orders/:id',
  overrideOrderStatus: '/admin/orders/:id',
  refundOrder: '/admin/orders/:id',
  verifyOrderPayment: '/admin/orders/:id',
  listCustomers: '/admin/customers',
  exportCustomers: '/admin/customers',
  getCustomer: '/admin/customers/:id',
  setCustomerActive: '/admin/customers/:id',
  listAdminProducts: '/admin/products',
  createProduct: '/admin/products/new',
  getAdminProduct: '/admin/products/:id',
  updateProduct: '/admin/products/:id',
  archiveProduct: '/admin/products/:id',
  listMerchantLedger: '/admin/ledger',
  exportMerchantLedger: '/admin/ledger',
  getReconciliationReport: '/admin/reconciliation',
  runReconciliation: '/admin/reconciliation',
  listReconciliationRuns: '/admin/reconciliation',
  getReconciliationRun: '/admin/reconciliation',
  listWebhooks: '/admin/webhooks',
  createWebhook: '/admin/webhooks',
  getWebhook: '/admin/webhooks/:id',
  updateWebhook: '/admin/webhooks/:id',
  deleteWebhook: '/admin/webhooks/:id',
  rotateWebhookSecret: '/admin/webhooks/:id',
  pingWebhook: '/admin/webhooks/:id',
  listWebhookDeliveries: '/admin/webhooks/:id',
  redeliverWebhookDelivery: '/admin/webhooks/:id',
  listApiKeys: '/admin/api-keys',
  createApiKey: '/admin/api-keys',
  revokeApiKey: '/admin/api-keys',
  listAuditEntries: '/admin/audit',
  getProfile: '/admin/account',
  updateProfile: '/admin/account',
  changePassword: '/admin/account',
  listSessions: '/admin/account',
  revokeSession: '/admin/account',
  enableTwoFactor: '/admin/account',
  verifyTwoFactor: '/admin/account',
  disableTwoFactor: '/admin/account',
};

/** The folder under src/admin/features holding a page's code: its first path segment. */
const featureOf = (page: string): string => page.split('/')[2] || 'dashboard';

interface Operation {
  readonly operationId: string;
  readonly method: string;
  readonly path: string;
  readonly deprecated: boolean;
  readonly summary: string;
}

interface OperationObject {
  readonly operationId?: string;
  readonly tags?: readonly string[];
  readonly deprecated?: boolean;
  readonly summary?: string;
}

const document = JSON.parse(readFileSync(DOCUMENT, 'utf8')) as {
  paths: Record<string, Record<string, OperationObject>>;
};

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];
const ACCOUNT_PATHS = ['/api/users/profile', '/api/users/password'];

/** Admin work (tags admin and webhooks), and the admin's own account: sessions, 2FA, profile, password. */
const isAdminOperation = (path: string, operation: OperationObject): boolean => {
  const tags = operation.tags ?? [];
  return (
    tags.some((tag) => ['admin', 'webhooks', 'sessions', 'security'].includes(tag)) ||
    (tags.includes('users') && ACCOUNT_PATHS.includes(path))
  );
};

const adminOperations: Operation[] = Object.entries(document.paths).flatMap(([path, item]) =>
  Object.entries(item)
    .filter(([method, operation]) => METHODS.includes(method) && isAdminOperation(path, operation))
    .map(([method, operation]) => ({
      operationId: operation.operationId ?? `${method} ${path}`,
      method: method.toUpperCase(),
      path,
      deprecated: operation.deprecated === true,
      summary: operation.summary ?? '',
    })),
);
const current = adminOperations.filter((operation) => !operation.deprecated);
const deprecated = adminOperations.filter((operation) => operation.deprecated);

/** `/api/x/{id}` and `/api/x/${id}` alike, so a template literal matches the document's path. */
const templateOf = (path: string): string => path.replace(/\{[^}]+\}|\$\{[^}]+\}/g, '{}');

interface ClientCall {
  readonly file: string;
  readonly method: string;
  readonly template: string;
}

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });

// `shop.GET('/api/...'`: a call through the typed client, by method and path template.
const CLIENT_CALL = /\bshop\.(GET|POST|PUT|PATCH|DELETE)\(\s*['"`]([^'"`]+)['"`]/g;
// `${shop.baseUrl}/api/...` in an `<a href download>`: the browser GETs it; only whole segments count.
const EXPORT_LINK = /\$\{shop\.baseUrl\}((?:\/(?:[A-Za-z0-9_.-]+|\$\{[^}]+\}))+)/g;

const callsIn = (file: string): ClientCall[] => {
  const source = readFileSync(file, 'utf8');
  const where = relative(ADMIN_SOURCE, file);
  return [
    ...[...source.matchAll(CLIENT_CALL)].map(([, method = '', path = '']) => ({
      file: where,
      method,
      template: templateOf(path),
    })),
    ...[...source.matchAll(EXPORT_LINK)].map(([, path = '']) => ({
      file: where,
      method: 'GET',
      template: templateOf(path),
    })),
  ];
};

const calls = [...sourceFiles(ADMIN_SOURCE), ...sourceFiles(SHARED_SOURCE)].flatMap(callsIn);

/** Whether a feature's own files import from the shared folder (so its calls are the feature's). */
const importsShared = (feature: string, shared: string): boolean =>
  sourceFiles(join(ADMIN_SOURCE, feature)).some((file) =>
    readFileSync(file, 'utf8').includes(`/${shared.replace(/^(\.\.\/)+/, '')}`),
  );

/** The callers that serve a feature's page: its own files, and shared code it imports. */
const servesFeature = (file: string, feature: string): boolean => {
  if (file.startsWith(feature)) return true;
  const shared = SHARED_WITH[feature];
  return shared !== undefined && file.startsWith(shared) && importsShared(feature, shared);
};

/** Where the admin app (or the shared code it uses) calls an operation: the files, relative to src/admin. */
const callersOf = (operation: Operation): string[] =>
  calls
    .filter((call) => call.method === operation.method && call.template === templateOf(operation.path))
    .map((call) => call.file);

describe('every admin operation of the OpenAPI document is reachable from a page', () => {
  it('the document lists the admin operations this test reads (the scan is not empty)', () => {
    expect(current.map((operation) => operation.operationId)).toEqual(
      expect.arrayContaining(['listAuditEntries', 'listSessions', 'createWebhook', 'changePassword']),
    );
    // The scanner finds a call it is known to: the orders list's own.
    expect(
      callersOf({
        operationId: 'listSales',
        method: 'GET',
        path: '/api/admin/sales',
        deprecated: false,
        summary: '',
      }),
    ).toContain('features/orders/api/sales.ts');
  });

  it.each(current.map((operation) => [operation.operationId, operation] as const))(
    '%s is called through the client from its page',
    (operationId, operation) => {
      const page = PAGE_OF[operationId];
      expect(
        page,
        `${operationId} (${operation.method} ${operation.path}) names no admin page in PAGE_OF`,
      ).toBeDefined();
      const feature = `features/${featureOf(page ?? '')}/`;
      const callers = callersOf(operation);
      expect(
        callers.filter((file) => servesFeature(file, feature)),
        `${operation.method} ${operation.path} is called from ${callers.length ? callers.join(', ') : 'nowhere'}, not from ${page}'s ${feature}`,
      ).not.toEqual([]);
    },
  );

  it.each(deprecated.map((operation) => [operation.operationId, operation] as const))(
    '%s is deprecated: no page calls it, and the operation replacing it is offered',
    (operationId, operation) => {
      expect(callersOf(operation), `${operationId} is deprecated but called`).toEqual([]);
      const alias = /^Alias of (GET|POST|PUT|PATCH|DELETE) (\S+)$/.exec(operation.summary);
      expect(alias, `${operationId}'s summary names no replacement: ${operation.summary}`).not.toBeNull();
      const [, method, path] = alias ?? [];
      const replacement = current.find((candidate) => candidate.method === method && candidate.path === path);
      expect(
        replacement,
        `${operationId}'s replacement ${method} ${path} is not a current admin operation`,
      ).toBeDefined();
      expect(PAGE_OF[replacement?.operationId ?? '']).toBeDefined();
    },
  );

  it('the deprecated admin operations and their replacements are the known ones', () => {
    const replaced = Object.fromEntries(
      deprecated.map((operation) => [
        operation.operationId,
        current.find((candidate) => operation.summary === `Alias of ${candidate.method} ${candidate.path}`)
          ?.operationId,
      ]),
    );
    expect(replaced).toEqual({
      overrideOrderStatusLegacy: 'overrideOrderStatus',
      updateProfileLegacy: 'updateProfile',
      changePasswordLegacy: 'changePassword',
    });
  });
});
