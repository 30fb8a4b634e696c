import { defineConfig } from 'vitest/config';

// Component tests render in jsdom; the browser tests (test/e2e) drive Chromium from Node and say
// so in their first line (`@vitest-environment node`).
export default defineConfig({
  resolve: { conditions: ['@trx-shop/source'] },
  test: {
    name: 'web',
    root: new URL('.', import.meta.url).pathname,
    include: ['test/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    // A rendered page in jsdom takes seconds on a busy two-core machine running other projects.
    testTimeout: 20_000,
    // The browser tests drive the built apps: one build per run, before any test starts.
    globalSetup: ['test/e2e/support/build-apps.ts'],
  },
});
