import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.js';

const CHROMIUM_PATH = '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const RESULTS_DIR = new URL('../../../../test-results/', import.meta.url);
const SCREENSHOT_URL = new URL('swagger-ui.png', RESULTS_DIR);
/** Generous: the first start of Chromium on a busy two-core machine is slow. */
const BROWSER_TIMEOUT_MS = 60_000;

const hasChromium = existsSync(CHROMIUM_PATH);
if (!hasChromium) {
  console.warn(
    `swagger-ui browser test SKIPPED: ${CHROMIUM_PATH} not found (install it with \`apt-get install -y chromium\`)`,
  );
}

describe.skipIf(!hasChromium)('swagger-ui at /api/docs in headless Chromium', () => {
  let h: TestApp;
  let browser: Browser;
  let page: Page;
  /** Console errors and CSP violations the page reports: a blocked script or style shows here. */
  const pageErrors: string[] = [];
  let tags: string[] = [];

  beforeAll(async () => {
    h = await createTestApp();
    const url = await h.app.listen({ port: 0, host: '127.0.0.1' });
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
    page = await browser.newPage();
    page.on('console', (message) => {
      if (message.type() === 'error') pageErrors.push(message.text());
    });
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.goto(`${url}/api/docs`);
    // swagger-ui renders one heading per tag once it has fetched and parsed the document.
    await page.waitForSelector('.opblock-tag', { timeout: BROWSER_TIMEOUT_MS });
    tags = await page.$$eval('.opblock-tag', (headings) =>
      headings.map((heading) => heading.getAttribute('data-tag') ?? ''),
    );
    await mkdir(RESULTS_DIR, { recursive: true });
    await page.screenshot({ path: fileURLToPath(SCREENSHOT_URL), fullPage: true });
  }, BROWSER_TIMEOUT_MS * 2);

  afterAll(async () => {
    await browser?.close();
    await h?.close();
  });

  it('lists the orders and admin sections of the API', () => {
    expect(tags).toEqual(expect.arrayContaining(['orders', 'admin']));
  });

  it('shows the operations of the orders section', async () => {
    const orderOperations = await page.$$eval('#operations-tag-orders ~ * .opblock-summary-path', (paths) =>
      paths.map((path) => path.textContent?.replace(/\u200b/g, '') ?? ''),
    );
    expect(orderOperations).toContain('/api/orders');
  });

  it('loads without console errors, so the Content-Security-Policy lets swagger-ui run', () => {
    expect(pageErrors, 'console errors on /api/docs (a CSP violation names the blocking directive)').toEqual(
      [],
    );
  });

  it('saves a screenshot of the page to test-results/swagger-ui.png', () => {
    expect(existsSync(SCREENSHOT_URL)).toBe(true);
  });
});
