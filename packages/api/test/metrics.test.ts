import {
  ADMIN,
  call,
  expectStatus,
  logIn,
  makeDataDir,
  removeDataDir,
  startServiceProcess,
} from '@trx-shop/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleOf as sample } from './support/prometheus-text.js';
import { createTestApp, type TestApp } from './support/test-app.js';

/*
 * Prometheus metrics (docs/operations.md, "Metrics"): `/metrics` on the API port for a Bearer
 * METRICS_TOKEN, or on METRICS_PORT; with neither, there is no `/metrics`.
 */

const TOKEN = 'metrics-token-for-the-scraper';

let h: TestApp;
beforeAll(async () => {
  h = await createTestApp({ metricsToken: TOKEN });
});
afterAll(async () => {
  await h.close();
});

describe('/metrics on the API port', () => {
  it('answers 401 without the token and 404 where no token is configured', async () => {
    expect((await h.app.inject({ url: '/metrics' })).statusCode).toBe(401);
    expect(
      (await h.app.inject({ url: '/metrics', headers: { authorization: 'Bearer wrong' } })).statusCode,
    ).toBe(401);
    const plain = await createTestApp({ devnet: h.devnet });
    try {
      expect(
        (await plain.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } }))
          .statusCode,
      ).toBe(404);
    } finally {
      await plain.close();
    }
  });

  it('counts requests by route pattern and status, and reads the gauges at the scrape', async () => {
    const scrape = async () => {
      const answer = await h.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-type']).toMatch(/^text\/plain/);
      return answer.body;
    };
    const series = (route: string, status: number) =>
      `trx_shop_http_request_duration_seconds_count{method="GET",route="${route}",status_code="${status}"}`;
    const before = await scrape();
    for (let index = 0; index < 3; index += 1) await h.app.inject({ url: '/api/products' });
    await h.app.inject({ url: `/api/products/${'ab'.repeat(12)}` });
    const after = await scrape();
    expect(
      (sample(after, series('/api/products', 200)) ?? 0) -
        (sample(before, series('/api/products', 200)) ?? 0),
    ).toBe(3);
    // One series for every product id: the pattern, not the URL.
    expect(sample(after, series('/api/products/:id', 404))).toBe(1);
    expect(after).not.toContain('abababab');
    expect(sample(after, 'trx_shop_pending_transfers')).toBe(0);
    expect(sample(after, 'trx_shop_event_log_lag')).not.toBeNull();
  });

  it('leaves the scrapes out of the request histogram and gives them no rate-limit headers', async () => {
    const scrape = () => h.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    const rateLimitHeaders = (headers: Record<string, unknown>) =>
      Object.keys(headers).filter((name) => name.startsWith('x-ratelimit-'));
    const listed = await h.app.inject({ url: '/api/products' });
    await h.app.inject({ url: '/metrics' });
    await scrape();
    const answer = await scrape();
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toContain('route="/api/products"');
    expect(answer.body).not.toContain('route="/metrics"');
    expect(rateLimitHeaders(answer.headers)).toEqual([]);
    // The other routes are limited: the absence above is the scrape's own.
    expect(rateLimitHeaders(listed.headers)).toContain('x-ratelimit-limit');
  });

  it("serves the standard process and Node.js series of the service's own process", async () => {
    const text = (await h.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } }))
      .body;
    expect(sample(text, 'process_cpu_seconds_total')).toBeGreaterThan(0);
    expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    // prom-client rounds to the second what this process's own clock origin says to the millisecond.
    expect(
      Math.abs((sample(text, 'process_start_time_seconds') ?? 0) - performance.timeOrigin / 1000),
    ).toBeLessThanOrEqual(1);
    expect(sample(text, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    const heapUsed = sample(text, 'nodejs_heap_size_used_bytes') ?? 0;
    expect(heapUsed).toBeGreaterThan(0);
    expect(heapUsed).toBeLessThanOrEqual(sample(text, 'nodejs_heap_size_total_bytes') ?? 0);
  });

  it('counts memoized answers by how they were made: rendered, from the memo, or 304', async () => {
    const scrape = async () =>
      (await h.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).body;
    const count = (text: string, outcome: string) =>
      sample(text, `trx_shop_memoized_answers_total{kind="catalogue",outcome="${outcome}"}`) ?? 0;
    const before = await scrape();
    // A request no earlier test made: rendered first, then answered from the memo, then 304.
    const first = await h.app.inject({ url: '/api/products?limit=7' });
    await h.app.inject({ url: '/api/products?limit=7' });
    const revalidated = await h.app.inject({
      url: '/api/products?limit=7',
      headers: { 'if-none-match': first.headers.etag as string },
    });
    expect(revalidated.statusCode).toBe(304);
    const after = await scrape();
    expect(
      ['rendered', 'memo', 'not_modified'].map((outcome) => count(after, outcome) - count(before, outcome)),
    ).toEqual([1, 1, 1]);
  });
});

describe('/metrics on METRICS_PORT (a real service process)', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await makeDataDir();
  });
  afterAll(() => removeDataDir(dataDir));

  it('serves the same metrics without a token on a port of its own, with listener runs and chain calls', async () => {
    const service = await startServiceProcess(dataDir, {
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      METRICS_PORT: '0',
      LISTENER_INTERVAL_MS: '200',
    });
    try {
      await service.waitForOutput('"msg":"metrics listening"');
      const announced = service
        .output()
        .split('\n')
        .find((text) => text.includes('"msg":"metrics listening"'));
      const url = (JSON.parse(announced ?? '{}') as { url?: string }).url;
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
      // The API port has no /metrics: the port of its own is the way in.
      expect((await fetch(`${service.apiUrl}/metrics`)).status).toBe(404);
      let text = '';
      for (let tries = 0; tries < 50; tries += 1) {
        text = await (await fetch(url ?? '')).text();
        if ((sample(text, 'trx_shop_listener_runs_total') ?? 0) >= 2) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(sample(text, 'trx_shop_listener_runs_total')).toBeGreaterThanOrEqual(2);
      expect(
        sample(text, 'trx_shop_chain_call_duration_seconds_count{method="solidBlockNumber"}'),
      ).toBeGreaterThan(0);
      expect(sample(text, 'trx_shop_scanner_lag_blocks')).not.toBeNull();

      // The caching layer tells how each customer search was answered: read, then from its kept
      // matches; a list without a search is not a search.
      const token = await logIn(service.apiUrl, ADMIN.email, ADMIN.password);
      const searches = async (outcome: string) =>
        sample(
          await (await fetch(url ?? '')).text(),
          `trx_shop_memoized_answers_total{kind="customer_search",outcome="${outcome}"}`,
        ) ?? 0;
      for (const path of [
        '/api/admin/customers?search=adm',
        '/api/admin/customers?search=ADM&page=2',
        '/api/admin/customers',
      ])
        expectStatus(await call(service.apiUrl, 'GET', path, { token }), 200, path);
      expect([await searches('rendered'), await searches('memo')]).toEqual([1, 1]);
    } finally {
      await service.stop('SIGTERM');
    }
  }, 60_000);
});
