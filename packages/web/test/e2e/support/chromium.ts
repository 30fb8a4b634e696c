import { existsSync } from 'node:fs';

/** Debian's Chromium: the browser tests drive it with playwright-core and never download one. */
export const CHROMIUM_PATH = '/usr/bin/chromium';
export const CHROMIUM_INSTALL = 'apt-get install -y chromium';

export const hasChromium = existsSync(CHROMIUM_PATH);
export const underCi = process.env.CI === 'true';

let warned = false;

/**
 * Whether this file's browser tests run; without Chromium they are skipped with a printed reason
 * (under CI, chromium.test.ts fails instead, so a CI run never passes without them).
 */
export const browserTestsRun = (): boolean => {
  if (!hasChromium && !warned) {
    warned = true;
    console.warn(
      `browser tests SKIPPED: ${CHROMIUM_PATH} not found (install it with \`${CHROMIUM_INSTALL}\`)`,
    );
  }
  return hasChromium;
};
