import type { Sun } from '../money/sun.js';
import type { TransactionStatus, TransactionType } from './transaction-status.js';

export interface TransactionRecord {
  readonly id: string;
  /** The customer the transaction belongs to (for a refund: the order's user). */
  readonly userId: string;
  /** The order's `_id`; null for withdrawals. */
  readonly orderId: string | null;
  readonly type: TransactionType;
  /** Absolute amount transferred. */
  readonly amountSun: Sun;
  readonly currency: 'TRX';
  readonly network: 'TRC-20';
  /** The TRON txID. */
  readonly transactionHash: string;
  readonly fromAddress: string;
  readonly toAddress: string;
  readonly status: TransactionStatus;
  readonly confirmations: number;
  readonly blockNumber: number | null;
  /** TRX burned for the transfer, once known. */
  readonly feeSun: Sun | null;
  readonly failureReason: string | null;
  /** The signed TRON transaction as JSON text, kept for re-broadcast while unconfirmed. */
  readonly signedTransaction: string;
  /** Expiration of the signed transaction, in chain time. */
  readonly expiresAt: Date;
  /** true once the confirmation's (or failure's) effect on the order is fully applied. */
  readonly effectApplied: boolean;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}
