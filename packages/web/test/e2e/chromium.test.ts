// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { CHROMIUM_INSTALL, CHROMIUM_PATH, hasChromium, underCi } from './support/chromium.js';

describe('the browser tests under CI', () => {
  // Elsewhere the browser tests skip with a printed reason; CI must never pass without them.
  it.runIf(underCi)(`find Chromium at ${CHROMIUM_PATH}`, () => {
    expect(
      hasChromium,
      `${CHROMIUM_PATH} is missing, so the browser tests cannot run: install it with \`${CHROMIUM_INSTALL}\``,
    ).toBe(true);
  });
});
