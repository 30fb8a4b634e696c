import { startBaselineProcess } from './baseline-process.js';
import { call, expectStatus, logIn } from '@trx-shop/test-kit';
import { type LoadFigures, runLoad } from './load.js';
import type { SeededLogins } from './seed-data-set.js';

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

interface EndpointCase {
  readonly name: string;
  readonly method: 'GET' | 'POST';
  readonly path: string;
  readonly token?: string;
  /** Fewer than the suite's connections for a heavy download no shop runs ten of at once. */
  readonly connections?: number;
}

export interface HttpSuiteOptions {
  readonly baseUrl: string;
  readonly workDir: string;
  readonly logins: SeededLogins;
  readonly expectedOrders: number;
  readonly durationSeconds: number;
  readonly connections: number;
}

export const endpointCases = (adminToken: string, customerToken: string, search: string): EndpointCase[] => [
  { name: 'products', method: 'GET', path: '/api/products' },
  { name: 'orders', method: 'GET', path: '/api/orders', token: customerToken },
  { name: 'admin-sales', method: 'GET', path: '/api/admin/sales', token: adminToken },
  { name: 'admin-stats', method: 'GET', path: '/api/admin/stats', token: adminToken },
  {
    name: 'admin-customers-search',
    method: 'GET',
    path: `/api/admin/customers?search=${encodeURIComponent(search)}`,
    token: adminToken,
  },
  {
    name: 'admin-customers-export',
    method: 'POST',
    path: '/api/admin/customers/export',
    token: adminToken,
    connections: 2,
  },
];

/**
 * Each endpoint under autocannon, then the ceiling with the endpoint's own answer as its constant
 * body, one after the other so both meet the same machine state.
 */
export const runHttpSuite = async (options: HttpSuiteOptions): Promise<EndpointFigures[]> => {
  const adminToken = await logIn(options.baseUrl, options.logins.adminEmail, options.logins.password);
  const customerToken = await logIn(options.baseUrl, options.logins.customerEmail, options.logins.password);
  const cases = endpointCases(adminToken, customerToken, options.logins.customerSearch);

  const bodies: Record<string, string> = {};
  for (const endpoint of cases) {
    const response = await fetch(`${options.baseUrl}${endpoint.path}`, {
      method: endpoint.method,
      headers: endpoint.token ? { authorization: `Bearer ${endpoint.token}` } : {},
    });
    const body = await response.text();
    expectStatus({ status: response.status, body }, 200, `${endpoint.method} ${endpoint.path}`);
    bodies[endpoint.name] = body;
  }
  // The figures must come from the data set they claim to be read from.
  const stats = expectStatus(
    await call(options.baseUrl, 'GET', '/api/admin/stats', { token: adminToken }),
    200,
    'stats',
  );
  const totalOrders = (stats.body.stats as { totals: { totalOrders: number } }).totals.totalOrders;
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
