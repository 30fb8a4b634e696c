import { childEnv } from '@trx-shop/test-kit';
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

/*
 * Issue 16, item 2: `.env` in the working directory is read at start (Node's loader), the real
 * environment wins, and a bad value is reported like any other. The server runs from a temporary
 * working directory holding the `.env`, as the built service (`dist/server.js`).
 */

const SERVER = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'dist', 'server.js');
const TSC = join(
  dirname(fileURLToPath(import.meta.url)),
  '..',
  '..',
  '..',
  '..',
  'node_modules',
  '.bin',
  'tsc',
);
const API_PROJECT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

let cwd: string;
beforeEach(async () => {
  cwd = await mkdtemp(join(tmpdir(), 'trx-shop-dotenv-'));
});
afterEach(() => rm(cwd, { recursive: true, force: true }));

/** Runs the built server in `cwd` until it prints its banner (then stops it) or exits. */
const run = (env: Record<string, string>) =>
  new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, [SERVER], {
      cwd,
      env: childEnv({ PORT: '0', DATA_DIR: join(cwd, 'data'), ...env }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('  Admin ')) child.kill('SIGTERM');
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.on('close', (code) => resolve({ code, output }));
  });

const build = () =>
  new Promise<void>((resolve, reject) => {
    spawn(TSC, ['-b', API_PROJECT], { stdio: 'ignore' }).on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`tsc -b exited ${code}`)),
    );
  });

describe('.env in the working directory', () => {
  it('is read at start, and the real environment wins over it', async () => {
    await build();
    await writeFile(
      join(cwd, '.env'),
      'ADMIN_EMAIL=dotenv-admin@shop.example\nADMIN_PASSWORD=dotenv password 1\nARGON2_MEMORY_KIB=1024\nARGON2_TIME_COST=1\n',
    );
    const fromFile = await run({});
    expect(fromFile.output).toContain('Admin      dotenv-admin@shop.example');

    await rm(join(cwd, 'data'), { recursive: true, force: true });
    const overridden = await run({
      ADMIN_EMAIL: 'real-env-admin@shop.example',
      ADMIN_PASSWORD: 'real env password',
    });
    expect(overridden.output).toContain('Admin      real-env-admin@shop.example');
  }, 120_000);

  it('reports a bad value from the file like any other, in one line, and exits 1', async () => {
    await build();
    await writeFile(join(cwd, '.env'), 'LISTENER_INTERVAL_MS=soon\n');
    const { code, output } = await run({});
    expect(code).toBe(1);
    expect(output.trim().split('\n')).toEqual([
      expect.stringMatching(/^config: LISTENER_INTERVAL_MS: must be an integer/),
    ]);
  }, 120_000);
});
