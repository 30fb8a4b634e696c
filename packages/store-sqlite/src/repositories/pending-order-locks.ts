import type { Database } from '../sqlite-database.js';

/** A lock whose order was never written (crash between lock and insert) is abandoned after this. */
export const ORPHAN_LOCK_MS = 60_000;

export type LockOutcome =
  | { readonly taken: true }
  | { readonly taken: false; readonly pendingOrderId: string };

/**
 * The one-pending-order-per-user rule, without partial indexes: a row per user in
 * pending_order_locks (primary key user_id) names the order holding the user's pending slot.
 * Callers run these inside their IMMEDIATE transaction; the primary key is what enforces the rule.
 */
export const createPendingOrderLocks = (db: Database) => {
  const insert = db.prepare(
    'INSERT OR IGNORE INTO pending_order_locks (user_id, order_id, created_at) VALUES (?, ?, ?)',
  );
  const current = db.prepare<[string], { order_id: string; created_at: number }>(
    'SELECT order_id, created_at FROM pending_order_locks WHERE user_id = ?',
  );
  const holderStatus = db.prepare<[string], { status: string }>('SELECT status FROM orders WHERE id = ?');
  const takeOver = db.prepare(
    'UPDATE pending_order_locks SET order_id = ?, created_at = ? WHERE user_id = ? AND order_id = ?',
  );
  const release = db.prepare('DELETE FROM pending_order_locks WHERE user_id = ? AND order_id = ?');

  return {
    take(userId: string, orderId: string, now: number): LockOutcome {
      if (insert.run(userId, orderId, now).changes === 1) return { taken: true };
      const lock = current.get(userId);
      if (!lock) throw new Error('the pending-order lock vanished inside a write transaction');
      if (lock.order_id === orderId) return { taken: true };
      const holder = holderStatus.get(lock.order_id);
      const stale = holder ? holder.status !== 'pending' : now - lock.created_at > ORPHAN_LOCK_MS;
      // Guarded on the stale holder's id: a takeover never steals a lock someone else just renewed.
      if (stale && takeOver.run(orderId, now, userId, lock.order_id).changes === 1) return { taken: true };
      return { taken: false, pendingOrderId: lock.order_id };
    },

    release(userId: string, orderId: string): void {
      release.run(userId, orderId);
    },
  };
};

export type PendingOrderLocks = ReturnType<typeof createPendingOrderLocks>;
