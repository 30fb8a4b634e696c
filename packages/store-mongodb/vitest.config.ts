import { defineProject } from 'vitest/config';

// Same source condition as the root config: workspace packages resolve to their TypeScript sources.
const sourceCondition = '@trx-shop/source';

export default defineProject({
  resolve: { conditions: [sourceCondition] },
  ssr: { resolve: { conditions: [sourceCondition], externalConditions: [sourceCondition] } },
  test: {
    name: 'store-mongodb',
    include: ['test/**/*.test.ts'],
    // Starts (or finds) the MongoDB the tests talk to and provides its URI to them.
    globalSetup: ['./test/support/global-setup.ts'],
    // One shared server: files run one after another so the 2-core machine is not oversubscribed
    // and each race runs against an otherwise idle server.
    fileParallelism: false,
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
