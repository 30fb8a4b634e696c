import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

/*
 * Issue 16, item 1: `pnpm start` compiles nothing it does not run. Its build is `tsc -b` over the
 * server's project, which must not reach any test project (those have no build output, so tsc
 * re-checks them on every run), and which after one build has nothing left to do.
 */

const run = promisify(execFile);
const root = fileURLToPath(new URL('../../../../', import.meta.url));
const tsc = `${root}node_modules/.bin/tsc`;

const startScript = (): string =>
  (JSON.parse(readFileSync(`${root}package.json`, 'utf8')) as { scripts: Record<string, string> }).scripts
    .start ?? '';

describe('pnpm start on a built tree', () => {
  it('builds only the server and what it references, never a test project', () => {
    const [build, launch] = startScript()
      .split('&&')
      .map((part) => part.trim());
    expect(build).toBe('tsc -b packages/api');
    // Node's own flags (the heap growth docs/operations.md explains) may come before the script.
    expect(launch).toMatch(/^node (--[a-z-]+(=\S+)? )*packages\/api\/dist\/server\.js$/);
  });

  it('has nothing left to compile after one build (tsc -b --dry reports every project up to date)', async () => {
    await run(tsc, ['-b', 'packages/api'], { cwd: root });
    const { stdout } = await run(tsc, ['-b', 'packages/api', '--dry'], { cwd: root });
    const lines = stdout.split('\n').filter((line) => line.trim() !== '');
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(line).toMatch(/is up to date/);
    expect(stdout).not.toMatch(/\/test\b|tsconfig\.test\.json/);
  }, 120_000);
});
