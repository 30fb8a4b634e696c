import type { Sun } from '../money/sun.js';
import type { TransactionRecord } from './transaction.js';
import { CONFIRMATIONS_ON_CONFIRM } from './transaction-status.js';

/** What a deposit line needs of a chain transfer (the chain port's `BlockTransfer` has it). */
export interface DepositedTransfer {
  readonly txId: string;
  readonly fromAddress: string;
  readonly toAddress: string;
  readonly amountSun: Sun;
}

export interface DepositLineInput {
  readonly id: string;
  /** Whose line it is: the owner of the receiving wallet. */
  readonly userId: string;
  readonly transfer: DepositedTransfer;
  readonly block: { readonly number: number; readonly time: Date };
  readonly now: Date;
}

/**
 * A successful transfer into a wallet the service holds, as a confirmed `deposit` line: what the
 * scanner records, and what verifying a payment records when the scanner has not yet.
 */
export const depositLine = ({ id, userId, transfer, block, now }: DepositLineInput): TransactionRecord => ({
  id,
  userId,
  orderId: null,
  type: 'deposit',
  amountSun: transfer.amountSun,
  currency: 'TRX',
  network: 'TRC-20',
  transactionHash: transfer.txId,
  fromAddress: transfer.fromAddress,
  toAddress: transfer.toAddress,
  status: 'confirmed',
  confirmations: CONFIRMATIONS_ON_CONFIRM,
  blockNumber: block.number,
  // The sender paid the fee; nothing burned from the receiving wallet.
  feeSun: null,
  failureReason: null,
  signedTransaction: '',
  expiresAt: block.time,
  effectApplied: true,
  // A deposit happened when its block was made, whenever it is read.
  createdAt: block.time,
  updatedAt: now,
});
