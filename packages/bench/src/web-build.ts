import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPOSITORY = fileURLToPath(new URL('../../../', import.meta.url));
export const WEB_DIST = join(REPOSITORY, 'packages', 'web', 'dist');
const BUILT_MARKER = join(WEB_DIST, 'admin', 'index.html');
/** What the build reads: the apps' sources and configuration, and the client bundled from its sources. */
const WEB_INPUTS = [
  'packages/web/src',
  'packages/web/index.html',
  'packages/web/admin/index.html',
  'packages/web/vite.config.ts',
  'packages/web/package.json',
  'packages/client/src',
].map((path) => join(REPOSITORY, path));

const newestChange = (path: string): number => {
  if (!existsSync(path)) return 0;
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return Math.max(stats.mtimeMs, ...readdirSync(path).map((entry) => newestChange(join(path, entry))));
};

/**
 * Builds the web apps (`pnpm --filter @trx-shop/web build`) when their build is missing or older
 * than a source, so the figures are those of the code the service would serve from this tree.
 * Answers whether it built.
 */
export const ensureWebBuild = (): boolean => {
  if (existsSync(BUILT_MARKER)) {
    const builtAt = statSync(BUILT_MARKER).mtimeMs;
    if (WEB_INPUTS.every((input) => newestChange(input) <= builtAt)) return false;
  }
  const build = spawnSync('pnpm', ['--filter', '@trx-shop/web', 'build'], {
    cwd: REPOSITORY,
    encoding: 'utf8',
  });
  if (build.status !== 0)
    throw new Error(
      `pnpm --filter @trx-shop/web build exited with ${build.status ?? build.signal}: ${`${build.stdout}${build.stderr}`.slice(-2_000)}`,
    );
  return true;
};
