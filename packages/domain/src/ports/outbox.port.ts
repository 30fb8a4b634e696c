import type { ShopEvent } from './shop-event.js';

/** The kinds of record that carry an outbox. */
export type OutboxSource =
  | 'order'
  | 'transaction'
  | 'withdrawal'
  | 'user'
  | 'product'
  | 'apiKey'
  | 'balanceAlert';

/** An event still in the outbox of the record whose state change wrote it. */
export interface OutboxEntry {
  readonly source: OutboxSource;
  /** The record holding it (an order's, a transaction's, ... id). */
  readonly sourceId: string;
  readonly event: ShopEvent;
}

/**
 * Events written with their state change, in the same single-record write (an outbox on that
 * record), waiting for the relay to move them to the log: a crash between the two leaves them
 * here, never lost and never logged twice (the log is idempotent by event id).
 */
export interface OutboxStore {
  /** Entries not yet cleared, oldest `occurredAt` first, at most `limit`. */
  pending(limit: number): Promise<readonly OutboxEntry[]>;
  /**
   * Removes the entries from their records' outboxes (once the log has them), by event id, so
   * clearing an entry twice removes nothing more.
   */
  clear(entries: readonly OutboxEntry[]): Promise<void>;
}
