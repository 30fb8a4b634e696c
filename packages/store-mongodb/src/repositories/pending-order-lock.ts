import type { Collection } from 'mongodb';
import type { OrderDocument, PendingOrderLockDocument } from '../documents.js';
import { isDuplicateKey } from '../duplicate-key.js';

/** A lock whose order was never written (crash between lock and insert) is abandoned after this. */
export const ABANDONED_LOCK_MS = 60_000;
const MAX_ATTEMPTS = 100;

export type LockOutcome =
  | { readonly taken: true }
  | { readonly taken: false; readonly holderOrderId: string };

/*
 * At most one pending order per user, without partial indexes or transactions: a lock record per
 * user (`_id` = userId) names the one order allowed to be pending. It is taken by a unique insert
 * and released by a delete guarded by its orderId. A lock is stale, and may be taken over by a
 * guarded update on {userId, orderId}, when its order is no longer pending (a release that never
 * happened) or when its order does not exist and the lock is older than ABANDONED_LOCK_MS.
 */
export const createPendingOrderLocks = (
  locks: Collection<PendingOrderLockDocument>,
  orders: Collection<OrderDocument>,
) => {
  const isStale = async (lock: PendingOrderLockDocument, now: Date): Promise<boolean> => {
    const age = now.getTime() - lock.createdAt.getTime();
    const order = await orders.findOne({ _id: lock.orderId }, { projection: { status: 1 } });
    if (!order) return age > ABANDONED_LOCK_MS;
    if (order.status === 'pending') return false;
    // An order being moved back into pending still reads non-pending for a moment.
    return !lock.settling || age > ABANDONED_LOCK_MS;
  };

  return {
    /**
     * Takes the user's lock for `orderId`. `settling` marks a lock taken for an order that exists
     * but is not pending yet (a status change back into pending); `confirmSettled` clears it.
     */
    async take(userId: string, orderId: string, now: Date, settling = false): Promise<LockOutcome> {
      const fresh: PendingOrderLockDocument = {
        _id: userId,
        orderId,
        createdAt: now,
        ...(settling ? { settling } : {}),
      };
      for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
        try {
          await locks.insertOne(fresh);
          return { taken: true };
        } catch (error) {
          if (!isDuplicateKey(error)) throw error;
        }
        const held = await locks.findOne({ _id: userId });
        // Released between our insert and this read: try the insert again.
        if (!held) continue;
        if (held.orderId === orderId) return { taken: true };
        if (!(await isStale(held, now))) return { taken: false, holderOrderId: held.orderId };
        // Only one of several takers can replace the stale holder; the others re-read.
        const takeover = await locks.replaceOne({ _id: userId, orderId: held.orderId }, fresh);
        if (takeover.matchedCount === 1) return { taken: true };
      }
      throw new Error(`the pending-order lock of user ${userId} kept changing hands`);
    },

    async confirmSettled(userId: string, orderId: string): Promise<void> {
      await locks.updateOne({ _id: userId, orderId }, { $unset: { settling: '' } });
    },

    async release(userId: string, orderId: string): Promise<void> {
      await locks.deleteOne({ _id: userId, orderId });
    },

    async holderOf(userId: string): Promise<string | null> {
      return (await locks.findOne({ _id: userId }))?.orderId ?? null;
    },
  };
};

export type PendingOrderLocks = ReturnType<typeof createPendingOrderLocks>;
