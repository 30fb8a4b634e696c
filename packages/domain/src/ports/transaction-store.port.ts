import type { ShopEvent } from './shop-event.js';
import type { Sun } from '../money/sun.js';
import type { Page, PageRequest } from '../shared/pagination.js';
import type { TransactionRecord } from '../transactions/transaction.js';
import type { TransactionStatus, TransactionType } from '../transactions/transaction-status.js';

export interface TransactionListQuery {
  readonly type?: TransactionType;
  readonly status?: TransactionStatus;
}

/** Which of a wallet's movements (`movementOf`) a ledger view shows; `from`/`to` bound createdAt, [from, to). */
export interface WalletMovementQuery {
  readonly type?: TransactionType;
  readonly status?: TransactionStatus;
  readonly from?: Date;
  readonly to?: Date;
}

/** Sums of the movements a query selects, exact in SUN; `outSun` leaves the fees out. */
export interface WalletMovementTotals {
  readonly inSun: Sun;
  readonly outSun: Sun;
  readonly feesSun: Sun;
}

export interface Confirmation {
  readonly blockNumber: number;
  readonly feeSun: Sun;
  readonly confirmations: number;
  readonly at: Date;
}

/** A line's place in a wallet's ledger order, (createdAt, id). */
export interface LedgerPosition {
  readonly createdAt: Date;
  readonly id: string;
}

/** A line's place in block order, (blockNumber, id). */
export interface BlockPosition {
  readonly blockNumber: number;
  readonly id: string;
}

/** One step of a deposit into the merchant wallet becoming an order's payment. */
export type ReceivedLinkStep =
  | { readonly kind: 'bind'; readonly orderId: string }
  | { readonly kind: 'unbind'; readonly orderId: string }
  | { readonly kind: 'purchase'; readonly orderId: string; readonly userId: string };

export interface TransactionStore {
  /**
   * Idempotent on the ledger entry key (`ledgerEntryKey`): a second insert of the same transfer
   * (or of the same deposit into the same wallet) keeps the first record. `events` go to the
   * record's outbox in the same write, only when it is inserted.
   */
  insert(record: TransactionRecord, events?: readonly ShopEvent[]): Promise<'inserted' | 'exists'>;
  /**
   * `insert` for each record, in one write where the store allows it (a block's deposits): the
   * outcomes in the records' order. A record whose key an earlier one of the same call took is
   * `exists`.
   */
  insertMany(
    records: readonly TransactionRecord[],
    /** The events of each record (same index), written only for the records inserted. */
    events?: readonly (readonly ShopEvent[])[],
  ): Promise<readonly ('inserted' | 'exists')[]>;
  findById(id: string): Promise<TransactionRecord | null>;
  /** The transfer the service sent with this txID (never a deposit). */
  findByHash(hash: string): Promise<TransactionRecord | null>;
  /** The line of a transfer received from outside into `toAddress`: a deposit, or the purchase it became. */
  findReceived(txId: string, toAddress: string): Promise<TransactionRecord | null>;
  /**
   * A deposit into the merchant wallet becoming an order's payment (docs/api.md, "Verifying a
   * payment"), one guarded write per step, so one transfer is never linked to two orders: `bind`
   * ties the deposit to the order (only a deposit tied to no order), `unbind` undoes it (only a
   * deposit still tied to this order), `purchase` makes it the order's purchase by `userId`, its
   * effect yet to apply (only a deposit tied to this order). false: the guard did not hold.
   */
  linkReceived(id: string, step: ReceivedLinkStep, at: Date): Promise<boolean>;
  /** The transfers the service sent with any of these txIDs (never deposits): one batched read. */
  findByHashes(hashes: readonly string[]): Promise<readonly TransactionRecord[]>;
  /**
   * Every line with one of these txIDs, of any type (deposits and fees included): one batched
   * read, for reconciliation to set the ledger beside the chain.
   */
  listByHashes(hashes: readonly string[]): Promise<readonly TransactionRecord[]>;
  /**
   * Confirmed lines whose `blockNumber` is in `[blocks.from, blocks.to]`, in (blockNumber, id)
   * order, after `after` when given: reconciliation pages through the lines of the blocks it
   * compared, `limit` at a time.
   */
  listConfirmedInBlocks(
    blocks: { readonly from: number; readonly to: number },
    after: BlockPosition | null,
    limit: number,
  ): Promise<readonly TransactionRecord[]>;
  /** The user's transactions (refunds of the user's orders included), newest first. */
  listByUser(
    userId: string,
    query: TransactionListQuery,
    page: PageRequest,
  ): Promise<Page<TransactionRecord>>;
  /** A wallet's movements (`movementOf`: in or out of `address`), newest first. */
  listWalletMovements(
    address: string,
    query: WalletMovementQuery,
    page: PageRequest,
  ): Promise<Page<TransactionRecord>>;
  walletMovementTotals(address: string, query: WalletMovementQuery): Promise<WalletMovementTotals>;
  /** Every movement of the wallet, oldest first, read in batches: an export never holds them all. */
  streamWalletMovements(address: string): AsyncIterable<TransactionRecord>;
  /**
   * In minus out (fees included) of the wallet's confirmed movements up to and including `through`
   * in (createdAt, id) order (all of them when null), and only those after `after` when given:
   * the gap between two rows of a filtered ledger page, so a page costs one pass, not one per row.
   */
  walletConfirmedNet(address: string, through: LedgerPosition | null, after?: LedgerPosition): Promise<Sun>;
  /** Pending transactions with a hash, oldest first. */
  listPending(limit: number): Promise<readonly TransactionRecord[]>;
  /** Confirmed or failed transactions whose effect is not yet fully applied. */
  listAwaitingEffect(limit: number): Promise<readonly TransactionRecord[]>;
  /** Sum of the amounts of pending transactions sent from `address`. */
  pendingOutgoingSun(address: string): Promise<Sun>;
  /** pending -> confirmed; false if it was not pending. */
  markConfirmed(id: string, confirmation: Confirmation): Promise<boolean>;
  /** pending -> failed; false if it was not pending. */
  markFailed(id: string, reason: string, at: Date): Promise<boolean>;
  markEffectApplied(id: string, at: Date): Promise<void>;
}
