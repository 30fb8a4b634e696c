import type { TransactionRecord } from './transaction.js';

/**
 * A line for a transfer the service received but did not sign: a deposit, or a payment made from
 * outside that an admin verified for an order (it keeps the deposit's key when it becomes the
 * order's purchase, so the scanner can never record that transfer again beside it).
 */
const receivedFromOutside = (record: Pick<TransactionRecord, 'type' | 'signedTransaction'>): boolean =>
  record.type === 'deposit' || (record.type === 'purchase' && record.signedTransaction === '');

/** The key of the line of a transfer received from outside: its txID and the wallet it reached. */
export const receivedEntryKey = (txId: string, toAddress: string): string => `${txId}>${toAddress}`;

/**
 * What makes a ledger line unique. A transfer the service sent (payment, refund, withdrawal) is
 * one line, keyed by its txID. A transfer received from outside is keyed by its txID and the
 * wallet it reached: a withdrawal from one custodial wallet to another is the sender's withdrawal
 * and the receiver's deposit, two lines of one transfer (docs/api.md, "Deposits"). The TRX a
 * transfer the service sent burned is a line of its own, keyed by the txID and `#fee`.
 */
export const ledgerEntryKey = (
  record: Pick<TransactionRecord, 'type' | 'transactionHash' | 'toAddress' | 'signedTransaction'>,
): string => {
  if (receivedFromOutside(record)) return receivedEntryKey(record.transactionHash, record.toAddress);
  if (record.type === 'fee') return `${record.transactionHash}#fee`;
  return record.transactionHash;
};
