import {
  isTransactionStatus,
  isTransactionType,
  ledgerEntryKey,
  type TransactionRecord,
} from '@trx-shop/domain';
import { flag } from '../sqlite-database.js';

export interface TransactionRow {
  id: string;
  entry_key: string;
  user_id: string;
  order_id: string | null;
  type: string;
  amount_sun: number;
  currency: string;
  network: string;
  transaction_hash: string;
  from_address: string;
  to_address: string;
  status: string;
  confirmations: number;
  block_number: number | null;
  fee_sun: number | null;
  failure_reason: string | null;
  signed_transaction: string;
  expires_at: number;
  effect_applied: number;
  created_at: number;
  updated_at: number;
}

export const TRANSACTION_COLUMN_LIST = [
  'id',
  'entry_key',
  'user_id',
  'order_id',
  'type',
  'amount_sun',
  'currency',
  'network',
  'transaction_hash',
  'from_address',
  'to_address',
  'status',
  'confirmations',
  'block_number',
  'fee_sun',
  'failure_reason',
  'signed_transaction',
  'expires_at',
  'effect_applied',
  'created_at',
  'updated_at',
] as const satisfies readonly (keyof TransactionRow)[];

export const transactionFromRow = (row: TransactionRow): TransactionRecord => {
  if (!isTransactionType(row.type) || !isTransactionStatus(row.status)) {
    throw new Error(`transaction ${row.id} has unknown type ${row.type} or status ${row.status}`);
  }
  return {
    id: row.id,
    userId: row.user_id,
    orderId: row.order_id,
    type: row.type,
    amountSun: row.amount_sun,
    currency: 'TRX',
    network: 'TRC-20',
    transactionHash: row.transaction_hash,
    fromAddress: row.from_address,
    toAddress: row.to_address,
    status: row.status,
    confirmations: row.confirmations,
    blockNumber: row.block_number,
    feeSun: row.fee_sun,
    failureReason: row.failure_reason,
    signedTransaction: row.signed_transaction,
    expiresAt: new Date(row.expires_at),
    effectApplied: row.effect_applied === 1,
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
  };
};

export const transactionToRow = (record: TransactionRecord): TransactionRow => ({
  id: record.id,
  entry_key: ledgerEntryKey(record),
  user_id: record.userId,
  order_id: record.orderId,
  type: record.type,
  amount_sun: record.amountSun,
  currency: record.currency,
  network: record.network,
  transaction_hash: record.transactionHash,
  from_address: record.fromAddress,
  to_address: record.toAddress,
  status: record.status,
  confirmations: record.confirmations,
  block_number: record.blockNumber,
  fee_sun: record.feeSun,
  failure_reason: record.failureReason,
  signed_transaction: record.signedTransaction,
  expires_at: record.expiresAt.getTime(),
  effect_applied: flag(record.effectApplied),
  created_at: record.createdAt.getTime(),
  updated_at: record.updatedAt.getTime(),
});
