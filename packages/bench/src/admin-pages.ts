import { existsSync } from 'node:fs';
import { type Browser, type BrowserContext, chromium, errors, type Page } from 'playwright-core';
import { median } from './median.js';
import { type NotMeasured, notMeasured } from './not-measured.js';

export const CHROMIUM_PATH = '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const DEFAULT_WAIT_MS = 30_000;
/** A desktop screen: the largest contentful paint depends on what fits in the viewport. */
const VIEWPORT = { width: 1440, height: 900 };

export interface PageTiming {
  readonly medianMs: number;
  readonly samplesMs: readonly number[];
}

export type PageFigure = PageTiming | NotMeasured;

export interface AdminPageFigures {
  /** Loads per page, each in a fresh tab of one signed-in browser context. */
  readonly samples: number;
  /** `/admin/`: the largest contentful paint once the dashboard's content is shown. */
  readonly dashboardLcp: PageFigure;
  /** `/admin/orders`: navigation start to the orders table's first row shown. */
  readonly ordersInteractive: PageFigure;
}

export interface AdminPagesOptions {
  readonly baseUrl: string;
  /** An admin's login. */
  readonly email: string;
  readonly password: string;
  readonly samples: number;
  /** The bound on every wait; a page that does not get there within it is not measured. */
  readonly waitMs?: number;
  readonly chromiumPath?: string;
}

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** Null once `wait` resolves; what did not happen when it times out. */
const reached = async (wait: Promise<unknown>, what: string, waitMs: number): Promise<NotMeasured | null> => {
  try {
    await wait;
    return null;
  } catch (error) {
    if (error instanceof errors.TimeoutError) return notMeasured(`${what} within ${waitMs / 1000} s`);
    throw error;
  }
};

/** Opens `path` in the page; says why when the answer is not the app's HTML. */
const open = async (
  page: Page,
  baseUrl: string,
  path: string,
  waitMs: number,
): Promise<NotMeasured | null> => {
  let response: Awaited<ReturnType<Page['goto']>>;
  try {
    response = await page.goto(`${baseUrl}${path}`, { waitUntil: 'commit', timeout: waitMs });
  } catch (error) {
    if (error instanceof errors.TimeoutError)
      return notMeasured(`GET ${path}: no answer within ${waitMs / 1000} s`);
    throw error;
  }
  const type = response?.headers()['content-type'] ?? 'no content type';
  if (response?.status() === 200 && type.startsWith('text/html')) return null;
  return notMeasured(`GET ${path} answered ${response?.status() ?? 'nothing'} (${type}), not the admin app`);
};

/** The API error the page shows (`<ErrorNotice>` is an alert), if any. */
const shownError = async (page: Page): Promise<NotMeasured | null> => {
  const [text] = await page.getByRole('alert').allInnerTexts();
  return text === undefined
    ? null
    : notMeasured(`the page showed an error: ${text.replace(/\s+/g, ' ').trim()}`);
};

/** How long no new candidate must come before the largest contentful paint is read. */
const LCP_QUIET_MS = 300;
// Evaluated in the page as a string: the bench compiles without the DOM's types. A candidate is
// reported only once its frame is presented, frames after the paint on a busy machine, so the
// figure is read when no new one has come for a while.
const LARGEST_CONTENTFUL_PAINT = `new Promise((resolve) => {
  let latest = null;
  let reportedAt = performance.now();
  new PerformanceObserver((list) => {
    latest = list.getEntries().at(-1)?.startTime ?? latest;
    reportedAt = performance.now();
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  const settle = () =>
    performance.now() - reportedAt >= ${LCP_QUIET_MS} ? resolve(latest) : requestAnimationFrame(settle);
  requestAnimationFrame(settle);
})`;

const dashboardLcp = async (page: Page, baseUrl: string, waitMs: number): Promise<number | NotMeasured> => {
  const refused = await open(page, baseUrl, '/admin/', waitMs);
  if (refused) return refused;
  const heading = page.getByRole('heading', { level: 1, name: 'Dashboard' });
  const missing = await reached(
    heading.or(page.getByRole('alert')).first().waitFor({ timeout: waitMs }),
    'no "Dashboard" heading',
    waitMs,
  );
  if (missing) return missing;
  // Each part of the page shows <Loading> (a status ending in "…") until its data is in.
  const loading = page.getByRole('status').filter({ hasText: '…' });
  const stillLoading = await reached(
    loading.first().waitFor({ state: 'hidden', timeout: waitMs }),
    'the dashboard still loading',
    waitMs,
  );
  if (stillLoading)
    return notMeasured(`${stillLoading.notMeasured} (${(await loading.allInnerTexts()).join(', ')})`);
  const failed = await shownError(page);
  if (failed) return failed;
  const lcp: unknown = await page.evaluate(LARGEST_CONTENTFUL_PAINT);
  return typeof lcp === 'number' ? lcp : notMeasured('Chromium reported no largest contentful paint');
};

const ordersInteractive = async (
  page: Page,
  baseUrl: string,
  waitMs: number,
): Promise<number | NotMeasured> => {
  // The page notes when the first body row enters the DOM: Playwright's waits poll up to 500 ms
  // apart, far coarser than the figure.
  await page.addInitScript(`
    new MutationObserver((_, observer) => {
      if (!document.querySelector('tbody tr td')) return;
      window.firstRowAtMs = performance.now();
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true });
  `);
  const refused = await open(page, baseUrl, '/admin/orders', waitMs);
  if (refused) return refused;
  // A body row holds cells; the header row holds column headers.
  const firstRow = page
    .getByRole('row')
    .filter({ has: page.getByRole('cell') })
    .first();
  const missing = await reached(
    firstRow.or(page.getByRole('alert')).first().waitFor({ timeout: waitMs }),
    'no row in the orders table',
    waitMs,
  );
  if (missing) return missing;
  const shownAtMs = await page.evaluate<number>('window.firstRowAtMs ?? performance.now()');
  return (await shownError(page)) ?? shownAtMs;
};

/** `samples` loads, each in a fresh tab; the first that cannot be measured ends the figure. */
const sample = async (
  context: BrowserContext,
  samples: number,
  waitMs: number,
  measureOnce: (page: Page) => Promise<number | NotMeasured>,
): Promise<PageFigure> => {
  const samplesMs: number[] = [];
  for (let i = 0; i < samples; i++) {
    const page = await context.newPage();
    try {
      const figure = await measureOnce(page);
      if (typeof figure !== 'number') return figure;
      samplesMs.push(figure);
    } catch (error) {
      return notMeasured(`the browser failed: ${messageOf(error)}`);
    } finally {
      // Closing a tab whose navigation is still under way can hang Chromium's close.
      await page.waitForLoadState('load', { timeout: waitMs }).catch(() => undefined);
      await page.close();
    }
  }
  return { medianMs: median(samplesMs), samplesMs };
};

/** Logs in through the API in the context, whose cookies the pages then send. */
const signIn = async (context: BrowserContext, options: AdminPagesOptions): Promise<NotMeasured | null> => {
  const login = await context.request.post(`${options.baseUrl}/api/auth/login`, {
    data: { email: options.email, password: options.password },
    failOnStatusCode: false,
  });
  if (!login.ok()) return notMeasured(`POST /api/auth/login answered ${login.status()}`);
  const profile = await context.request.get(`${options.baseUrl}/api/auth/profile`, {
    failOnStatusCode: false,
  });
  if (!profile.ok()) return notMeasured(`GET /api/auth/profile answered ${profile.status()} after the login`);
  return null;
};

/**
 * The admin's dashboard and orders page in headless Chromium, signed in as an admin: the
 * dashboard's largest contentful paint and the orders page's time to its first row, each the
 * median of `samples` loads. Never throws for the browser's sake: what cannot be measured is
 * reported as such, with the reason.
 */
export const measureAdminPages = async (options: AdminPagesOptions): Promise<AdminPageFigures> => {
  const waitMs = options.waitMs ?? DEFAULT_WAIT_MS;
  const chromiumPath = options.chromiumPath ?? CHROMIUM_PATH;
  const neither = (reason: string): AdminPageFigures => ({
    samples: options.samples,
    dashboardLcp: notMeasured(reason),
    ordersInteractive: notMeasured(reason),
  });
  if (!existsSync(chromiumPath)) return neither(`no ${chromiumPath}`);
  let browser: Browser;
  try {
    browser = await chromium.launch({ executablePath: chromiumPath, args: CHROMIUM_ARGS, timeout: waitMs });
  } catch (error) {
    return neither(`Chromium did not start: ${messageOf(error)}`);
  }
  try {
    const context = await browser.newContext({ viewport: VIEWPORT });
    const refused = await signIn(context, options);
    if (refused) return neither(refused.notMeasured);
    return {
      samples: options.samples,
      dashboardLcp: await sample(context, options.samples, waitMs, (page) =>
        dashboardLcp(page, options.baseUrl, waitMs),
      ),
      ordersInteractive: await sample(context, options.samples, waitMs, (page) =>
        ordersInteractive(page, options.baseUrl, waitMs),
      ),
    };
  } catch (error) {
    return neither(`the browser failed: ${messageOf(error)}`);
  } finally {
    await browser.close();
  }
};

/** `812 ms (median of 790, 812, 1020 ms)` or `not measured (why)`. */
export const describePageFigure = (figure: PageFigure): string =>
  'notMeasured' in figure
    ? `not measured (${figure.notMeasured})`
    : `${figure.medianMs.toFixed(0)} ms (median of ${figure.samplesMs.map((ms) => ms.toFixed(0)).join(', ')} ms)`;

export const describeAdminPages = (pages: AdminPageFigures): string =>
  `dashboard LCP ${describePageFigure(pages.dashboardLcp)}; orders page interactive ${describePageFigure(pages.ordersInteractive)}`;
