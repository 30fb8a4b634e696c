import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { RaceInput, RaceOperationName, RaceOutput } from './race-operations.js';
import type { RaceWorkerData, RaceWorkerMessage } from './race-worker-protocol.js';

export interface WorkerRaceOptions<N extends RaceOperationName> {
  /** A module that calls `serveRaceWorker(open)` (TypeScript is fine: workers load tsx). */
  readonly workerModule: URL;
  /** Structured-clone data the worker's `open` receives (a database file name, say). */
  readonly storeOptions: unknown;
  /** At least 2 so that calls really overlap; inputs are dealt round-robin. */
  readonly workers: number;
  readonly operation: N;
  readonly inputs: readonly RaceInput<N>[];
}

/** tsx's ESM register API as a file URL (its package exports map it only for `import`). */
const tsxRegisterApi = (): string => {
  const require = createRequire(import.meta.url);
  const manifest: unknown = require('tsx/package.json');
  const entry = (manifest as { exports?: Record<string, { import?: { default?: string } }> }).exports?.[
    './esm/api'
  ]?.import?.default;
  if (!entry) throw new Error('tsx does not export ./esm/api for import');
  return pathToFileURL(join(dirname(require.resolve('tsx/package.json')), entry)).href;
};

/**
 * On Node 20, `--import tsx` in a worker's execArgv does not reach the worker's own loader, so a
 * tiny bootstrap registers tsx inside the worker before importing the TypeScript entry.
 */
const bootstrap = (workerModule: URL): string =>
  `import(${JSON.stringify(tsxRegisterApi())})` +
  `.then(({ register }) => { register(); return import(${JSON.stringify(workerModule.href)}); })` +
  '.catch((error) => { console.error(error); process.exit(70); });';

/**
 * Runs a race across worker threads. Every worker opens its own connection first; only when all
 * are ready does a shared Atomics flag release them, so the calls overlap instead of running one
 * worker after the other.
 */
export const raceInWorkers = async <N extends RaceOperationName>(
  options: WorkerRaceOptions<N>,
): Promise<RaceOutput<N>[]> => {
  const workerCount = Math.max(1, Math.min(options.workers, options.inputs.length));
  const gate = new Int32Array(new SharedArrayBuffer(4));
  const outputs: RaceOutput<N>[] = new Array(options.inputs.length);
  const workers: Worker[] = [];
  const ready: Promise<void>[] = [];
  const done: Promise<void>[] = [];

  for (let w = 0; w < workerCount; w++) {
    const jobs = options.inputs
      .map((input, index) => ({ index, input: input as unknown }))
      .filter((job) => job.index % workerCount === w);
    const workerData: RaceWorkerData = {
      storeOptions: options.storeOptions,
      operation: options.operation,
      jobs,
      gate,
    };
    const worker = new Worker(bootstrap(options.workerModule), {
      eval: true,
      workerData,
      execArgv: ['--conditions=@trx-shop/source'],
    });
    workers.push(worker);
    let markReady: () => void = () => {};
    ready.push(new Promise<void>((resolve) => (markReady = resolve)));
    done.push(
      new Promise<void>((resolve, reject) => {
        worker.on('message', (message: RaceWorkerMessage) => {
          if (message.type === 'ready') markReady();
          else if (message.type === 'done') {
            for (const result of message.results) outputs[result.index] = result.output as RaceOutput<N>;
            resolve();
          } else reject(new Error(`race worker ${w} failed: ${message.error}`));
        });
        worker.on('error', reject);
        worker.on('exit', (code) =>
          reject(new Error(`race worker ${w} exited with code ${code} before answering`)),
        );
      }),
    );
  }

  try {
    await Promise.race([Promise.all(ready), Promise.all(done)]);
    Atomics.store(gate, 0, 1);
    Atomics.notify(gate, 0);
    await Promise.all(done);
    return outputs;
  } finally {
    await Promise.all(workers.map((worker) => worker.terminate()));
  }
};
