import { createShopClient } from '@trx-shop/client';
import { startBaselineProcess } from './baseline-process.js';
import { type LoadFigures, runLoad } from './load.js';
import type { SeededLogins } from './seed-data-set.js';
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
}

export interface HttpSuiteOptions {
  readonly baseUrl: string;
  readonly workDir: string;
  readonly logins: SeededLogins;
  readonly expectedOrders: number;
  readonly durationSeconds: number;
  readonly connections: number;
}

export const endpointCases = (
  admin: SignedInClient,
  customer: SignedInClient,
  search: string,
): EndpointCase[] => {
  const guest = createShopClient({ baseUrl: admin.baseUrl });
  return [
    {
      name: 'products',
      method: 'GET',
      path: '/api/products',
      read: () => guest.GET('/api/products', { parseAs: 'text' }),
    },
    {
      name: 'orders',
      method: 'GET',
      path: '/api/orders',
      token: customer.accessToken,
      read: () => customer.GET('/api/orders', { parseAs: 'text' }),
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
      path: `/api/admin/customers?search=${encodeURIComponent(search)}`,
      token: admin.accessToken,
      read: () => admin.GET('/api/admin/customers', { params: { query: { search } }, parseAs: 'text' }),
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
  const cases = endpointCases(admin, customer, options.logins.customerSearch);

  const bodies: Record<string, string> = {};
  for (const endpoint of cases) {
    bodies[endpoint.name] = await unwrapFor(`${endpoint.method} ${endpoint.path}`, endpoint.read());
  }
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
      const measured = await runLoad({
        ...load,
        url: `${options.baseUrl}${endpoint.path}`,
        method: endpoint.method,
        headers: endpoint.token ? { authorization: `Bearer ${endpoint.token}` } : {},
      });
      const ceiling = await runLoad({ ...load, url: baseline.url(endpoint.name) });
      figures.push({
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
  return figures;
};
