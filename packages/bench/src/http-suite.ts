import { createShopClient } from '@trx-shop/client';
import { startBaselineProcess } from './baseline-process.js';
import { type LoadFigures, type MixedRequest, runLoad, runMixedLoad } from './load.js';
import { startProcessCpuMeter } from './process-cpu.js';
import {
  catalogueMix,
  memoHitRate,
  orderPageMix,
  PRODUCTS_IN_MIX,
  productIdsOf,
  productMix,
  readMemoCounters,
  startStockWriter,
} from './mixed-reads.js';
import type { SeededLogins } from './seed-data-set.js';
import { BENCH_METRICS_TOKEN } from './service-process.js';
import {
  CUSTOMER_SEARCHES,
  customerSearchMix,
  SHORT_CUSTOMER_SEARCHES,
  startUsernameWriter,
} from './customer-search-mix.js';
import { type SignedInClient, signIn, unwrapFor } from './shop-client.js';

export interface EndpointFigures {
  readonly name: string;
  readonly request: string;
  readonly bodyBytes: number;
  readonly connections: number;
  readonly endpoint: LoadFigures;
  /** The bare route answering a constant body of the same size, measured right after. */
  readonly ceiling: LoadFigures;
  /** endpoint requests/second as a fraction of the ceiling's. */
  readonly ratio: number;
  /** For a mix: how many different requests it cycles through. */
  readonly requestsInMix?: number;
  /** For a memoized read: the share of its answers served from the memo during the load. */
  readonly memoHitRate?: number;
  /** Stock changes made through the admin API while it ran. */
  readonly stockWrites?: number;
  /** Username changes made through the profile API while it ran. */
  readonly usernameWrites?: number;
  /**
   * CPU time per answer counted, in microseconds: the service's (its writes beside the load
   * included) and the bare route's process's. Unlike the ratio, it leaves out the load generator,
   * which shares the machine with both.
   */
  readonly cpuUsPerAnswer?: { readonly service: number; readonly ceiling: number };
}

/** The client's answer to a request made with `parseAs: 'text'`: the body as sent. */
type TextAnswer =
  | { readonly data: string; readonly response: Response }
  | { readonly data?: never; readonly error: unknown; readonly response: Response };

interface EndpointCase {
  readonly name: string;
  readonly method: 'GET' | 'POST';
  /** The request autocannon repeats (raw HTTP: the load is the measurement). */
  readonly path: string;
  readonly token?: string;
  /** Fewer than the suite's connections for a heavy download no shop runs ten of at once. */
  readonly connections?: number;
  /** The same request through the client, its body as text: the ceiling answers it verbatim. */
  readonly read: () => Promise<TextAnswer>;
  /** Many requests instead of `path` (which is then the first), each answer checked. */
  readonly mix?: () => Promise<MixedRequest[]>;
  /** The memo counters to read around the load (`/metrics`). */
  readonly memoKind?: 'catalogue' | 'order_page' | 'customer_search';
  /** Changes stock this many times a second while the load runs. */
  readonly stockWritesPerSecond?: number;
  /** Renames the bench's customer this many times a second while the load runs. */
  readonly usernameWritesPerSecond?: number;
}

/** Username changes a second during the customer searches: each moves SQLite's search version. */
const USERNAME_WRITES_PER_SECOND = 5;

/**
 * Starts the writes a case runs beside its load (stock or usernames), if any; stopping them
 * answers how many were made, by kind.
 */
export const startCaseWriter = (
  endpoint: EndpointCase,
  clients: { readonly admin: SignedInClient; readonly customer: SignedInClient },
  stockTargets: readonly string[],
): (() => Promise<Pick<EndpointFigures, 'stockWrites' | 'usernameWrites'>>) | null => {
  if (endpoint.stockWritesPerSecond) {
    const stop = startStockWriter(clients.admin, stockTargets, endpoint.stockWritesPerSecond);
    return async () => ({ stockWrites: await stop() });
  }
  if (endpoint.usernameWritesPerSecond) {
    const stop = startUsernameWriter(clients.customer, endpoint.usernameWritesPerSecond);
    return async () => ({ usernameWrites: await stop() });
  }
  return null;
};

/** Stock changes a second during the catalogue loads: a very busy shop's confirmed sales. */
const STOCK_WRITES_PER_SECOND = 5;

export interface HttpSuiteOptions {
  readonly baseUrl: string;
  /** The service's process id, for its CPU time per answer. */
  readonly servicePid?: number;
  readonly workDir: string;
  readonly logins: SeededLogins;
  readonly expectedOrders: number;
  readonly durationSeconds: number;
  readonly connections: number;
}

export const endpointCases = (
  admin: SignedInClient,
  customer: SignedInClient,
  logins: SeededLogins,
): EndpointCase[] => {
  const guest = createShopClient({ baseUrl: admin.baseUrl });
  const search = logins.customerSearch;
  return [
    {
      name: 'products',
      method: 'GET',
      path: '/api/products (44 pages, categories and searches)',
      read: () => guest.GET('/api/products', { params: { query: { page: 1, limit: 10 } }, parseAs: 'text' }),
      mix: () => catalogueMix(admin.baseUrl),
      memoKind: 'catalogue',
      stockWritesPerSecond: STOCK_WRITES_PER_SECOND,
    },
    {
      name: 'product',
      method: 'GET',
      path: '/api/products/:id (50 products)',
      read: async () => {
        const [first] = await productMix(admin.baseUrl, 1);
        const id = first?.path.split('/').pop() ?? '';
        return guest.GET('/api/products/{id}', { params: { path: { id } }, parseAs: 'text' });
      },
      mix: () => productMix(admin.baseUrl, PRODUCTS_IN_MIX),
      memoKind: 'catalogue',
      stockWritesPerSecond: STOCK_WRITES_PER_SECOND,
    },
    {
      name: 'orders',
      method: 'GET',
      path: '/api/orders (20 customers with orders)',
      token: customer.accessToken,
      read: () => customer.GET('/api/orders', { parseAs: 'text' }),
      mix: () => orderPageMix(admin.baseUrl, admin, logins, 20),
      memoKind: 'order_page',
    },
    {
      name: 'admin-sales',
      method: 'GET',
      path: '/api/admin/sales',
      token: admin.accessToken,
      read: () => admin.GET('/api/admin/sales', { parseAs: 'text' }),
    },
    {
      name: 'admin-stats',
      method: 'GET',
      path: '/api/admin/stats',
      token: admin.accessToken,
      read: () => admin.GET('/api/admin/stats', { parseAs: 'text' }),
    },
    {
      name: 'admin-customers-search',
      method: 'GET',
      path: `/api/admin/customers?search= (${CUSTOMER_SEARCHES.length} searches, pages 1-2, usernames changing)`,
      token: admin.accessToken,
      read: () => admin.GET('/api/admin/customers', { params: { query: { search } }, parseAs: 'text' }),
      mix: () => customerSearchMix(admin, CUSTOMER_SEARCHES),
      memoKind: 'customer_search',
      usernameWritesPerSecond: USERNAME_WRITES_PER_SECOND,
    },
    {
      name: 'admin-customers-search-short',
      method: 'GET',
      path: `/api/admin/customers?search= (${SHORT_CUSTOMER_SEARCHES.length} two-character searches, pages 1-2, usernames changing)`,
      token: admin.accessToken,
      read: () =>
        admin.GET('/api/admin/customers', {
          params: { query: { search: SHORT_CUSTOMER_SEARCHES[0] } },
          parseAs: 'text',
        }),
      mix: () => customerSearchMix(admin, SHORT_CUSTOMER_SEARCHES),
      memoKind: 'customer_search',
      usernameWritesPerSecond: USERNAME_WRITES_PER_SECOND,
    },
    {
      name: 'admin-customers-export',
      method: 'POST',
      path: '/api/admin/customers/export',
      token: admin.accessToken,
      connections: 2,
      read: () => admin.POST('/api/admin/customers/export', { parseAs: 'text' }),
    },
  ];
};

/**
 * Each endpoint under autocannon, then the ceiling with the endpoint's own answer as its constant
 * body, one after the other so both meet the same machine state.
 */
export const runHttpSuite = async (options: HttpSuiteOptions): Promise<EndpointFigures[]> => {
  const admin = await signIn(options.baseUrl, options.logins.adminEmail, options.logins.password);
  const customer = await signIn(options.baseUrl, options.logins.customerEmail, options.logins.password);
  const cases = endpointCases(admin, customer, options.logins);

  const bodies: Record<string, string> = {};
  const mixes: Record<string, MixedRequest[]> = {};
  for (const endpoint of cases) {
    bodies[endpoint.name] = await unwrapFor(`${endpoint.method} ${endpoint.path}`, endpoint.read());
    const mix = endpoint.mix ? await endpoint.mix() : undefined;
    if (mix) mixes[endpoint.name] = mix;
    // The ceiling of a mix serves the answer of the mix's first request, which its check expects.
    const firstBody = mix?.[0]?.body;
    if (firstBody !== undefined) bodies[endpoint.name] = firstBody;
  }
  const stockTargets = productIdsOf(mixes.product ?? []);
  // The figures must come from the data set they claim to be read from.
  const { stats } = await unwrapFor('stats', admin.GET('/api/admin/stats'));
  const totalOrders = stats.totals.totalOrders;
  if (totalOrders !== options.expectedOrders) {
    throw new Error(`the service reports ${totalOrders} orders, the data set has ${options.expectedOrders}`);
  }

  const baseline = await startBaselineProcess(options.workDir, bodies);
  const figures: EndpointFigures[] = [];
  try {
    for (const endpoint of cases) {
      const load = {
        connections: endpoint.connections ?? options.connections,
        durationSeconds: options.durationSeconds,
      };
      const mix = mixes[endpoint.name];
      if (mix) {
        const serviceCpu = startProcessCpuMeter(options.servicePid);
        const measured = await measureMix(
          options.baseUrl,
          endpoint,
          mix,
          load,
          { admin, customer },
          stockTargets,
        );
        const serviceMs = serviceCpu.stop();
        const ceilingCpu = startProcessCpuMeter(baseline.pid);
        const ceiling = await measureCeiling(baseline.url(endpoint.name), mix, load);
        const ceilingMs = ceilingCpu.stop();
        figures.push({
          ...measured,
          bodyBytes: Buffer.byteLength(bodies[endpoint.name] as string),
          ceiling,
          ratio: Number.NaN,
          ...cpuPerAnswer(serviceMs, measured.endpoint.correct, ceilingMs, ceiling.correct),
        });
        continue;
      }
      const serviceCpu = startProcessCpuMeter(options.servicePid);
      const measured = await runLoad({
        ...load,
        url: `${options.baseUrl}${endpoint.path}`,
        method: endpoint.method,
        headers: endpoint.token ? { authorization: `Bearer ${endpoint.token}` } : {},
      });
      const serviceMs = serviceCpu.stop();
      const ceilingCpu = startProcessCpuMeter(baseline.pid);
      const ceiling = await runLoad({ ...load, url: baseline.url(endpoint.name) });
      const ceilingMs = ceilingCpu.stop();
      figures.push({
        ...cpuPerAnswer(serviceMs, measured.requests - measured.failures, ceilingMs, ceiling.requests),
        name: endpoint.name,
        request: `${endpoint.method} ${endpoint.path}`,
        bodyBytes: Buffer.byteLength(bodies[endpoint.name] as string),
        connections: load.connections,
        endpoint: measured,
        ceiling,
        ratio: measured.requestsPerSecond / ceiling.requestsPerSecond,
      });
    }
  } finally {
    await baseline.stop();
  }
  return figures.map((figure) => ({
    ...figure,
    ratio: figure.endpoint.requestsPerSecond / figure.ceiling.requestsPerSecond,
  }));
};

const cpuPerAnswer = (
  serviceMs: number | undefined,
  answers: number,
  ceilingMs: number | undefined,
  ceilingAnswers: number,
): Pick<EndpointFigures, 'cpuUsPerAnswer'> =>
  serviceMs === undefined || ceilingMs === undefined || answers === 0 || ceilingAnswers === 0
    ? {}
    : {
        cpuUsPerAnswer: {
          service: (serviceMs * 1000) / answers,
          ceiling: (ceilingMs * 1000) / ceilingAnswers,
        },
      };

/**
 * A mix under load, each answer checked, with the memo's counters read around it and stock
 * changing meanwhile where the case asks for it.
 */
const measureMix = async (
  baseUrl: string,
  endpoint: EndpointCase,
  mix: readonly MixedRequest[],
  load: { readonly connections: number; readonly durationSeconds: number },
  clients: { readonly admin: SignedInClient; readonly customer: SignedInClient },
  stockTargets: readonly string[],
) => {
  const kind = endpoint.memoKind;
  const countersBefore = kind ? await readMemoCounters(baseUrl, BENCH_METRICS_TOKEN) : {};
  const stopWriter = startCaseWriter(endpoint, clients, stockTargets);
  const measured = await runMixedLoad({ ...load, baseUrl, requests: mix });
  const writes = stopWriter ? await stopWriter() : {};
  const countersAfter = kind ? await readMemoCounters(baseUrl, BENCH_METRICS_TOKEN) : {};
  return {
    name: endpoint.name,
    request: `${endpoint.method} ${endpoint.path}`,
    connections: load.connections,
    endpoint: measured,
    requestsInMix: mix.length,
    ...(kind ? { memoHitRate: memoHitRate(kind, countersBefore, countersAfter) } : {}),
    ...writes,
  };
};

/**
 * The ceiling for a mix: the bare route answering the mix's first body, its answers checked by
 * the first request's check, so both runs pay the load generator the same per-answer work.
 */
const measureCeiling = (
  ceilingUrl: string,
  mix: readonly MixedRequest[],
  load: { readonly connections: number; readonly durationSeconds: number },
) => {
  const at = new URL(ceilingUrl);
  const expect = mix[0]?.expect ?? (() => true);
  return runMixedLoad({ ...load, baseUrl: at.origin, requests: [{ path: at.pathname, expect }] });
};
