import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

const BLOCKING_IMPACTS = new Set(['serious', 'critical']);

/**
 * axe-core on the page as it is now: any serious or critical violation fails, each one printed.
 * A sandboxed frame (a mail's HTML part) is left out: it runs no script, so axe cannot enter it
 * and would wait forever, and what it shows is a mail, not the app.
 */
export const expectNoSeriousA11yViolations = async (page: Page): Promise<void> => {
  const { violations } = await new AxeBuilder({ page }).exclude('iframe[sandbox]').analyze();
  const blocking = violations
    .filter((violation) => BLOCKING_IMPACTS.has(violation.impact ?? ''))
    .map(
      (violation) =>
        `${violation.impact} ${violation.id}: ${violation.help} (${violation.helpUrl})\n` +
        violation.nodes.map((node) => `    at ${node.target.join(' ')}`).join('\n'),
    );
  if (blocking.length > 0) console.error(`axe on ${page.url()}:\n${blocking.join('\n')}`);
  expect(blocking, `serious or critical axe violations on ${page.url()}`).toEqual([]);
};

/** The page fits its viewport's width: nothing makes the body scroll sideways (360 px included). */
export const expectNoSideScroll = async (page: Page): Promise<void> => {
  const widths = await page.evaluate(() => ({
    content: document.documentElement.scrollWidth,
    viewport: window.innerWidth,
  }));
  expect(
    widths.content,
    `${page.url()} is ${widths.content} px wide in a ${widths.viewport} px viewport`,
  ).toBeLessThanOrEqual(widths.viewport);
};

/** What every page must pass wherever a test lands on it. */
export const expectPageQuality = async (page: Page): Promise<void> => {
  await expectNoSeriousA11yViolations(page);
  await expectNoSideScroll(page);
};
