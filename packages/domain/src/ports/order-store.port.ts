import type { DomainError } from '../errors/domain-error.js';
import type { ShopEvent } from './shop-event.js';
import type { Sun } from '../money/sun.js';
import type { Order, OrderRefund, OrderWithCustomer, TransferClaim } from '../orders/order.js';
import type { OrderStatus } from '../orders/order-status.js';
import type { Page, PageRequest } from '../shared/pagination.js';
import type { Result } from '../shared/result.js';

/** An order as the create use case priced it; the store assigns `number`. */
export type NewOrder = Omit<Order, 'number'>;

export type TransferSlot = 'payment' | 'refund';
export type EffectKind = 'purchase' | 'refund';

export interface OrderListQuery {
  readonly status?: OrderStatus;
}

/** The admin's sales: a status, a `[from, to)` range of createdAt, and a search. */
export interface SalesQuery extends OrderListQuery {
  readonly from?: Date;
  readonly to?: Date;
  /**
   * The orders whose customer (the user who placed them, whatever their role) has this in their
   * username or email, by `CustomerQuery.search`'s rule (a case-insensitive literal substring),
   * plus the order it names when it reads as an order number (`orderNumberSearched`). Empty:
   * no filter.
   */
  readonly search?: string;
  /** Only the orders of this user (any role). */
  readonly customerId?: string;
}

/** How many orders of one user are in a status, and when the newest of them was placed. */
export interface UserStatusCount {
  readonly status: OrderStatus;
  readonly count: number;
  readonly lastCreatedAt: Date;
}

/**
 * A guarded status change: applied only if the order's status is one of `from` (and, when given,
 * its payment claim holds `paymentTxId`). Leaving `pending` frees the user's pending slot; entering
 * `pending` takes it, or fails with PENDING_ORDER_EXISTS when another order of the user holds it.
 */
export interface StatusChange {
  readonly from: readonly OrderStatus[];
  readonly to: OrderStatus;
  readonly paymentTxId?: string;
  /**
   * Also requires that the order has no payment claim that is pending or confirmed, in the same
   * guarded write: an owner's cancel must lose against a payment claimed a moment earlier.
   */
  readonly requireNoLivePayment?: boolean;
  /**
   * Also requires that neither the payment nor any refund is in flight (claimed, not yet settled),
   * in the same guarded write: an admin's override to refunded must not land between a transfer's
   * claim and its confirmation (docs/api.md, "Money safety rules").
   */
  readonly requireNoTransferInFlight?: boolean;
  /** Marks the confirmation effect of this kind as started, in the same write. */
  readonly beginEffect?: EffectKind;
  /** Admin override: also replaces transactionHash. */
  readonly transactionHash?: string;
  /**
   * Also stores this payment claim, and its txID as transactionHash, in the same write: a payment
   * made from outside and verified on chain, born confirmed and recorded (docs/api.md, "Verifying
   * a payment").
   */
  readonly paymentClaim?: TransferClaim;
  /** Written to the order's outbox in the same write, only when the change applies. */
  readonly events?: readonly ShopEvent[];
  readonly at: Date;
}

/** The confirmed payment a refund is measured against (its claim never changes once confirmed). */
export interface PaidTransfer {
  readonly txId: string;
  readonly amountSun: Sun;
}

export type StatusChangeFailure = 'ORDER_NOT_FOUND' | 'STATUS_MISMATCH' | 'PENDING_ORDER_EXISTS';

/*
 * Events (docs/api.md, "Events"): every state-changing method takes the events its change means
 * and writes them to the order's outbox in the same single-record write, only when the change
 * applies, so each fact yields its events exactly once; the relay moves them to the log.
 */
export interface OrderStore {
  /**
   * Stores a pending order with the next `#TRX-<n>` number. At most one pending order per user,
   * enforced atomically by the store: a second gets PENDING_ORDER_EXISTS with `pendingOrderId`.
   */
  create(
    order: NewOrder,
    events?: readonly ShopEvent[],
  ): Promise<Result<Order, DomainError<'PENDING_ORDER_EXISTS'>>>;
  findById(id: string): Promise<Order | null>;
  findPendingByUser(userId: string): Promise<Order | null>;
  /** The user's orders, newest first. */
  listByUser(userId: string, query: OrderListQuery, page: PageRequest): Promise<Page<Order>>;
  /**
   * The user's orders counted by status, one entry per status they have, in any order: one grouped
   * read served by an index on userId, no order loaded.
   */
  countByUser(userId: string): Promise<readonly UserStatusCount[]>;
  /** All orders with their customer, newest first (admin sales). */
  listSales(query: SalesQuery, page: PageRequest): Promise<Page<OrderWithCustomer>>;
  /** Every sale the query selects, newest first, read in batches: an export never holds them all. */
  streamSales(query: SalesQuery): AsyncIterable<OrderWithCustomer>;
  /**
   * Step 2 of a payment's exactly-once transfer: only while the order is pending and has no
   * payment claim that is pending or confirmed. One atomic write; false means the claim was lost.
   */
  claimTransfer(
    orderId: string,
    slot: 'payment',
    claim: TransferClaim,
    events?: readonly ShopEvent[],
  ): Promise<boolean>;
  /**
   * Step 2 of a refund's exactly-once transfer, and the refund's amount taken from the order's
   * refundable remainder, in one guarded write: only while the order is completed, `paid` is its
   * confirmed payment (money arrived), and `refundClaimedSun` plus this refund stays within
   * `paid.amountSun`. Appends the refund and adds its amount to `refundClaimedSun`. Several
   * refunds of one order may be pending at once; false means the claim was lost.
   */
  claimRefund(
    orderId: string,
    refund: OrderRefund,
    paid: PaidTransfer,
    events?: readonly ShopEvent[],
  ): Promise<boolean>;
  /** Marks a claim (the payment, or the refund holding `txId`) as recorded once its transaction record exists. */
  markClaimRecorded(orderId: string, slot: TransferSlot, txId: string): Promise<void>;
  /**
   * Moves a claim to `confirmed` or `failed`; only the claim holding `txId` is touched. A refund
   * moves only from `pending`, in one guarded write with its counters: confirmed adds its amount
   * to `refundedSun`; failed gives it back to the remainder (subtracts it from `refundClaimedSun`).
   * `events` are written only when the claim moved (a repeated settlement writes none).
   */
  settleClaim(
    orderId: string,
    slot: TransferSlot,
    txId: string,
    state: 'confirmed' | 'failed',
    events?: readonly ShopEvent[],
  ): Promise<void>;
  /** Orders with a claim (payment or refund) whose transaction record was never written (crash after step 2). */
  listUnrecordedClaims(limit: number): Promise<readonly Order[]>;
  changeStatus(orderId: string, change: StatusChange): Promise<Result<Order, StatusChangeFailure>>;
  /** Records what a stock effect moved on line `lineIndex`; only the first record counts. */
  recordStockMovement(orderId: string, kind: EffectKind, lineIndex: number, quantity: number): Promise<void>;
  /** Marks the effect of this kind as fully applied. */
  finishEffect(orderId: string, kind: EffectKind): Promise<void>;
  count(): Promise<number>;
}

/** Named sequences (the order number counter): each call returns the next integer, from 1. */
export interface CounterStore {
  /**
   * Takes the counter's next `count` values (default 1) at once, answering the first of them: the
   * values up to `first + count - 1` are the caller's, and no other caller is ever given any of them.
   */
  next(name: string, count?: number): Promise<number>;
}
