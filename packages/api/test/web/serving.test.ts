import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RunningDevnet } from '@trx-shop/tron-devnet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, startTestDevnet, type TestApp } from '../support/test-app.js';

/*
 * The API serves the built web apps from a directory shaped like `pnpm build:web`'s output, over
 * real HTTP: hashed assets cached for good, the HTML revalidated, the apps' own paths answered
 * with their HTML, and everything the API and /metrics answer left as it was.
 */

const STOREFRONT_HTML =
  '<!doctype html><title>storefront</title><script type="module" src="/assets/app-abc123.js"></script>';
const ADMIN_HTML =
  '<!doctype html><title>admin</title><script type="module" src="/assets/admin-def456.js"></script>';
const APP_JS = 'console.log("the storefront");\n';
const METRICS_TOKEN = 'a-long-random-metrics-token-for-the-scraper';
const IMMUTABLE = 'public, max-age=31536000, immutable';

let devnet: RunningDevnet;
let workDir: string;
let webRoot: string;
let h: TestApp;
let base: string;

const listen = async (app: TestApp): Promise<string> => {
  await app.app.listen({ host: '127.0.0.1', port: 0 });
  return `http://127.0.0.1:${(app.app.server.address() as AddressInfo).port}`;
};

beforeAll(async () => {
  devnet = await startTestDevnet();
  workDir = await mkdtemp(join(tmpdir(), 'trx-shop-web-'));
  webRoot = join(workDir, 'dist');
  await mkdir(join(webRoot, 'admin'), { recursive: true });
  await mkdir(join(webRoot, 'assets'));
  await writeFile(join(webRoot, 'index.html'), STOREFRONT_HTML);
  await writeFile(join(webRoot, 'admin', 'index.html'), ADMIN_HTML);
  await writeFile(join(webRoot, 'assets', 'app-abc123.js'), APP_JS);
  await writeFile(join(webRoot, 'robots.txt'), 'User-agent: *\n');
  // Beside the served directory: must never be reachable through it.
  await writeFile(join(workDir, 'secret.txt'), 'not for the web');
  h = await createTestApp({ devnet, webRoot, metricsToken: METRICS_TOKEN });
  base = await listen(h);
});
afterAll(async () => {
  await h.close();
  await devnet.stop();
  await rm(workDir, { recursive: true, force: true });
});

/** A GET as sent, byte for byte: fetch would add `cache-control: no-cache` to a conditional one. */
const rawGet = (path: string, headers: Record<string, string> = {}) =>
  new Promise<{ status: number; body: string }>((resolve, reject) => {
    const sent = request(`${base}${path}`, { headers }, (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => {
        body += chunk.toString('utf8');
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    sent.on('error', reject);
    sent.end();
  });

const expectJsonNotFound = async (response: Response) => {
  expect(response.status).toBe(404);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  const body = (await response.json()) as { code: string; error: string };
  expect(body.code).toBe('NOT_FOUND');
  return body;
};

describe('hashed assets', () => {
  it('are served with their type and cached for a year, immutable', async () => {
    const response = await fetch(`${base}/assets/app-abc123.js`);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe(APP_JS);
    expect(response.headers.get('content-type')).toMatch(/^(application|text)\/javascript/);
    expect(response.headers.get('cache-control')).toBe(IMMUTABLE);
  });

  it('answer a missing one with the JSON 404, never the HTML, and no long-lived caching', async () => {
    const response = await fetch(`${base}/assets/nope.js`);
    await expectJsonNotFound(response);
    expect(response.headers.get('cache-control')).not.toBe(IMMUTABLE);
  });

  it('answer HEAD with the headers and no body', async () => {
    const response = await fetch(`${base}/assets/app-abc123.js`, { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-length')).toBe(String(Buffer.byteLength(APP_JS)));
    expect(response.headers.get('cache-control')).toBe(IMMUTABLE);
    expect(await response.text()).toBe('');
  });

  it('never reach outside the built directory', async () => {
    const answer = await rawGet('/assets/..%2F..%2Fsecret.txt');
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.status).toBeLessThan(500);
    expect(answer.body).not.toContain('not for the web');
  });
});

describe('the HTML', () => {
  it.each([
    ['/', STOREFRONT_HTML],
    ['/products/42', STOREFRONT_HTML],
    ['/administrator', STOREFRONT_HTML],
    ['/admin', ADMIN_HTML],
    ['/admin/', ADMIN_HTML],
    ['/admin/orders/64b7f0c2a1b2c3d4e5f60718?status=paid', ADMIN_HTML],
  ])('%s answers its app’s HTML, revalidated on every load', async (path, html) => {
    const response = await fetch(`${base}${path}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(await response.text()).toBe(html);
  });

  it('answers HEAD on an app path with the HTML’s headers and no body', async () => {
    const response = await fetch(`${base}/admin/orders`, { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(response.headers.get('content-length')).toBe(String(Buffer.byteLength(ADMIN_HTML)));
    expect(await response.text()).toBe('');
  });

  it('answers 304 to a browser revalidating with the ETag it was given', async () => {
    const first = await fetch(`${base}/admin`);
    const etag = first.headers.get('etag');
    expect(etag).toBeTruthy();
    const again = await rawGet('/admin', { 'if-none-match': etag ?? '' });
    expect(again).toEqual({ status: 304, body: '' });
  });

  it('serves a top-level file of the build as itself', async () => {
    const response = await fetch(`${base}/robots.txt`);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('User-agent: *\n');
  });

  it('carries the CSP: scripts from the service only, images also from any https host', async () => {
    const csp = (await fetch(`${base}/admin/orders`)).headers.get('content-security-policy') ?? '';
    const directives = new Map(
      csp.split(';').map((directive) => {
        const [name = '', ...sources] = directive.trim().split(/\s+/);
        return [name, sources] as const;
      }),
    );
    expect(directives.get('script-src')).toEqual(["'self'"]);
    expect(directives.get('img-src')).toEqual(["'self'", 'data:', 'https:']);
    expect(csp).not.toContain('unsafe-eval');
  });
});

describe('what the apps never answer', () => {
  it.each(['/admin/x', '/', '/products/42'])('POST %s keeps the JSON 404', async (path) => {
    const body = await expectJsonNotFound(await fetch(`${base}${path}`, { method: 'POST' }));
    expect(body.error).toBe('No route answers POST on this path');
  });

  it.each(['/api/nope', '/api', '/api/orders/64b7f0c2a1b2c3d4e5f60718/nope', '/%61pi/nope'])(
    'GET %s keeps the API’s JSON 404',
    async (path) => {
      const body = await expectJsonNotFound(await fetch(`${base}${path}`));
      expect(body.error).toBe('No route answers GET on this path');
    },
  );

  it('GET on an API path served with other methods keeps its 405', async () => {
    const response = await fetch(`${base}/api/auth/login`);
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST');
  });

  it('leaves /metrics to the metrics: 401 without the token, the scrape with it, a JSON 404 below it', async () => {
    const refused = await fetch(`${base}/metrics`);
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as { code: string }).code).toBe('UNAUTHENTICATED');
    const scraped = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(scraped.status).toBe(200);
    expect(await scraped.text()).toContain('trx_shop_http_request_duration_seconds');
    await expectJsonNotFound(await fetch(`${base}/metrics/x`));
  });
});

describe('the per-address rate limit', () => {
  it('does not count static files, while the API and its 404s stay limited', async () => {
    const limited = await createTestApp({ devnet, webRoot, rateLimitMax: 3 });
    try {
      const url = await listen(limited);
      for (let i = 0; i < 3; i += 1) expect((await fetch(`${url}/api/products`)).status).toBe(200);
      expect((await fetch(`${url}/api/products`)).status).toBe(429);
      expect((await fetch(`${url}/api/nope`)).status).toBe(429);
      const statics = await Promise.all(
        ['/assets/app-abc123.js', '/', '/admin/orders', '/assets/app-abc123.js', '/admin'].map(
          async (path) => (await fetch(`${url}${path}`)).status,
        ),
      );
      expect(statics).toEqual([200, 200, 200, 200, 200]);
    } finally {
      await limited.close();
    }
  });
});

describe('without a built app', () => {
  it('answers / with a JSON 404 saying to run pnpm build:web; the API is unchanged', async () => {
    const bare = await createTestApp({ devnet });
    try {
      const url = await listen(bare);
      for (const path of ['/', '/admin']) {
        const body = await expectJsonNotFound(await fetch(`${url}${path}`));
        expect(body.error).toContain('pnpm build:web');
      }
      const api = await expectJsonNotFound(await fetch(`${url}/api/nope`));
      expect(api.error).toBe('No route answers GET on this path');
      expect((await fetch(`${url}/api/health`)).status).toBe(200);
    } finally {
      await bare.close();
    }
  });
});
