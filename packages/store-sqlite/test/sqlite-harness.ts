import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ShopStore } from '@trx-shop/domain';
import { type ContractHarness, raceInWorkers } from '@trx-shop/store-contract';
import { openSqliteStore, type SqliteStoreOptions } from '../src/index.js';

const RACE_WORKERS = 4;

/** Each store gets its own WAL file in a temp directory, so race workers can open it too. */
const files = new WeakMap<ShopStore, { directory: string; options: SqliteStoreOptions }>();

export const sqliteHarness: ContractHarness = {
  name: 'sqlite',
  logsEventsAtWrite: true,
  async open() {
    const directory = mkdtempSync(join(tmpdir(), 'trx-shop-sqlite-'));
    const options = { filename: join(directory, 'shop.db') };
    const store = await openSqliteStore(options);
    files.set(store, { directory, options });
    return store;
  },
  async dispose(store) {
    await store.close();
    const file = files.get(store);
    if (file) rmSync(file.directory, { recursive: true, force: true });
  },
  async race(store, operation, inputs) {
    const file = files.get(store);
    if (!file) throw new Error('race needs a store made by this harness');
    return raceInWorkers({
      workerModule: new URL('./sqlite-race-worker.ts', import.meta.url),
      storeOptions: file.options,
      workers: RACE_WORKERS,
      operation,
      inputs,
    });
  },
};
