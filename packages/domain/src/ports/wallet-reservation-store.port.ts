import type { Sun } from '../money/sun.js';

/**
 * An amount one wallet has promised to an outgoing transfer that has not settled yet (docs/api.md,
 * "Money safety rules"). Keys name the transfer: `payment:<orderId>`, `refund:<orderId>`,
 * `withdrawal:<withdrawalId>` (see `outgoingReservationKey`).
 */
export interface OutgoingReservation {
  readonly address: string;
  readonly key: string;
  /** Amount plus the estimated chain fee. */
  readonly amountSun: Sun;
  readonly reservedAt: Date;
}

/**
 * Each wallet's reserved-outgoing figure. The spendable-balance check and the claim of the amount
 * are one guarded step per wallet, so two transfers can never both count on the same TRX.
 */
export interface WalletReservationStore {
  /**
   * Adds the reservation in one guarded write if the wallet's reservations plus this one stay
   * within `limitSun` (its confirmed balance on chain); false otherwise, nothing reserved. A key
   * already held answers true without reserving again.
   */
  reserve(reservation: OutgoingReservation, limitSun: Sun): Promise<boolean>;
  /** Drops the reservation, if held (releasing twice is harmless). */
  release(address: string, key: string): Promise<void>;
  /** Sum of the wallet's reservations. */
  reservedSun(address: string): Promise<Sun>;
  /** Reservations made before `before`, oldest first (the sweep of stranded reservations). */
  listBefore(before: Date, limit: number): Promise<readonly OutgoingReservation[]>;
}
