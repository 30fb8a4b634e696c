import type { Page } from 'playwright-core';
import {
  type ChromiumOptions,
  describePageFigure,
  largestContentfulPaint,
  loaded,
  open,
  type PageFigure,
  reached,
  sample,
  shownError,
  signInContext,
  VIEWPORT,
  withChromium,
} from './chromium-pages.js';
import { type NotMeasured, notMeasured } from './not-measured.js';

export interface AdminPageFigures {
  /** Loads per page, each in a fresh tab of one signed-in browser context. */
  readonly samples: number;
  /** `/admin/`: the largest contentful paint once the dashboard's content is shown. */
  readonly dashboardLcp: PageFigure;
  /** `/admin/orders`: navigation start to the orders table's first row shown. */
  readonly ordersInteractive: PageFigure;
}

export interface AdminPagesOptions extends ChromiumOptions {
  readonly baseUrl: string;
  /** An admin's login. */
  readonly email: string;
  readonly password: string;
  readonly samples: number;
}

const ADMIN_APP = 'the admin app';

const dashboardLcp = async (page: Page, baseUrl: string, waitMs: number): Promise<number | NotMeasured> => {
  const refused = await open(page, { baseUrl, path: '/admin/', app: ADMIN_APP }, waitMs);
  if (refused) return refused;
  const heading = page.getByRole('heading', { level: 1, name: 'Dashboard' });
  const missing = await reached(
    heading.or(page.getByRole('alert')).first().waitFor({ timeout: waitMs }),
    'no "Dashboard" heading',
    waitMs,
  );
  if (missing) return missing;
  // Each part of the page shows <Loading> until its data is in.
  const stillLoading = await loaded(page, 'the dashboard', waitMs);
  if (stillLoading) return stillLoading;
  return (await shownError(page)) ?? largestContentfulPaint(page);
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
  const refused = await open(page, { baseUrl, path: '/admin/orders', app: ADMIN_APP }, waitMs);
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

/**
 * The admin's dashboard and orders page in headless Chromium, signed in as an admin: the
 * dashboard's largest contentful paint and the orders page's time to its first row, each the
 * median of `samples` loads. Never throws for the browser's sake: what cannot be measured is
 * reported as such, with the reason.
 */
export const measureAdminPages = async (options: AdminPagesOptions): Promise<AdminPageFigures> => {
  const neither = (reason: string): AdminPageFigures => ({
    samples: options.samples,
    dashboardLcp: notMeasured(reason),
    ordersInteractive: notMeasured(reason),
  });
  return withChromium(options, neither, async (browser, waitMs) => {
    const context = await browser.newContext({ viewport: VIEWPORT });
    const refused = await signInContext(context, options.baseUrl, options);
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
  });
};

export const describeAdminPages = (pages: AdminPageFigures): string =>
  `dashboard LCP ${describePageFigure(pages.dashboardLcp)}; orders page interactive ${describePageFigure(pages.ordersInteractive)}`;
