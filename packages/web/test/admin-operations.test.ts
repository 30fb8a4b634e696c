// @vitest-environment node
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Every operation an admin uses is reachable from a page of the admin app: the "nothing
 * the admin API offers needs curl", checked against the OpenAPI document itself.
 */

const DOCUMENT = fileURLToPath(new URL('../../../docs/openapi.json', import.meta.url));
const ADMIN_SOURCE = fileURLToPath(new URL('../src/admin', import.meta.url));

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
  getMailPreferences: '/admin/account',
  updateMailPreferences: '/admin/account',
  listMailMessages: '/admin/mail',
  retryMailMessage: '/admin/mail',
  sendTestMail: '/admin/mail',
  listMailbox: '/admin/mailbox',
  getMailboxMail: '/admin/mailbox/:messageId',
};

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
const ACCOUNT_PATHS = ['/api/users/profile', '/api/users/password', '/api/users/mail-preferences'];

/** Admin work (tags admin, webhooks and mail), and the admin's own account: sessions, 2FA, profile, password, mail switches. */
const isAdminOperation = (path: string, operation: OperationObject): boolean => {
  const tags = operation.tags ?? [];
  return (
    tags.some((tag) => ['admin', 'webhooks', 'mail', 'sessions', 'security'].includes(tag)) ||
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

const ROUTES_FILE = join(ADMIN_SOURCE, 'app/routes.tsx');

/** A relative import's file: the `.js` the source names is its `.ts` or `.tsx`. */
const sourceOf = (from: string, specifier: string): string | undefined => {
  const base = resolve(dirname(from), specifier).replace(/\.js$/, '');
  return [`${base}.ts`, `${base}.tsx`].find((candidate) => existsSync(candidate));
};

/** Each admin page's module, by its route under /admin, as app/routes.tsx routes it. */
const pageModules = (() => {
  const routes = readFileSync(ROUTES_FILE, 'utf8');
  const lazyModules = new Map(
    [...routes.matchAll(/const (\w+) = lazy\(\(\) => import\('([^']+)'\)\)/g)].map(
      ([, name = '', specifier = '']) => [name, sourceOf(ROUTES_FILE, specifier)],
    ),
  );
  return new Map(
    [...routes.matchAll(/<Route path="([^"]+)"(?: component=\{(\w+)\}|>\{\([^)]*\)\s*=>\s*<(\w+))/g)].map(
      ([, path = '', component, rendered]) => [`/admin${path}`, lazyModules.get(component ?? rendered ?? '')],
    ),
  );
})();

interface ValueImport {
  /** The names imported by value (`type` ones left out); a default import is `default`. */
  readonly names: readonly string[];
  readonly from: string;
}

// `import x, { a, type B } from './m.js'` and `export { a } from './m.js'`; `import type` runs nothing.
const IMPORT = /^\s*(?:import|export)\s+(type\s+)?([^;]*?)\s*from\s+'(\.[^']+)'/gm;

const valueImportsOf = (file: string): ValueImport[] =>
  [...readFileSync(file, 'utf8').matchAll(IMPORT)].flatMap(([, typeOnly, clause = '', specifier = '']) => {
    const from = sourceOf(file, specifier);
    if (typeOnly || !from) return [];
    const named = /\{([^}]*)\}/.exec(clause)?.[1] ?? '';
    const names = named
      .split(',')
      .map((name) => name.trim())
      .filter((name) => name !== '' && !name.startsWith('type '))
      .map((name) => name.split(/\s+as\s+/)[0] ?? name);
    return [{ names: /^\w+/.test(clause) ? ['default', ...names] : names, from }];
  });

/** Every source file a module runs, itself included, following its relative value imports. */
const reachedFrom = (entry: string): Set<string> => {
  const reached = new Set<string>();
  const visit = (file: string) => {
    if (reached.has(file)) return;
    reached.add(file);
    for (const { from } of valueImportsOf(file)) visit(from);
  };
  visit(entry);
  return reached;
};

/** The files under src/admin that the page at `page` runs (empty when no route serves it). */
const filesOfPage = (page: string): string[] => {
  const module = pageModules.get(page);
  return module ? [...reachedFrom(module)].map((file) => relative(ADMIN_SOURCE, file)) : [];
};

/** Whether `file` imports `name` from `from` by value and uses it beyond the import. */
const uses = (file: string, name: string, from: string): boolean =>
  valueImportsOf(file).some((found) => found.from === from && found.names.includes(name)) &&
  (readFileSync(file, 'utf8').match(new RegExp(`\\b${name}\\b`, 'g')) ?? []).length > 1;

/** `/api/x/{id}` and `/api/x/${id}` alike, so a template literal matches the document's path. */
const templateOf = (path: string): string => path.replace(/\{[^}]+\}|\$\{[^}]+\}/g, '{}');

interface ClientCall {
  /** Relative to src/admin. */
  readonly file: string;
  /** The exported function the call is in (a hook, a component); undefined elsewhere, where the file counts whole. */
  readonly within: string | undefined;
  readonly method: string;
  readonly template: string;
}

// The top-level declarations, each starting a function a call can be in.
const DECLARATION = /^(export\s+)?(?:const|function)\s+(\w+)/gm;

const exportEnclosing = (source: string, at: number): string | undefined => {
  const before = [...source.matchAll(DECLARATION)].filter((found) => found.index < at).at(-1);
  return before?.[1] ? before[2] : undefined;
};

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
    ...[...source.matchAll(CLIENT_CALL)].map(({ 1: method = '', 2: path = '', index }) => ({
      file: where,
      within: exportEnclosing(source, index),
      method,
      template: templateOf(path),
    })),
    ...[...source.matchAll(EXPORT_LINK)].map(({ 1: path = '', index }) => ({
      file: where,
      within: exportEnclosing(source, index),
      method: 'GET',
      template: templateOf(path),
    })),
  ];
};

// src/shared too: a page may run a hook both apps share (paths then start with `../shared`).
const calls = sourceFiles(join(ADMIN_SOURCE, '..')).flatMap(callsIn);

const callsOf = (operation: Operation): ClientCall[] =>
  calls.filter((call) => call.method === operation.method && call.template === templateOf(operation.path));

/** Where the admin app calls an operation: the files, relative to src/admin. */
const callersOf = (operation: Operation): string[] => callsOf(operation).map((call) => call.file);

/**
 * The calls of `operation` the page at `page` runs: in a file it reaches, and, when inside an
 * exported hook or component, that one imported and used by another file it reaches.
 */
const callsRunBy = (page: string, operation: Operation): ClientCall[] => {
  const module = pageModules.get(page);
  if (!module) return [];
  const reached = reachedFrom(module);
  return callsOf(operation).filter((call) => {
    const file = join(ADMIN_SOURCE, call.file);
    if (!reached.has(file)) return false;
    const { within } = call;
    return (
      within === undefined ||
      file === module ||
      [...reached].some((other) => other !== file && uses(other, within, file))
    );
  });
};

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
    // The routes are read: the orders page runs that file, the webhook page its deliveries' hook.
    expect(filesOfPage('/admin/orders')).toContain('features/orders/api/sales.ts');
    expect(filesOfPage('/admin/webhooks/:id')).toContain('features/webhooks/api/deliveries.ts');
    expect(filesOfPage('/admin/webhooks')).not.toContain('features/webhooks/api/deliveries.ts');
  });

  it.each(current.map((operation) => [operation.operationId, operation] as const))(
    '%s is called through the client from its page',
    (operationId, operation) => {
      const page = PAGE_OF[operationId];
      expect(
        page,
        `${operationId} (${operation.method} ${operation.path}) names no admin page in PAGE_OF`,
      ).toBeDefined();
      expect(filesOfPage(page ?? ''), `no route in app/routes.tsx serves ${page}`).not.toEqual([]);
      // A hook the page no longer uses does not count, even in a file the page still imports.
      const callers = callersOf(operation);
      expect(
        callsRunBy(page ?? '', operation),
        `${operation.method} ${operation.path} is called from ${callers.length ? callers.join(', ') : 'nowhere'}, none of it run by the page ${page}`,
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
