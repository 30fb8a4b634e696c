import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { ShopStore } from '@trx-shop/domain';
import { withStoreCaches } from '../caching/store-caches.js';
import type { AppConfig } from '../config/config.js';

export const SQLITE_FILE = 'trx-shop.sqlite';

/** What the caching layer around the store may tell the metrics about its work. */
export interface StoreObservers {
  /** How a customer search was answered: from kept matches, or read from the store. */
  readonly onCustomerSearch?: (outcome: 'memo' | 'rendered') => void;
}

/**
 * Only the configured store's adapter is loaded: importing the MongoDB driver costs over 100 ms
 * of start-up and ~15 MB of RSS, which the embedded default (SQLite) has no use for.
 */
const openStore = async (config: AppConfig): Promise<ShopStore> => {
  if (config.store.kind === 'mongodb') {
    const { openMongoStore } = await import('@trx-shop/store-mongodb');
    return openMongoStore({ uri: config.store.uri, dbName: config.store.dbName });
  }
  await mkdir(config.dataDir, { recursive: true });
  const { openSqliteStore } = await import('@trx-shop/store-sqlite');
  return openSqliteStore({ filename: join(config.dataDir, SQLITE_FILE) });
};

/** The configured store inside the caching layer's decorators. */
export const openConfiguredStore = async (
  config: AppConfig,
  observers: StoreObservers = {},
): Promise<ShopStore> => {
  return withStoreCaches(await openStore(config), observers.onCustomerSearch);
};
