import { childEnv } from '@trx-shop/test-kit';
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DEVNET_USDT_CONTRACT } from '../src/index.js';

const PACKAGE_DIR = join(dirname(fileURLToPath(import.meta.url)), '..');

describe('pnpm devnet', () => {
  it('announces itself in one line naming the TRON HTTP API, the control API, the genesis address and the USDT contract', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli.ts'], {
      cwd: PACKAGE_DIR,
      env: childEnv({ DEVNET_PORT: '0', DEVNET_BLOCK_INTERVAL_MS: '0' }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
    });
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString('utf8');
        if (output.includes('\n')) resolve();
      });
      void exited.then(() => reject(new Error(`exited early: ${output}`)));
    });
    const url = /TRON HTTP API on (http:\/\/127\.0\.0\.1:\d+),/.exec(output)?.[1] ?? '';
    // The announced control API answers: it is the devnet's own state endpoint.
    const state = await fetch(`${url}/devnet/state`);
    expect(state.status).toBe(200);
    expect(await state.json()).toMatchObject({
      head: expect.any(Number),
      solid: expect.any(Number),
      usdtContract: DEVNET_USDT_CONTRACT,
    });
    // A later marker (stop) proves nothing else was printed in between.
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    const lines = output.split('\n').filter((line) => line !== '');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(`control API on ${url}/devnet/*`);
    expect(lines[0]).toMatch(
      /genesis T[1-9A-HJ-NP-Za-km-z]{33}, USDT contract T\w{33}, head \d+, solid depth 3$/,
    );
    expect(lines[0]).toContain(`, USDT contract ${DEVNET_USDT_CONTRACT}, `);
  }, 60_000);
});
