import type { BlockTransfer } from '../../ports/chain.port.js';
import type { TransactionRecord } from '../../transactions/transaction.js';
import { CONFIRMATIONS_ON_CONFIRM } from '../../transactions/transaction-status.js';

export interface DepositLineInput {
  readonly id: string;
  /** Whose line it is: the owner of the receiving wallet. */
  readonly userId: string;
  readonly transfer: BlockTransfer;
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
