import type { LeaseStore } from '@trx-shop/domain';
import type { Database } from '../sqlite-database.js';

/**
 * One upsert decides: insert when absent, else take over only if expired (expiresAt <= now) or
 * already ours. A single statement is atomic, so two instances never both hold the lease.
 */
export const createSqliteLeaseStore = (db: Database): LeaseStore => {
  const acquire = db.prepare(
    'INSERT INTO leases (name, holder, expires_at) VALUES (@name, @holder, @expires_at) ' +
      'ON CONFLICT (name) DO UPDATE SET holder = excluded.holder, expires_at = excluded.expires_at ' +
      'WHERE leases.expires_at <= @now OR leases.holder = excluded.holder',
  );
  const release = db.prepare('DELETE FROM leases WHERE name = ? AND holder = ?');
  return {
    async tryAcquire(name, holder, now, ttlMs) {
      return (
        acquire.run({ name, holder, now: now.getTime(), expires_at: now.getTime() + ttlMs }).changes === 1
      );
    },
    async release(name, holder) {
      release.run(name, holder);
    },
  };
};
