import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';

// Workspace packages resolve to their TypeScript sources through this export condition, so tests
// never depend on a prior build.
const sourceCondition = '@trx-shop/source';

const packagesWithTests = readdirSync('packages', { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && existsSync(join('packages', entry.name, 'test')))
  .map((entry) => entry.name);

export default defineConfig({
  resolve: { conditions: [sourceCondition] },
  ssr: { resolve: { conditions: [sourceCondition], externalConditions: [sourceCondition] } },
  test: {
    // A package with its own vitest.config.ts (for a global setup, say) uses it; the others get
    // the shared defaults.
    projects: packagesWithTests.map((name) =>
      existsSync(join('packages', name, 'vitest.config.ts'))
        ? join('packages', name, 'vitest.config.ts')
        : { extends: true, test: { name, root: join('packages', name), include: ['test/**/*.test.ts'] } },
    ),
  },
});
