import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { closeSync, openSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { createShopClient } from '@trx-shop/client';
import { freePort } from './free-port.js';
import { newWorkDir } from './work-dir.js';

const REPOSITORY = fileURLToPath(new URL('../../../', import.meta.url));

export interface FirstRunFigures {
  /** `pnpm start` on a built tree to the first 200 of /api/health (includes its no-op `tsc -b`). */
  readonly pnpmStartMs: number;
  /**
   * The README's first command (`bash scripts/setup.sh && pnpm start`: the install, the service's
   * build and the web apps' build) on a fresh clone with the package store warm, to the first 200;
   * null in the quick run.
   */
  readonly freshCloneMs: number | null;
}

const firstHealthy = async (child: ChildProcess, port: number, startedAt: number, timeoutMs: number) => {
  const guest = createShopClient({ baseUrl: `http://127.0.0.1:${port}` });
  const deadline = startedAt + timeoutMs;
  while (performance.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`the command exited with ${child.exitCode} before answering`);
    // A refused connection (not listening yet) rejects: not healthy yet, like a 503.
    const healthy = await guest.GET('/api/health').then(
      ({ response }) => response.ok,
      () => false,
    );
    if (healthy) return performance.now() - startedAt;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no answer within ${timeoutMs} ms`);
};

/** Runs a shell command that ends in a listening service, and stops its whole process group. */
const timeToFirstAnswer = async (
  command: string,
  cwd: string,
  env: Record<string, string>,
  timeoutMs: number,
) => {
  const port = await freePort();
  const dataDir = newWorkDir('first-run');
  const startedAt = performance.now();
  const logFile = join(dataDir, 'first-run.log');
  const log = openSync(logFile, 'w');
  const child = spawn('bash', ['-c', command], {
    cwd,
    detached: true,
    stdio: ['ignore', log, log],
    env: {
      ...process.env,
      ...env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
    },
  });
  // Listened for before anything can fail: a command that exits early must not leave us waiting.
  const exited = once(child, 'exit');
  try {
    return await firstHealthy(child, port, startedAt, timeoutMs);
  } catch (error) {
    throw new Error(`${command}: ${(error as Error).message}; log: ${logFile}`);
  } finally {
    if (child.exitCode === null && child.pid !== undefined) process.kill(-child.pid, 'SIGTERM');
    await exited;
    closeSync(log);
  }
};

export const measureFirstRun = async (
  mode: 'full' | 'quick',
  adminEnv: Record<string, string>,
): Promise<FirstRunFigures> => {
  const pnpmStartMs = await timeToFirstAnswer('pnpm start', REPOSITORY, adminEnv, 60_000);
  if (mode === 'quick') return { pnpmStartMs, freshCloneMs: null };
  const clone = join(newWorkDir('clone'), 'trx-shop');
  execFileSync('git', ['clone', '--quiet', REPOSITORY, clone]);
  const freshCloneMs = await timeToFirstAnswer(
    'bash scripts/setup.sh && pnpm start',
    clone,
    adminEnv,
    600_000,
  );
  return { pnpmStartMs, freshCloneMs };
};
