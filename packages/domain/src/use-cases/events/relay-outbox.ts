import type { OutboxEntry } from '../../ports/outbox.port.js';
import type { Clock } from '../../ports/runtime.port.js';
import type { ShopStore } from '../../ports/shop-store.port.js';

const BATCH = 200;
/** Batches one call moves at most, so a run stays bounded even behind a burst of writes. */
const DEFAULT_MAX_BATCHES = 50;

/**
 * Moves the events state changes left in their records' outboxes to the log, batch after batch
 * until the outbox is empty (or `maxBatches` were moved, or `mayGoOn` says stop before a batch:
 * the relay's lease is gone). A batch is a handful of store calls whatever its size: one read of
 * which events are logged already, one take of numbers for the others, one idempotent insert of
 * them and one clear. A crash after the insert leaves the entries, whose next relay finds them
 * logged and only clears them; two relays at once log each event once (though the loser's
 * numbers become holes readers wait out). Answers how many it moved.
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
    if (entries.length === 0) break;
    await logOnce(eventLog, entries, deps.clock.now());
    await outbox.clear(entries);
    moved += entries.length;
    if (entries.length < BATCH) break;
  }
  return moved;
};

/**
 * One scheduled relay run: a look at the outbox first, so a run with nothing to move (every run on
 * a store that logs events at the write, once an older version's entries are drained) is one read
 * and no lease write; otherwise the lease (`holdLease`, renewed before every batch), then the
 * batches. Answers how many events it moved.
 */
export const relayRun = async (
  deps: { readonly store: Pick<ShopStore, 'outbox' | 'eventLog'>; readonly clock: Clock },
  holdLease: () => Promise<boolean>,
): Promise<number> => {
  if ((await deps.store.outbox.pending(1)).length === 0) return 0;
  if (!(await holdLease())) return 0;
  return relayOutbox(deps, undefined, holdLease);
};

/** Logs the entries' events not logged yet, in outbox order, with consecutive new numbers. */
const logOnce = async (
  eventLog: ShopStore['eventLog'],
  entries: readonly OutboxEntry[],
  at: Date,
): Promise<void> => {
  const logged = await eventLog.loggedIds(entries.map((entry) => entry.event.id));
  // Logged by a relay that died before clearing: no new number for it (nor for a repeat).
  const unlogged = [
    ...new Map(
      entries.filter((entry) => !logged.has(entry.event.id)).map((entry) => [entry.event.id, entry.event]),
    ).values(),
  ];
  if (unlogged.length === 0) return;
  const first = await eventLog.takeSequences(unlogged.length);
  await eventLog.insertMany(
    unlogged.map((event, index) => ({ event, sequence: first + index })),
    at,
  );
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
