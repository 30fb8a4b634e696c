import { parentPort, workerData } from 'node:worker_threads';
import type { ShopStore } from '@trx-shop/domain';
import { isRaceOperationName, type RaceInput, runRaceOperation } from './race-operations.js';
import type { RaceWorkerData, RaceWorkerMessage } from './race-worker-protocol.js';

const post = (message: RaceWorkerMessage): void => parentPort?.postMessage(message);

/**
 * The body of a race worker: opens its own store with `open(storeOptions)`, reports ready,
 * waits at the shared start barrier, then runs all its jobs concurrently.
 */
export const serveRaceWorker = async (open: (storeOptions: unknown) => Promise<ShopStore>): Promise<void> => {
  const data = workerData as RaceWorkerData;
  let store: ShopStore | null = null;
  try {
    const operation = data.operation;
    if (!isRaceOperationName(operation)) throw new Error(`unknown race operation ${operation}`);
    store = await open(data.storeOptions);
    const opened = store;
    post({ type: 'ready' });
    Atomics.wait(data.gate, 0, 0);
    const results = await Promise.all(
      data.jobs.map(async (job) => ({
        index: job.index,
        output: await runRaceOperation(operation, opened, job.input as RaceInput<typeof operation>),
      })),
    );
    post({ type: 'done', results });
  } catch (error) {
    post({ type: 'failed', error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  } finally {
    await store?.close();
  }
};
