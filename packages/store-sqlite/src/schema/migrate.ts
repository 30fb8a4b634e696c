import type { Database } from 'better-sqlite3';
import { MIGRATIONS } from './migrations.js';

/**
 * Brings the schema to the latest version. Runs under BEGIN IMMEDIATE so that two processes
 * opening one new file at once serialize: the second sees the first one's version and skips.
 */
export const migrate = (db: Database): number => {
  const apply = db.transaction(() => {
    const current = db.pragma('user_version', { simple: true });
    const from = typeof current === 'number' ? current : 0;
    if (from > MIGRATIONS.length) {
      throw new Error(`database schema version ${from} is newer than this code (${MIGRATIONS.length})`);
    }
    for (let version = from; version < MIGRATIONS.length; version++) {
      db.exec(MIGRATIONS[version] as string);
      db.pragma(`user_version = ${version + 1}`);
    }
    return MIGRATIONS.length;
  });
  return apply.immediate();
};
