/** A fixed-window count: how many hits so far, and when the window ends. */
export interface WindowCount {
  readonly count: number;
  readonly resetAt: Date;
}

/**
 * Fixed-window counters in the store, shared by every instance (login throttling and the strict
 * per-address limit, docs/operations.md): a limit holds however many instances answer.
 */
export interface WindowCounterStore {
  /**
   * Counts one hit of `key` in one atomic write: in its live window, or in a new one of `windowMs`
   * when none is live. Answers the count including this hit.
   */
  hit(key: string, windowMs: number, now: Date): Promise<WindowCount>;
  /** The live window of `key`, without counting; null when none is live. */
  peek(key: string, now: Date): Promise<WindowCount | null>;
  /** Forgets `key` (a success clears its failures). */
  reset(key: string): Promise<void>;
  /** Deletes up to `limit` windows that ended before `before`; answers how many. */
  sweep(before: Date, limit: number): Promise<number>;
}
