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
  VIEWPORT,
  withChromium,
} from './chromium-pages.js';
import { type NotMeasured, notMeasured } from './not-measured.js';

export interface StorefrontPageFigures {
  /** Loads of the page, each in a fresh tab of one visitor's browser context. */
  readonly samples: number;
  /** `/`: the largest contentful paint once the catalogue's products are shown. */
  readonly catalogueLcp: PageFigure;
}

export interface StorefrontPagesOptions extends ChromiumOptions {
  readonly baseUrl: string;
  readonly samples: number;
}

const catalogueLcp = async (page: Page, baseUrl: string, waitMs: number): Promise<number | NotMeasured> => {
  const refused = await open(page, { baseUrl, path: '/', app: 'the storefront' }, waitMs);
  if (refused) return refused;
  const products = page.getByRole('list', { name: 'Products' });
  const missing = await reached(
    products.or(page.getByRole('alert')).first().waitFor({ timeout: waitMs }),
    'no list of products',
    waitMs,
  );
  if (missing) return missing;
  const stillLoading = await loaded(page, 'the catalogue', waitMs);
  if (stillLoading) return stillLoading;
  return (await shownError(page)) ?? largestContentfulPaint(page);
};

/**
 * The storefront's catalogue (`/`) in headless Chromium as a visitor who has not signed in: its
 * largest contentful paint once the products are shown, the median of `samples` loads. Never
 * throws for the browser's sake: what cannot be measured is reported as such, with the reason.
 */
export const measureStorefrontPages = async (
  options: StorefrontPagesOptions,
): Promise<StorefrontPageFigures> => {
  const unmeasured = (reason: string): StorefrontPageFigures => ({
    samples: options.samples,
    catalogueLcp: notMeasured(reason),
  });
  return withChromium(options, unmeasured, async (browser, waitMs) => {
    const context = await browser.newContext({ viewport: VIEWPORT });
    return {
      samples: options.samples,
      catalogueLcp: await sample(context, options.samples, waitMs, (page) =>
        catalogueLcp(page, options.baseUrl, waitMs),
      ),
    };
  });
};

export const describeStorefrontPages = (pages: StorefrontPageFigures): string =>
  `catalogue LCP ${describePageFigure(pages.catalogueLcp)}`;
