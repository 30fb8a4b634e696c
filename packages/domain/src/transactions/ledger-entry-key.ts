import type { TransactionRecord } from './transaction.js';

/**
 * What makes a ledger line unique. A transfer the service sent (payment, refund, withdrawal) is
 * one line, keyed by its txID. A deposit is keyed by its txID and the wallet it reached: a
 * withdrawal from one custodial wallet to another is the sender's withdrawal and the receiver's
 * deposit, two lines of one transfer (docs/api.md, "Deposits").
 */
export const ledgerEntryKey = (
  record: Pick<TransactionRecord, 'type' | 'transactionHash' | 'toAddress'>,
): string =>
  record.type === 'deposit' ? `${record.transactionHash}>${record.toAddress}` : record.transactionHash;
