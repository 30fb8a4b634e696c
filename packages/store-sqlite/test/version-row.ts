import type { Database } from '../src/sqlite-database.js';

/**
 * `epoch:version` of a one-row version table (migrations 20 and 23), read straight from SQLite so
 * a test sees what triggers did without going through the code that reads it.
 */
export const versionRowOf = (db: Database, table: 'customer_search_version' | 'wallet_holders_version') => {
  const row = db
    .prepare<[], { epoch: string; version: number }>(`SELECT epoch, version FROM ${table} WHERE id = 1`)
    .get();
  return `${row?.epoch}:${row?.version}`;
};
