import type { Clock } from '../../ports/runtime.port.js';
import type { ShopStore } from '../../ports/shop-store.port.js';

const BATCH = 200;
/** Batches one call moves at most, so a run stays bounded even behind a burst of writes. */
const DEFAULT_MAX_BATCHES = 50;

/**
 * Moves the events state changes left in their records' outboxes to the log: insert (idempotent
 * by event id), then clear, batch after batch until the outbox is empty (or `maxBatches` were
 * moved, or `mayGoOn` says stop before a batch: the relay's lease is gone). A crash after the
 * insert leaves the entry, whose next relay finds it logged and only clears it; two relays at once
 * log each event once (though the loser's number becomes a hole readers wait out). Answers how
 * many it moved.
 */
export const relayOutbox = async (
  deps: { readonly store: Pick<ShopStore, 'outbox' | 'eventLog'>; readonly clock: Clock },
  maxBatches = DEFAULT_MAX_BATCHES,
  mayGoOn: () => Promise<boolean> = async () => true,
): Promise<number> => {
  const { outbox, eventLog } = deps.store;
  let moved = 0;
  for (let batch = 0; batch < maxBatches; batch += 1) {
    if (batch > 0 && !(await mayGoOn())) break;
    const entries = await outbox.pending(BATCH);
    for (const entry of entries) {
      // Logged by a relay that died before clearing: no new number for it.
      if (!(await eventLog.findById(entry.event.id))) {
        await eventLog.insert(entry.event, await eventLog.takeSequence(), deps.clock.now());
      }
      await outbox.clear(entry);
    }
    moved += entries.length;
    if (entries.length < BATCH) break;
  }
  return moved;
};

/**
 * Removes log entries older than the retention (default 30 days) that concern no order, in
 * batches of `batchSize`, at most `maxBatches` per call so one run stays bounded. An order's
 * events are its history (the timelines of docs/api.md) and are never removed.
 */
export const compactEventLog = async (
  deps: { readonly store: Pick<ShopStore, 'eventLog'>; readonly clock: Clock },
  options: { readonly retentionMs: number; readonly batchSize: number; readonly maxBatches: number },
): Promise<number> => {
  const before = new Date(deps.clock.now().getTime() - options.retentionMs);
  let removed = 0;
  for (let batch = 0; batch < options.maxBatches; batch += 1) {
    const count = await deps.store.eventLog.compact(before, options.batchSize);
    removed += count;
    if (count < options.batchSize) break;
  }
  return removed;
};
