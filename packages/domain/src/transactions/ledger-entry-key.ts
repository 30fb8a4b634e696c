import type { TransactionRecord } from './transaction.js';

/**
 * What makes a ledger line unique. A transfer the service sent (payment, refund, withdrawal) is
 * one line, keyed by its txID. A deposit is keyed by its txID and the wallet it reached: a
 * withdrawal from one custodial wallet to another is the sender's withdrawal and the receiver's
 * deposit, two lines of one transfer (docs/api.md, "Deposits"). The TRX a transfer the service
 * sent burned is a line of its own, keyed by the txID and `#fee`.
 */
export const ledgerEntryKey = (
  record: Pick<TransactionRecord, 'type' | 'transactionHash' | 'toAddress'>,
): string => {
  if (record.type === 'deposit') return `${record.transactionHash}>${record.toAddress}`;
  if (record.type === 'fee') return `${record.transactionHash}#fee`;
  return record.transactionHash;
};
