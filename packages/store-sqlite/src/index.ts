export { openSqliteStore, type SqliteStoreOptions } from './open-sqlite-store.js';
/** The driver the store runs on, for tools that open a store file themselves (an auditor's query, a test's edit). */
export { SqliteDatabase } from './sqlite-driver.js';
