import type { ShopEvent } from './shop-event.js';
import type { TransferClaim } from '../orders/order.js';

/** A withdrawal claimed under a client's Idempotency-Key (or a generated one). */
export interface WithdrawalRecord {
  readonly id: string;
  readonly userId: string;
  readonly key: string;
  /** Hash of the request body, so a reused key with another body is recognisable. */
  readonly requestFingerprint: string;
  readonly claim: TransferClaim;
  readonly createdAt: Date;
}

export interface IdempotencyStore {
  /**
   * Claims (userId, key) in one atomic write. A record of the same pair younger than
   * `reuseAfter` wins over the new one and is returned instead.
   */
  claim(
    record: WithdrawalRecord,
    reuseAfter: Date,
    /** Written with the claim, only when this record is the one claimed. */
    events?: readonly ShopEvent[],
  ): Promise<{ readonly claimed: true } | { readonly claimed: false; readonly existing: WithdrawalRecord }>;
  find(userId: string, key: string): Promise<WithdrawalRecord | null>;
  markRecorded(id: string): Promise<void>;
  /** Moves the claim from pending once; `events` are written only by that move. */
  settle(id: string, state: 'confirmed' | 'failed', events?: readonly ShopEvent[]): Promise<void>;
  listUnrecorded(limit: number): Promise<readonly WithdrawalRecord[]>;
}
