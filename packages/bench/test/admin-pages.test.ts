import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { type AdminPageFigures, measureAdminPages } from '../src/admin-pages.js';
import { CHROMIUM_PATH } from '../src/chromium-pages.js';

/*
 * The measurement against a stand-in of the service in this process: it logs in with a cookie
 * and serves pages that show their content after a known delay, so a figure read before the
 * content is shown comes out below that delay.
 */
const ADMIN = { email: 'admin@bench.example', password: 'admin password' };
const STATS_DELAY_MS = 700;
const ROW_DELAY_MS = 500;
/** Short bounds for the pages that never get there, so those tests end quickly. */
const SHORT_WAIT_MS = 2_000;
const BROWSER_TEST_MS = 120_000;

const page = (body: string) =>
  `<!doctype html><html lang="en"><head><title>admin</title></head><body><main>${body}</main></body></html>`;

/** A block of text far larger than the heading: the dashboard's largest contentful paint once shown. */
const STATS = `<p>${'Revenue, orders and customers over the last 180 days. '.repeat(60)}</p>`;

const PAGES = {
  dashboard: page(`<h1>Dashboard</h1><p role="status">Loading the stats…</p>
    <script>setTimeout(() => {
      document.querySelector('[role=status]').remove();
      document.querySelector('main').insertAdjacentHTML('beforeend', ${JSON.stringify(STATS)});
    }, ${STATS_DELAY_MS});</script>`),
  orders:
    page(`<h1>Orders</h1><table><thead><tr><th>Order</th><th>Total</th></tr></thead><tbody></tbody></table>
    <script>setTimeout(() => {
      document.querySelector('tbody').insertAdjacentHTML('beforeend', '<tr><td>TRX-1</td><td>12.5 TRX</td></tr>');
    }, ${ROW_DELAY_MS});</script>`),
  ordersWithoutRows: page('<h1>Orders</h1>'),
  ordersFailing: page(
    '<h1>Orders</h1><div role="alert"><strong>The orders could not be loaded</strong> <code>INTERNAL_ERROR</code> boom</div>',
  ),
  signIn: page('<h1>Sign in to TRX Shop admin</h1>'),
};

type OrdersPage = 'orders' | 'ordersWithoutRows' | 'ordersFailing';

const servers: Server[] = [];
afterAll(async () => {
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
});

/** The stand-in: `/api/auth/*` with a session cookie, and the admin app's two pages (or a JSON 404). */
const startStandIn = async (options: { servesApp: boolean; orders: OrdersPage }): Promise<string> => {
  const server = createServer((request, response) => {
    const signedIn = request.headers.cookie?.includes('session=admin') === true;
    const html = (body: string) =>
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body);
    const json = (status: number, body: unknown) =>
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (request.method === 'POST' && request.url === '/api/auth/login') {
      let body = '';
      request.on('data', (chunk) => (body += chunk));
      request.on('end', () => {
        const { email, password } = JSON.parse(body) as { email: string; password: string };
        if (email !== ADMIN.email || password !== ADMIN.password)
          return json(401, { code: 'INVALID_CREDENTIALS' });
        response.setHeader('set-cookie', 'session=admin; Path=/; HttpOnly; SameSite=Strict');
        json(200, { user: { role: 'admin' } });
      });
      return;
    }
    if (request.url === '/api/auth/profile')
      return signedIn ? json(200, { user: { role: 'admin' } }) : json(401, {});
    if (!options.servesApp) return json(404, { code: 'NOT_FOUND' });
    if (!signedIn) return html(PAGES.signIn);
    if (request.url === '/admin/') return html(PAGES.dashboard);
    if (request.url === '/admin/orders') return html(PAGES[options.orders]);
    json(404, { code: 'NOT_FOUND' });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
};

const hasChromium = existsSync(CHROMIUM_PATH);
if (!hasChromium) console.warn(`admin pages browser tests SKIPPED: ${CHROMIUM_PATH} not found`);

describe('the admin pages measured in Chromium', () => {
  it('reports both pages as not measured, with no figure, when Chromium is missing', async () => {
    const figures = await measureAdminPages({
      baseUrl: 'http://127.0.0.1:9',
      ...ADMIN,
      samples: 5,
      chromiumPath: '/nonexistent/chromium',
    });
    expect(figures).toEqual({
      samples: 5,
      dashboardLcp: { notMeasured: 'no /nonexistent/chromium' },
      ordersInteractive: { notMeasured: 'no /nonexistent/chromium' },
    });
  });

  describe.skipIf(!hasChromium)('with /usr/bin/chromium', () => {
    it(
      "signs in, then takes the dashboard's LCP once its stats replace the loading status and the orders page's time to its first row, each over the samples",
      async () => {
        const baseUrl = await startStandIn({ servesApp: true, orders: 'orders' });
        const figures = await measureAdminPages({ baseUrl, ...ADMIN, samples: 3 });
        const { dashboardLcp, ordersInteractive } = figures as {
          [K in keyof AdminPageFigures]: Extract<AdminPageFigures[K], { samplesMs: unknown }>;
        };
        expect(dashboardLcp.samplesMs, JSON.stringify(figures)).toHaveLength(3);
        // Before the stats are shown the heading is the largest paint, far earlier than the delay.
        for (const lcp of dashboardLcp.samplesMs) expect(lcp).toBeGreaterThanOrEqual(STATS_DELAY_MS);
        expect(ordersInteractive.samplesMs, JSON.stringify(figures)).toHaveLength(3);
        for (const shown of ordersInteractive.samplesMs) expect(shown).toBeGreaterThanOrEqual(ROW_DELAY_MS);
        expect(ordersInteractive.medianMs).toBe([...ordersInteractive.samplesMs].sort((a, b) => a - b)[1]);
      },
      BROWSER_TEST_MS,
    );

    it(
      'reports the orders page as not measured when its table shows no row within the bound, and still measures the dashboard',
      async () => {
        const baseUrl = await startStandIn({ servesApp: true, orders: 'ordersWithoutRows' });
        const figures = await measureAdminPages({ baseUrl, ...ADMIN, samples: 1, waitMs: SHORT_WAIT_MS });
        expect(figures.ordersInteractive).toEqual({ notMeasured: 'no row in the orders table within 2 s' });
        expect(figures.dashboardLcp).toMatchObject({ samplesMs: [expect.any(Number)] });
      },
      BROWSER_TEST_MS,
    );

    it(
      'reports the error a page shows instead of a figure',
      async () => {
        const baseUrl = await startStandIn({ servesApp: true, orders: 'ordersFailing' });
        const figures = await measureAdminPages({ baseUrl, ...ADMIN, samples: 1, waitMs: SHORT_WAIT_MS });
        expect(figures.ordersInteractive).toEqual({
          notMeasured: 'the page showed an error: The orders could not be loaded INTERNAL_ERROR boom',
        });
      },
      BROWSER_TEST_MS,
    );

    it(
      'reports both pages as not measured when the service does not serve the admin app',
      async () => {
        const baseUrl = await startStandIn({ servesApp: false, orders: 'orders' });
        const figures = await measureAdminPages({ baseUrl, ...ADMIN, samples: 1, waitMs: SHORT_WAIT_MS });
        expect(figures.dashboardLcp).toEqual({
          notMeasured: 'GET /admin/ answered 404 (application/json), not the admin app',
        });
        expect(figures.ordersInteractive).toEqual({
          notMeasured: 'GET /admin/orders answered 404 (application/json), not the admin app',
        });
      },
      BROWSER_TEST_MS,
    );

    it(
      'reports both pages as not measured when the login is refused',
      async () => {
        const baseUrl = await startStandIn({ servesApp: true, orders: 'orders' });
        const figures = await measureAdminPages({
          baseUrl,
          email: ADMIN.email,
          password: 'wrong',
          samples: 1,
        });
        expect(figures.dashboardLcp).toEqual({ notMeasured: 'POST /api/auth/login answered 401' });
        expect(figures.ordersInteractive).toEqual({ notMeasured: 'POST /api/auth/login answered 401' });
      },
      BROWSER_TEST_MS,
    );
  });
});
