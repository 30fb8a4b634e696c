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
export const DEFAULT_WAIT_MS = 30_000;
/** A desktop screen: the largest contentful paint depends on what fits in the viewport. */
export const VIEWPORT = { width: 1440, height: 900 };

export interface PageTiming {
  readonly medianMs: number;
  readonly samplesMs: readonly number[];
}

export type PageFigure = PageTiming | NotMeasured;

export interface ChromiumOptions {
  /** The bound on every wait; a page that does not get there within it is not measured. */
  readonly waitMs?: number;
  readonly chromiumPath?: string;
}

export const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** Null once `wait` resolves; what did not happen when it times out. */
export const reached = async (
  wait: Promise<unknown>,
  what: string,
  waitMs: number,
): Promise<NotMeasured | null> => {
  try {
    await wait;
    return null;
  } catch (error) {
    if (error instanceof errors.TimeoutError) return notMeasured(`${what} within ${waitMs / 1000} s`);
    throw error;
  }
};

/** Opens `path` in the page; says why when the answer is not `app`'s HTML. */
export const open = async (
  page: Page,
  target: { readonly baseUrl: string; readonly path: string; readonly app: string },
  waitMs: number,
): Promise<NotMeasured | null> => {
  const { baseUrl, path, app } = target;
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
  return notMeasured(`GET ${path} answered ${response?.status() ?? 'nothing'} (${type}), not ${app}`);
};

/** The API error the page shows (`<ErrorNotice>` is an alert), if any. */
export const shownError = async (page: Page): Promise<NotMeasured | null> => {
  const [text] = await page.getByRole('alert').allInnerTexts();
  return text === undefined
    ? null
    : notMeasured(`the page showed an error: ${text.replace(/\s+/g, ' ').trim()}`);
};

/**
 * Null once no part of the page shows `<Loading>` (a status ending in "…") any more; else what
 * was still loading.
 */
export const loaded = async (page: Page, what: string, waitMs: number): Promise<NotMeasured | null> => {
  const loading = page.getByRole('status').filter({ hasText: '…' });
  const stillLoading = await reached(
    loading.first().waitFor({ state: 'hidden', timeout: waitMs }),
    `${what} still loading`,
    waitMs,
  );
  return stillLoading
    ? notMeasured(`${stillLoading.notMeasured} (${(await loading.allInnerTexts()).join(', ')})`)
    : null;
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

/** The page's largest contentful paint so far, once Chromium has reported every candidate. */
export const largestContentfulPaint = async (page: Page): Promise<number | NotMeasured> => {
  const lcp: unknown = await page.evaluate(LARGEST_CONTENTFUL_PAINT);
  return typeof lcp === 'number' ? lcp : notMeasured('Chromium reported no largest contentful paint');
};

/** `samples` loads, each in a fresh tab; the first that cannot be measured ends the figure. */
export const sample = async (
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
export const signInContext = async (
  context: BrowserContext,
  baseUrl: string,
  login: { readonly email: string; readonly password: string },
): Promise<NotMeasured | null> => {
  const answer = await context.request.post(`${baseUrl}/api/auth/login`, {
    data: { email: login.email, password: login.password },
    failOnStatusCode: false,
  });
  if (!answer.ok()) return notMeasured(`POST /api/auth/login answered ${answer.status()}`);
  const profile = await context.request.get(`${baseUrl}/api/auth/profile`, { failOnStatusCode: false });
  if (!profile.ok()) return notMeasured(`GET /api/auth/profile answered ${profile.status()} after the login`);
  return null;
};

/**
 * Runs `use` with a headless Chromium, closed afterwards. Never throws for the browser's sake:
 * without Chromium, when it does not start or when it fails, the answer is `unmeasured(reason)`.
 */
export const withChromium = async <T>(
  options: ChromiumOptions,
  unmeasured: (reason: string) => T,
  use: (browser: Browser, waitMs: number) => Promise<T>,
): Promise<T> => {
  const waitMs = options.waitMs ?? DEFAULT_WAIT_MS;
  const chromiumPath = options.chromiumPath ?? CHROMIUM_PATH;
  if (!existsSync(chromiumPath)) return unmeasured(`no ${chromiumPath}`);
  let browser: Browser;
  try {
    browser = await chromium.launch({ executablePath: chromiumPath, args: CHROMIUM_ARGS, timeout: waitMs });
  } catch (error) {
    return unmeasured(`Chromium did not start: ${messageOf(error)}`);
  }
  try {
    return await use(browser, waitMs);
  } catch (error) {
    return unmeasured(`the browser failed: ${messageOf(error)}`);
  } finally {
    await browser.close();
  }
};

/** `812 ms (median of 790, 812, 1020 ms)` or `not measured (why)`. */
export const describePageFigure = (figure: PageFigure): string =>
  'notMeasured' in figure
    ? `not measured (${figure.notMeasured})`
    : `${figure.medianMs.toFixed(0)} ms (median of ${figure.samplesMs.map((ms) => ms.toFixed(0)).join(', ')} ms)`;
