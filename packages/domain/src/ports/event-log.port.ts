import type { LoggedEvent, ShopEvent } from './shop-event.js';
import type { Page, PageRequest } from '../shared/pagination.js';

export interface AuditFilter {
  readonly actorId?: string;
  readonly action?: string;
  /** Any subject id: an order's, a user's, a product's, a transaction's or a webhook's. */
  readonly targetId?: string;
  readonly from?: Date;
  readonly to?: Date;
}

/** An event and the sequence number taken for it. */
export interface SequencedEvent {
  readonly event: ShopEvent;
  readonly sequence: number;
}

/**
 * The durable, ordered event log, in the store so every instance reads the same one. Sequence
 * numbers come from a counter taken before the insert lands, so a reader may briefly see n+1
 * before n (`readLogAfter` waits for such a hole for a grace period).
 */
export interface EventLogStore {
  /**
   * The next sequence number (a counter: never reused). A number whose insert never lands (its
   * writer died in between) leaves a hole readers pass after the grace period.
   */
  takeSequence(): Promise<number>;
  /** `count` consecutive sequence numbers taken at once (a relay's batch), answering the first. */
  takeSequences(count: number): Promise<number>;
  /**
   * Logs the event at `sequence`, unless an event with its id is logged already: answers the
   * logged one either way (the relay may run twice for one event).
   */
  insert(event: ShopEvent, sequence: number, at: Date): Promise<LoggedEvent>;
  /**
   * Logs each event at its sequence, in one write where the store can, skipping any whose id is
   * logged already (as `insert` does); answers how many it logged.
   */
  insertMany(entries: readonly SequencedEvent[], at: Date): Promise<number>;
  /** Which of these event ids are logged: the relay's one read before it takes numbers. */
  loggedIds(ids: readonly string[]): Promise<ReadonlySet<string>>;
  /** Logged events with a sequence above `sequence`, ascending, at most `limit`. */
  readAfter(sequence: number, limit: number): Promise<readonly LoggedEvent[]>;
  /**
   * Logged events that concern one user (`subjects.userId`) with a sequence above `sequence`,
   * ascending, at most `limit`: what a reconnecting client missed in its room.
   */
  readUserAfter(userId: string, sequence: number, limit: number): Promise<readonly LoggedEvent[]>;
  findById(id: string): Promise<LoggedEvent | null>;
  /** The lowest sequence still logged; null when the log is empty. */
  oldestSequence(): Promise<number | null>;
  /** The highest sequence logged; null when the log is empty (where a new reader starts). */
  newestSequence(): Promise<number | null>;
  /**
   * Removes up to `limit` events logged before `before` that concern no order and have no actor
   * (events of an order are its history, events with an actor the audit trail: both stay), oldest
   * first; answers how many went.
   */
  compact(before: Date, limit: number): Promise<number>;
  /**
   * The audit trail: logged events with an actor, newest `occurredAt` first (then id, descending),
   * filtered by the actor's id, the event type, a subject id (any of the event's subjects), and an
   * `occurredAt` range (`from` inclusive, `to` exclusive).
   */
  listAudit(filter: AuditFilter, page: PageRequest): Promise<Page<LoggedEvent>>;
  /** Every logged event of an order, in sequence order: its history. */
  orderHistory(orderId: string): Promise<readonly LoggedEvent[]>;
  /**
   * Where the store can push it (MongoDB change streams, on a replica set): calls `onAppend` soon
   * after any instance logs an event, so readers need not wait for their next poll; answers how to
   * stop, or null where the deployment cannot (readers keep polling, which they do anyway: a push
   * only wakes them early). Stores without the capability leave it out.
   */
  watchAppends?(
    onAppend: () => void,
    onError: (error: unknown) => void,
  ): Promise<(() => Promise<void>) | null>;
}
