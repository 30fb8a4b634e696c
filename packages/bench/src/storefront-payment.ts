import type { BrowserContext, Page } from 'playwright-core';
import {
  type ChromiumOptions,
  messageOf,
  open,
  reached,
  shownError,
  signInContext,
  VIEWPORT,
  withChromium,
} from './chromium-pages.js';
import { type NotMeasured, notMeasured } from './not-measured.js';

export interface PaymentTiming {
  /** From the Pay click to the order's status reading "Completed", both noted by the page. */
  readonly clickToCompletedMs: number;
  /** Blocks the node made between the click and "Completed" on screen. */
  readonly blocks: number;
}

export interface PaymentPageOptions extends ChromiumOptions {
  readonly baseUrl: string;
  /** The shopper's login; their wallet must cover every order. */
  readonly email: string;
  readonly password: string;
  readonly payments: number;
  /** Places a pending order for the shopper and answers its id. */
  readonly placeOrder: () => Promise<string>;
  /** The node's head block number now. */
  readonly headBlock: () => Promise<number>;
}

// The page notes both instants itself: a Playwright wait polls far coarser than the figure.
const NOTE_PAY_CLICK_AND_COMPLETED = `
  document.addEventListener('click', (event) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    if (button && button.textContent.startsWith('Pay ')) window.payClickedAtMs ??= performance.now();
  }, true);
  new MutationObserver((_, observer) => {
    const badges = [...document.querySelectorAll('.order-status')];
    if (!badges.some((badge) => badge.textContent === 'Completed')) return;
    window.completedAtMs = performance.now();
    observer.disconnect();
  }).observe(document, { childList: true, subtree: true, characterData: true });
`;
/** A function, not a string: the storefront's CSP refuses the `eval` a string predicate needs. */
const completedOrError = (): boolean => {
  const window = globalThis as unknown as {
    completedAtMs?: number;
    document: { querySelector(selector: string): unknown };
  };
  return window.completedAtMs !== undefined || window.document.querySelector('[role=alert]') !== null;
};

const payOnce = async (
  page: Page,
  options: PaymentPageOptions,
  waitMs: number,
): Promise<PaymentTiming | NotMeasured> => {
  const id = await options.placeOrder();
  await page.addInitScript(NOTE_PAY_CLICK_AND_COMPLETED);
  const refused = await open(
    page,
    { baseUrl: options.baseUrl, path: `/orders/${id}`, app: 'the storefront' },
    waitMs,
  );
  if (refused) return refused;
  // Enabled once the fee estimate is in and the wallet covers the order.
  const pay = page.getByRole('button', { name: /^Pay /, disabled: false });
  const missing = await reached(
    pay.or(page.getByRole('alert')).first().waitFor({ timeout: waitMs }),
    'no enabled Pay button on the order page',
    waitMs,
  );
  if (missing) return missing;
  const failed = await shownError(page);
  if (failed) return failed;
  const headAtClick = await options.headBlock();
  await pay.click({ timeout: waitMs });
  const notCompleted = await reached(
    page.waitForFunction(completedOrError, undefined, { timeout: waitMs, polling: 'raf' }),
    'the order not "Completed" on the page',
    waitMs,
  );
  if (notCompleted) return notCompleted;
  const headAtCompleted = await options.headBlock();
  const refusedPayment = await shownError(page);
  if (refusedPayment) return refusedPayment;
  const [clickedAtMs, completedAtMs] = await page.evaluate<[number, number]>(
    '[window.payClickedAtMs, window.completedAtMs]',
  );
  return { clickToCompletedMs: completedAtMs - clickedAtMs, blocks: headAtCompleted - headAtClick };
};

const payAll = async (
  context: BrowserContext,
  options: PaymentPageOptions,
  waitMs: number,
): Promise<PaymentTiming[] | NotMeasured> => {
  const timings: PaymentTiming[] = [];
  for (let i = 0; i < options.payments; i++) {
    const page = await context.newPage();
    try {
      const timing = await payOnce(page, options, waitMs);
      if ('notMeasured' in timing) return timing;
      timings.push(timing);
    } catch (error) {
      return notMeasured(`the browser failed: ${messageOf(error)}`);
    } finally {
      await page.close();
    }
  }
  return timings;
};

/**
 * A signed-in shopper in headless Chromium pays `payments` pending orders one after the other,
 * each from its order page: the time from the Pay click to "Completed" on screen (the page kept
 * current by its socket, never reloaded) and the blocks the node made meanwhile. Never throws for
 * the browser's sake: what cannot be measured is reported as such, with the reason.
 */
export const measureStorefrontPayments = async (
  options: PaymentPageOptions,
): Promise<readonly PaymentTiming[] | NotMeasured> =>
  withChromium(options, notMeasured, async (browser, waitMs) => {
    const context = await browser.newContext({ viewport: VIEWPORT });
    const refused = await signInContext(context, options.baseUrl, options);
    return refused ?? payAll(context, options, waitMs);
  });
