import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { CHROMIUM_PATH } from '../src/chromium-pages.js';
import { measureStorefrontPages } from '../src/storefront-pages.js';

/*
 * The measurement against a stand-in of the service in this process, serving a catalogue that
 * shows its products after a known delay: a figure read before they are shown comes out below it.
 */
const PRODUCTS_DELAY_MS = 700;
const SHORT_WAIT_MS = 2_000;
const BROWSER_TEST_MS = 120_000;

const page = (body: string) =>
  `<!doctype html><html lang="en"><head><title>TRX Shop</title></head><body><main>${body}</main></body></html>`;

/** Cards whose text is far larger than the heading: the catalogue's largest contentful paint once shown. */
const CARDS = `<ul aria-label="Products">${'<li><h2>Catalogue item</h2><p>A sticker of the TRON logo, printed on vinyl that lasts outdoors for years.</p></li>'.repeat(24)}</ul>`;

const CATALOGUES = {
  products: page(`<h1>Shop</h1><p role="status">Loading products…</p>
    <script>setTimeout(() => {
      document.querySelector('[role=status]').remove();
      document.querySelector('main').insertAdjacentHTML('beforeend', ${JSON.stringify(CARDS)});
    }, ${PRODUCTS_DELAY_MS});</script>`),
  neverLoaded: page('<h1>Shop</h1><p role="status">Loading products…</p>'),
  failing: page(
    '<h1>Shop</h1><div role="alert"><strong>The products could not be loaded</strong> <code>INTERNAL_ERROR</code> boom</div>',
  ),
};

const servers: Server[] = [];
afterAll(async () => {
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
});

/** The stand-in: the storefront's `/` as `catalogue` says, or a JSON 404 when it serves no app. */
const startStandIn = async (catalogue: keyof typeof CATALOGUES | 'none'): Promise<string> => {
  const server = createServer((request, response) => {
    if (catalogue === 'none' || request.url !== '/')
      return response.writeHead(404, { 'content-type': 'application/json' }).end('{"code":"NOT_FOUND"}');
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(CATALOGUES[catalogue]);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
};

const hasChromium = existsSync(CHROMIUM_PATH);
if (!hasChromium) console.warn(`storefront pages browser tests SKIPPED: ${CHROMIUM_PATH} not found`);

describe("the storefront's catalogue measured in Chromium", () => {
  it('reports the catalogue as not measured, with no figure, when Chromium is missing', async () => {
    const figures = await measureStorefrontPages({
      baseUrl: 'http://127.0.0.1:9',
      samples: 5,
      chromiumPath: '/nonexistent/chromium',
    });
    expect(figures).toEqual({ samples: 5, catalogueLcp: { notMeasured: 'no /nonexistent/chromium' } });
  });

  describe.skipIf(!hasChromium)('with /usr/bin/chromium', () => {
    it(
      "takes the catalogue's LCP once its products replace the loading status, over the samples",
      async () => {
        const figures = await measureStorefrontPages({ baseUrl: await startStandIn('products'), samples: 3 });
        const { catalogueLcp } = figures;
        if ('notMeasured' in catalogueLcp) throw new Error(catalogueLcp.notMeasured);
        expect(catalogueLcp.samplesMs).toHaveLength(3);
        // Before the products are shown the heading is the largest paint, far earlier than the delay.
        for (const lcp of catalogueLcp.samplesMs) expect(lcp).toBeGreaterThanOrEqual(PRODUCTS_DELAY_MS);
        expect(catalogueLcp.medianMs).toBe([...catalogueLcp.samplesMs].sort((a, b) => a - b)[1]);
      },
      BROWSER_TEST_MS,
    );

    it(
      'reports the catalogue as not measured when its products never show within the bound',
      async () => {
        const figures = await measureStorefrontPages({
          baseUrl: await startStandIn('neverLoaded'),
          samples: 1,
          waitMs: SHORT_WAIT_MS,
        });
        expect(figures.catalogueLcp).toEqual({ notMeasured: 'no list of products within 2 s' });
      },
      BROWSER_TEST_MS,
    );

    it(
      'reports the error the catalogue shows instead of a figure',
      async () => {
        const figures = await measureStorefrontPages({
          baseUrl: await startStandIn('failing'),
          samples: 1,
          waitMs: SHORT_WAIT_MS,
        });
        expect(figures.catalogueLcp).toEqual({
          notMeasured: 'the page showed an error: The products could not be loaded INTERNAL_ERROR boom',
        });
      },
      BROWSER_TEST_MS,
    );

    it(
      'reports the catalogue as not measured when the service does not serve the storefront',
      async () => {
        const figures = await measureStorefrontPages({
          baseUrl: await startStandIn('none'),
          samples: 1,
          waitMs: SHORT_WAIT_MS,
        });
        expect(figures.catalogueLcp).toEqual({
          notMeasured: 'GET / answered 404 (application/json), not the storefront',
        });
      },
      BROWSER_TEST_MS,
    );
  });
});
