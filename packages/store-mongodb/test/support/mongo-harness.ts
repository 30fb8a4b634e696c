import type { ShopStore } from '@trx-shop/domain';
import type { ContractHarness } from '@trx-shop/store-contract';
import { raceInProcess } from '@trx-shop/store-contract';
import { MongoClient } from 'mongodb';
import { openMongoStore } from '../../src/index.js';
import { freshDatabaseName } from './mongo-test-env.js';

/** Separate clients per race: each has its own connection pool, like separate app instances. */
const RACE_CLIENTS = 4;

interface OpenedStore {
  readonly uri: string;
  readonly dbName: string;
}

/**
 * The contract harness: every `open()` makes a store on a database of its own; `dispose` closes
 * it and drops the database; `race` spreads the calls over extra stores (own MongoClients) on
 * the same database.
 */
export const mongoHarness = (uri: string): ContractHarness => {
  const opened = new WeakMap<ShopStore, OpenedStore>();
  return {
    name: 'mongodb',
    async open() {
      const dbName = freshDatabaseName('contract');
      const store = await openMongoStore({ uri, dbName });
      opened.set(store, { uri, dbName });
      return store;
    },
    async dispose(store) {
      await store.close();
      const location = opened.get(store);
      if (!location) return;
      const client = await MongoClient.connect(location.uri);
      try {
        await client.db(location.dbName).dropDatabase();
      } finally {
        await client.close();
      }
    },
    async race(store, operation, inputs) {
      const location = opened.get(store);
      if (!location) throw new Error('race() needs a store made by this harness');
      const racers = await Promise.all(
        Array.from({ length: RACE_CLIENTS }, () =>
          openMongoStore({ uri: location.uri, dbName: location.dbName }),
        ),
      );
      try {
        return await raceInProcess(racers, operation, inputs);
      } finally {
        await Promise.all(racers.map((racer) => racer.close()));
      }
    },
  };
};
