import { createSqliteUserStore } from '../src/repositories/user-store.js';
import { migrate } from '../src/schema/migrate.js';
import type { Database } from '../src/sqlite-database.js';
import { SqliteDatabase } from '../src/sqlite-driver.js';

/**
 * A topic's row of `versions` as it reads (`epoch || version`), straight from SQLite, so a test
 * sees what triggers did without going through the code that reads it.
 */
export const versionRowOf = (db: Database, topic: 'customer-search' | 'wallet-holders') => {
  const row = db
    .prepare<[string], { epoch: string; version: number }>(
      'SELECT epoch, version FROM versions WHERE topic = ?',
    )
    .get(topic);
  return `${row?.epoch}${row?.version}`;
};

/** A migrated in-memory database and its user store; `cleanups` gets its closing. */
export const openMemoryUsers = (cleanups: (() => void)[]) => {
  const db = new SqliteDatabase(':memory:');
  cleanups.push(() => db.close());
  migrate(db);
  return { db, users: createSqliteUserStore(db) };
};
