/** Time-limited named locks: with several instances, only the lease holder runs the listener. */
export interface LeaseStore {
  /** Takes or renews the lease if free, expired, or already held by `holder`. */
  tryAcquire(name: string, holder: string, now: Date, ttlMs: number): Promise<boolean>;
  release(name: string, holder: string): Promise<void>;
}
