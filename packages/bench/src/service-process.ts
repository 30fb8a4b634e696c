import { type ChildProcess, spawn } from 'node:child_process';
import { createShopClient } from '@trx-shop/client';
import { createWriteStream, readFileSync } from 'node:fs';
import { once } from 'node:events';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

const SERVER_ENTRY = fileURLToPath(new URL('../../api/dist/server.js', import.meta.url));
const ROOT_PACKAGE = fileURLToPath(new URL('../../../package.json', import.meta.url));

/** The Node flags of `pnpm start` (root package.json): the bench measures the process it runs. */
const startCommandNodeFlags = (): string[] => {
  const { scripts } = JSON.parse(readFileSync(ROOT_PACKAGE, 'utf8')) as { scripts: { start: string } };
  const command = /\bnode((?:\s+--\S+)*)\s+packages\/api\/dist\/server\.js/.exec(scripts.start);
  if (!command)
    throw new Error(`the start script does not run packages/api/dist/server.js: ${scripts.start}`);
  return (command[1] ?? '').split(/\s+/).filter((flag) => flag !== '');
};

export interface ServiceOptions {
  readonly dataDir: string;
  readonly port: number;
  /** Added to (and overriding) the benchmark's defaults. */
  readonly env?: Record<string, string>;
  /** Node flags for the service process (e.g. --cpu-prof). */
  readonly nodeArgs?: readonly string[];
}

export interface RunningServiceProcess {
  readonly baseUrl: string;
  readonly pid: number;
  /** Spawn to the first answered health check. */
  readonly startupMs: number;
  readonly logFile: string;
  /** Resident set size now and the peak since start (VmRSS, VmHWM), in MiB. */
  memory(): { rssMiB: number; peakRssMiB: number };
  /** The service's JSON log lines so far. */
  logLines(): Record<string, unknown>[];
  stop(): Promise<number | null>;
}

/** The bench service's METRICS_TOKEN: `/metrics` on its API port answers to it. */
export const BENCH_METRICS_TOKEN = 'bench-metrics-token-not-a-secret-0123456789';

/**
 * Limits that would otherwise cap the load the benchmark puts on the service, and the glibc
 * setting the Dockerfile sets for production (argon2's working memory returned after each hash).
 */
const BENCH_ENV = {
  MALLOC_MMAP_THRESHOLD_: '131072',
  // Metrics on, as a production deployment scrapes them: the memo counters come from /metrics.
  METRICS_TOKEN: BENCH_METRICS_TOKEN,
  RATE_LIMIT_MAX: '10000000',
  AUTH_RATE_LIMIT_MAX: '10000000',
  LOG_LEVEL: 'info',
};

const readStatusKiB = (pid: number, field: string): number => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status);
  return match ? Number(match[1]) : Number.NaN;
};

const waitForHealth = async (baseUrl: string, child: ChildProcess, timeoutMs: number): Promise<void> => {
  const guest = createShopClient({ baseUrl });
  const deadline = performance.now() + timeoutMs;
  while (performance.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`service exited with ${child.exitCode} during start-up`);
    try {
      const { response } = await guest.GET('/api/health');
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error(`service did not answer /api/health within ${timeoutMs} ms`);
};

/** Starts the service from its build, with the start command's Node flags, as its own process. */
export const startServiceProcess = async (options: ServiceOptions): Promise<RunningServiceProcess> => {
  const logFile = join(options.dataDir, `service-${Date.now()}.log`);
  const log = createWriteStream(logFile);
  await once(log, 'open');
  const startedAt = performance.now();
  const child = spawn(
    process.execPath,
    [...startCommandNodeFlags(), ...(options.nodeArgs ?? []), SERVER_ENTRY],
    {
      env: {
        PATH: process.env.PATH ?? '',
        ...BENCH_ENV,
        DATA_DIR: options.dataDir,
        PORT: String(options.port),
        HOST: '127.0.0.1',
        ...options.env,
      },
      stdio: ['ignore', log, log],
    },
  );
  const baseUrl = `http://127.0.0.1:${options.port}`;
  try {
    await waitForHealth(baseUrl, child, 60_000);
  } catch (error) {
    child.kill('SIGKILL');
    throw new Error(`${(error as Error).message}; log: ${logFile}`);
  }
  const startupMs = performance.now() - startedAt;
  const pid = child.pid as number;
  return {
    baseUrl,
    pid,
    startupMs,
    logFile,
    memory: () => ({
      rssMiB: readStatusKiB(pid, 'VmRSS') / 1024,
      peakRssMiB: readStatusKiB(pid, 'VmHWM') / 1024,
    }),
    logLines: () =>
      readFileSync(logFile, 'utf8')
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as Record<string, unknown>),
    stop: async () => {
      if (child.exitCode !== null) return child.exitCode;
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      const [code] = (await exited) as [number | null];
      log.end();
      return code;
    },
  };
};

/** The service's first JSON log line with this `msg`, polled until it appears. */
export const awaitLogLine = async (
  service: RunningServiceProcess,
  message: string,
  timeoutMs: number,
): Promise<Record<string, unknown>> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const line = service.logLines().find((entry) => entry.msg === message);
    if (line) return line;
    if (Date.now() > deadline)
      throw new Error(`no "${message}" log line within ${timeoutMs} ms; log: ${service.logFile}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};
