import type { ShopStore } from '@trx-shop/domain';
import { type Db, MongoClient } from 'mongodb';
import { openMongoStore } from '../../src/index.js';
import { freshDatabaseName } from './mongo-test-env.js';

/**
 * A store on a fresh database plus a raw driver handle on the same database, for tests that
 * inject faults (a crash between two writes) or inspect the stored documents.
 */
export interface StoreWithRawAccess {
  readonly store: ShopStore;
  readonly db: Db;
  readonly dbName: string;
  /** Another store on the same database, as a second app instance would open it. */
  openAnother(): Promise<ShopStore>;
  dispose(): Promise<void>;
}

export const openStoreWithRawAccess = async (uri: string, label: string): Promise<StoreWithRawAccess> => {
  const dbName = freshDatabaseName(label);
  const store = await openMongoStore({ uri, dbName });
  const client = await MongoClient.connect(uri);
  const others: ShopStore[] = [];
  return {
    store,
    db: client.db(dbName),
    dbName,
    async openAnother() {
      const other = await openMongoStore({ uri, dbName });
      others.push(other);
      return other;
    },
    async dispose() {
      await Promise.all([store.close(), ...others.map((other) => other.close())]);
      await client.db(dbName).dropDatabase();
      await client.close();
    },
  };
};
