import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { ShopStore } from '@trx-shop/domain';
import { openMongoStore } from '@trx-shop/store-mongodb';
import { openSqliteStore } from '@trx-shop/store-sqlite';
import type { AppConfig } from '../config/config.js';

export const SQLITE_FILE = 'trx-shop.sqlite';

export const openConfiguredStore = async (config: AppConfig): Promise<ShopStore> => {
  if (config.store.kind === 'mongodb')
    return openMongoStore({ uri: config.store.uri, dbName: config.store.dbName });
  await mkdir(config.dataDir, { recursive: true });
  return openSqliteStore({ filename: join(config.dataDir, SQLITE_FILE) });
};
