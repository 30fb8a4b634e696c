import { spawn } from 'node:child_process';
import { childEnv, makeDataDir, removeDataDir, startServiceProcess } from '@trx-shop/test-kit';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

const API_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const BANNER_FIRST = 'TRX Shop is running';
const BANNER_LAST = '  Demo       ';

// biome-ignore lint/suspicious/noControlCharactersInRegex: terminal colour codes are what is stripped
const withoutColours = (text: string) => text.replace(/\u001b\[[0-9;]*m/g, '');

/** The banner's lines, from its first to its last, as they appear in `text`: must be one block. */
const bannerBlock = (lines: readonly string[]) => {
  const first = lines.indexOf(BANNER_FIRST);
  const last = lines.findIndex((line) => line.startsWith(BANNER_LAST));
  expect(first, 'the banner starts').toBeGreaterThanOrEqual(0);
  expect(last, 'the banner ends after it starts').toBeGreaterThan(first);
  return lines.slice(first, last + 1);
};

describe('the service log and its banner', () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await makeDataDir();
  });
  afterEach(() => removeDataDir(dataDir));

  it('without a terminal: stdout is JSON lines only, the banner goes to stderr in one block', async () => {
    const service = await startServiceProcess(dataDir);
    try {
      const health = await fetch(`${service.apiUrl}/api/health`);
      expect(health.status).toBe(200);
      await service.waitForOutput('"url":"/api/health"');
    } finally {
      await service.stop();
    }
    const stdoutLines = service
      .stdout()
      .split('\n')
      .filter((line) => line !== '');
    expect(stdoutLines.length).toBeGreaterThan(2);
    const records = stdoutLines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(records).toContainEqual(
      expect.objectContaining({ msg: BANNER_FIRST, api: `${service.apiUrl}/api`, devnet: service.devnetUrl }),
    );
    // The generated admin password is for the person at the terminal, never for the log.
    expect(service.stdout()).not.toContain('Admin password');

    const block = bannerBlock(service.stderr().split('\n'));
    expect(block.every((line) => !line.startsWith('{'))).toBe(true);
    expect(block.filter((line) => line.includes('Admin password (shown once'))).toHaveLength(1);
    // The devnet is announced once, with its control API.
    const devnetLines = service
      .output()
      .split('\n')
      .filter((line) => line.includes('control API'));
    expect(devnetLines).toEqual([
      `  Devnet     ${service.devnetUrl} (TRON HTTP API; control API ${service.devnetUrl}/devnet/*, see packages/tron-devnet/README.md)`,
    ]);
  }, 90_000);

  it('in a terminal (a real pseudo-terminal from script(1)): pino-pretty lines, then the banner in one block', async () => {
    // script(1) gives the server a pseudo-terminal as stdout and stderr, exactly as a shell would.
    const command = 'exec node --conditions=@trx-shop/source --import tsx src/server.ts';
    const child = spawn('script', ['-qfec', command, '/dev/null'], {
      cwd: API_DIR,
      detached: true,
      env: childEnv({
        TERM: 'xterm',
        PORT: '0',
        DATA_DIR: dataDir,
        ARGON2_MEMORY_KIB: '1024',
        ARGON2_TIME_COST: '1',
      }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let raw = '';
    const exited = new Promise<void>((resolve) => child.on('close', () => resolve()));
    const bannerDone = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no banner in 60 s:\n${raw}`)), 60_000);
      child.stdout.on('data', (chunk: Buffer) => {
        raw += chunk.toString('utf8');
        if (raw.includes(BANNER_LAST)) {
          clearTimeout(timer);
          resolve();
        }
      });
      void exited.then(() => reject(new Error(`exited before its banner:\n${raw}`)));
    });
    try {
      await bannerDone;
    } finally {
      if (child.pid !== undefined) process.kill(-child.pid, 'SIGTERM');
      await exited;
    }
    const lines = withoutColours(raw).replaceAll('\r', '').split('\n');
    expect(lines.some((line) => line.startsWith('{'))).toBe(false);
    const listening = lines.findIndex((line) =>
      /^\[\d\d:\d\d:\d\d\] INFO: Server listening at http:\/\//.test(line),
    );
    expect(listening, withoutColours(raw)).toBeGreaterThanOrEqual(0);
    const block = bannerBlock(lines);
    expect(lines.indexOf(BANNER_FIRST)).toBeGreaterThan(listening);
    expect(block.every((line) => line === '' || line.startsWith('  ') || line === BANNER_FIRST)).toBe(true);
    expect(block.filter((line) => line.includes('control API'))).toHaveLength(1);
  }, 90_000);
});
