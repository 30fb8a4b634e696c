export { openSqliteStore, type SqliteStoreOptions } from './open-sqlite-store.js';
