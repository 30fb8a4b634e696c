import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { sqliteDriverPackage } from './sqlite-driver.js';

/**
 * The thread's whole program. It is handed over as text (not as a module file) so that it runs
 * the same from the compiled package and from the TypeScript sources the tests load.
 */
const CHECKPOINT_THREAD = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.filename);
const checkpoint = () => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch {
    // Another connection is checkpointing or writing its header: the next tick catches up.
  }
};
const timer = setInterval(checkpoint, workerData.intervalMs);
parentPort.on('message', () => {
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;

export interface WalCheckpointer {
  /** Stops the thread and closes its connection; the store's own close comes after. */
  stop(): Promise<void>;
}

/**
 * Copies the write-ahead log back into the database file on a thread of its own, every
 * `intervalMs`. SQLite's automatic checkpoint runs inside the commit that crosses its threshold
 * (1,000 pages), on the event loop: two fsyncs and the copy, a few milliseconds every few dozen
 * writes, and every request waiting behind them. A PASSIVE checkpoint never blocks the writer or
 * the readers; if it cannot finish (a reader still on old pages) the next one carries on.
 * `onFailure` hears when the thread cannot run, so the caller can give the work back to the
 * commits.
 */
export const startWalCheckpointer = (
  filename: string,
  intervalMs: number,
  onFailure: (error: unknown) => void,
): WalCheckpointer => {
  const driver = createRequire(import.meta.url).resolve(sqliteDriverPackage);
  const worker = new Worker(CHECKPOINT_THREAD, { eval: true, workerData: { filename, driver, intervalMs } });
  // Not `events.once`: that rejects on the 'error' event, which onFailure handles.
  const exited = new Promise((resolve) => worker.once('exit', resolve));
  worker.on('error', onFailure);
  // A process that ends without closing the store is not held open by this thread.
  worker.unref();
  return {
    stop: async () => {
      // Held again while it stops: an unreferenced thread is no reason for the event loop to
      // wait, and a process awaiting this at its top level would exit unsettled (code 13).
      worker.ref();
      worker.postMessage('stop');
      await exited;
    },
  };
};
