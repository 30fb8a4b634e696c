import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { childEnv } from './child-env.js';

// From src/ or dist/ of this package alike: the api package beside it.
const API_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'api');
const START_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 30_000;

export const ADMIN = { email: 'owner@shop.example', password: 'owner-password-1' } as const;

/** Cheap hashing and a fast devnet; every test adds what it is about. */
const BASE_ENV = {
  PORT: '0',
  ARGON2_MEMORY_KIB: '1024',
  ARGON2_TIME_COST: '1',
  AUTH_RATE_LIMIT_MAX: '1000',
  RATE_LIMIT_MAX: '100000',
  DEVNET_BLOCK_INTERVAL_MS: '100',
} as const;

export interface Exit {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
}

export interface ServiceProcess {
  readonly apiUrl: string;
  readonly devnetUrl: string;
  /** Everything the process wrote so far, stdout and stderr interleaved as received. */
  output(): string;
  /** Each stream on its own. */
  stdout(): string;
  stderr(): string;
  /** Resolves once `text` shows up in the output (a log line, say). */
  waitForOutput(text: string, timeoutMs?: number): Promise<void>;
  /** Sends the signal and waits for the exit; SIGKILLs after `graceMs` (30 s) and reports that exit. */
  stop(signal?: NodeJS.Signals, graceMs?: number): Promise<Exit>;
  readonly exited: Promise<Exit>;
}

export const makeDataDir = (): Promise<string> => mkdtemp(join(tmpdir(), 'trx-shop-process-'));
export const removeDataDir = (dir: string): Promise<void> => rm(dir, { recursive: true, force: true });

const killIfRunning = (child: ChildProcess): void => {
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
};

/**
 * Runs `src/server.ts` as a real child process with only the given environment (nothing leaks in
 * from the developer's shell) and learns its URLs from the start-up banner, since PORT=0 picks a
 * free port nobody knows in advance.
 */
export const startServiceProcess = async (
  dataDir: string,
  env: Readonly<Record<string, string>> = {},
): Promise<ServiceProcess> => {
  const child = spawn(
    process.execPath,
    ['--conditions=@trx-shop/source', '--import', 'tsx', 'src/server.ts'],
    {
      cwd: API_DIR,
      env: childEnv({ ...BASE_ENV, DATA_DIR: dataDir, ...env }),
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  const streams = { stdout: '', stderr: '' };
  const listeners = new Set<() => void>();
  const append = (stream: keyof typeof streams) => (chunk: Buffer) => {
    const text = chunk.toString('utf8');
    output += text;
    streams[stream] += text;
    for (const listener of listeners) listener();
  };
  child.stdout?.on('data', append('stdout'));
  child.stderr?.on('data', append('stderr'));
  const exited = new Promise<Exit>((resolve) => {
    child.on('close', (code, signal) => {
      resolve({ code, signal });
      for (const listener of listeners) listener();
    });
  });
  const running = () => child.exitCode === null && child.signalCode === null;

  const waitFor = <T>(probe: () => T | null, timeoutMs: number, what: string): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      const check = () => {
        const found = probe();
        if (found !== null) {
          done();
          resolve(found);
        } else if (!running()) {
          done();
          reject(new Error(`service exited before ${what}; output:\n${output}`));
        }
      };
      const timer = setTimeout(() => {
        done();
        reject(new Error(`timed out waiting for ${what}; output:\n${output}`));
      }, timeoutMs);
      const done = () => {
        clearTimeout(timer);
        listeners.delete(check);
      };
      listeners.add(check);
      check();
    });

  try {
    const urls = await waitFor(
      () => {
        const api = /API {8}(http:\/\/\S+?)\/api\n/.exec(output);
        // With TRON_FULL_HOST the service runs no devnet of its own: the node is the given one.
        const devnet = env.TRON_FULL_HOST ?? /Devnet {5}(http:\/\/\S+)\s/.exec(output)?.[1];
        const ready = api?.[1] && devnet && /Admin {6}/.test(output);
        return ready ? { apiUrl: api[1] ?? '', devnetUrl: devnet } : null;
      },
      START_TIMEOUT_MS,
      'the start-up banner',
    );
    return {
      ...urls,
      output: () => output,
      stdout: () => streams.stdout,
      stderr: () => streams.stderr,
      waitForOutput: async (text, timeoutMs = 30_000) => {
        await waitFor(() => (output.includes(text) ? true : null), timeoutMs, JSON.stringify(text));
      },
      stop: async (signal = 'SIGTERM', graceMs = STOP_TIMEOUT_MS) => {
        if (running()) child.kill(signal);
        const timer = setTimeout(() => killIfRunning(child), graceMs);
        const exit = await exited;
        clearTimeout(timer);
        return exit;
      },
      exited,
    };
  } catch (error) {
    killIfRunning(child);
    await exited;
    throw error;
  }
};
