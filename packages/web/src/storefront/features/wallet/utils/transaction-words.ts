import type { Transaction } from '@trx-shop/client';

/** Each transaction type as the shopper reads it, from their wallet's side. */
export const TRANSACTION_TYPE_WORDS: Readonly<Record<Transaction['type'], string>> = {
  purchase: 'Payment',
  refund: 'Refund',
  deposit: 'Deposit',
  withdrawal: 'Withdrawal',
  fee: 'Network fee',
};

export const TRANSACTION_STATUS_WORDS: Readonly<Record<Transaction['status'], string>> = {
  pending: 'Pending',
  confirmed: 'Confirmed',
  failed: 'Failed',
};

/** A txid short enough for a table cell: its first and last 6 characters. */
export const shortTxId = (hash: string): string =>
  hash.length > 14 ? `${hash.slice(0, 6)}…${hash.slice(-6)}` : hash;
