import { serveRaceWorker } from '@trx-shop/store-contract/race-worker';
import { openSqliteStore, type SqliteStoreOptions } from '../src/index.js';

await serveRaceWorker((options) => openSqliteStore(options as SqliteStoreOptions));
