import type { Sun } from '../money/sun.js';
import type { OrderStatus, TransferState } from './order-status.js';

export interface OrderLine {
  readonly productId: string;
  readonly name: string;
  readonly priceSun: Sun;
  readonly quantity: number;
  readonly color: string | null;
}

/**
 * A transfer claimed on an order (its payment or its refund) before anything is broadcast
 * (docs/decisions.md section 7, step 2). Holding the signed transaction makes the claim the single
 * source of truth: whoever wins the claim is the only one that may ever broadcast it.
 */
export interface TransferClaim {
  readonly txId: string;
  /** The signed TRON transaction as JSON text, ready to (re-)broadcast. */
  readonly signedTransaction: string;
  readonly fromAddress: string;
  readonly toAddress: string;
  readonly amountSun: Sun;
  /** Expiration of the signed transaction, in chain time. */
  readonly expiresAt: Date;
  readonly claimedAt: Date;
  readonly state: Exclude<TransferState, 'none'>;
  /** true once the transaction record (step 3) exists. */
  readonly recorded: boolean;
}

/**
 * One refund of part or all of an order's payment (docs/api.md, "Refunds"): its claimed transfer,
 * the reason the admin gave, and the id of its transaction record, which also names its wallet
 * reservation (the reservation is taken before the transfer is signed, so before its txID exists).
 */
export interface OrderRefund extends TransferClaim {
  readonly id: string;
  readonly reason: string | null;
}

/** How far a confirmation's effect on the order has gone; see `OrderStore.beginEffect`. */
export type EffectProgress = 'applying' | 'applied';

export interface Order {
  readonly id: string;
  /** n of `#TRX-<n>`. */
  readonly number: number;
  readonly userId: string;
  readonly lines: readonly OrderLine[];
  readonly subtotalSun: Sun;
  readonly networkFeeSun: Sun;
  readonly discountSun: Sun;
  readonly totalSun: Sun;
  readonly status: OrderStatus;
  readonly paymentMethod: 'TRC-20';
  readonly transactionHash: string | null;
  readonly walletAddress: string;
  readonly merchantAddress: string;
  readonly payment: TransferClaim | null;
  /** Every refund claimed on the order, oldest first (failed ones included). */
  readonly refunds: readonly OrderRefund[];
  /**
   * The sum of refunds claimed and not failed (pending or confirmed): the order's refundable
   * remainder is its confirmed payment less this. Kept on the order so one guarded write can take
   * a refund's amount from the remainder.
   */
  readonly refundClaimedSun: Sun;
  /** The sum of confirmed refunds. */
  readonly refundedSun: Sun;
  /** Quantity actually taken from stock per line by the purchase effect (null: not yet). */
  readonly stockTaken: readonly (number | null)[];
  /** Quantity given back per line by the refund effect (null: not yet). */
  readonly stockRestored: readonly (number | null)[];
  readonly purchaseEffect: EffectProgress | null;
  readonly refundEffect: EffectProgress | null;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

export interface OrderCustomer {
  readonly id: string;
  readonly username: string;
  readonly email: string;
}

/** An order as admin lists show it: with its user's name and email. */
export interface OrderWithCustomer {
  readonly order: Order;
  /** null when the user record no longer exists. */
  readonly customer: OrderCustomer | null;
}
