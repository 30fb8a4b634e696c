import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { hasChromium, underCi } from './chromium.js';

const WEB_DIR = fileURLToPath(new URL('../../..', import.meta.url));

/**
 * The web project's global setup: builds the apps into dist/ once per run, so the browser tests
 * drive what `pnpm start` would serve. Skipped where no browser test can run or is in the run.
 */
export default async function buildApps(project: TestProject): Promise<void> {
  if (!hasChromium && !underCi) return;
  // A run that excludes the browser tests (the Node 24 rerun) has no use for the build.
  if (!project.matchesTestGlob(join(WEB_DIR, 'test', 'e2e', 'sign-in.test.ts'))) return;
  const child = spawn(join(WEB_DIR, 'node_modules', '.bin', 'vite'), ['build', '--logLevel', 'warn'], {
    cwd: WEB_DIR,
    // Vitest sets NODE_ENV=test, which would give React's development build.
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString('utf8');
  });
  child.stderr.on('data', (chunk: Buffer) => {
    output += chunk.toString('utf8');
  });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', resolve);
  });
  if (code !== 0) throw new Error(`vite build of the web apps exited ${code}:\n${output}`);
}
