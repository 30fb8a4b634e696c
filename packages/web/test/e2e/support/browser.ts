import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { CHROMIUM_PATH } from './chromium.js';
import { watchPageProblems } from './page-problems.js';

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export const WIDE = { width: 1440, height: 900 } as const;
export const NARROW = { width: 360, height: 740 } as const;

/** How long a locator waits for the page: generous, the machine running the tests is shared. */
const ACTION_TIMEOUT_MS = 15_000;

export interface PageOptions {
  /** 1440x900 unless given; NARROW is the phone-sized variant. */
  readonly viewport?: { readonly width: number; readonly height: number };
  /** The viewer's time zone (UTC unless given), so what a page shows is the same on every machine. */
  readonly timezoneId?: string;
}

export interface Browsing {
  /** A page in a fresh context (no cookies), its base URL the shop's, its problems watched. */
  newPage(options?: PageOptions): Promise<Page>;
  /**
   * Closes the contexts opened since the last call and fails (throws) when any page logged a
   * console error, a CSP violation or an uncaught exception: call it in `afterEach`.
   */
  endTest(): Promise<void>;
  close(): Promise<void>;
}

/** One Chromium per test file; one fresh context per page, so no test inherits a session. */
export const openBrowser = async (baseURL: string): Promise<Browsing> => {
  const browser: Browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  let contexts: BrowserContext[] = [];
  let problems: string[] = [];
  return {
    newPage: async ({ viewport = WIDE, timezoneId = 'UTC' } = {}) => {
      const context = await browser.newContext({
        baseURL,
        viewport: { ...viewport },
        locale: 'en-US',
        timezoneId,
      });
      context.setDefaultTimeout(ACTION_TIMEOUT_MS);
      contexts.push(context);
      const page = await context.newPage();
      await watchPageProblems(page, problems);
      return page;
    },
    endTest: async () => {
      const found = problems;
      await Promise.all(contexts.map((context) => context.close()));
      contexts = [];
      problems = [];
      if (found.length > 0) {
        throw new Error(`the pages reported problems:\n${found.join('\n')}`);
      }
    },
    close: () => browser.close(),
  };
};
