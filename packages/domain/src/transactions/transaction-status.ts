import { type DomainError, domainError } from '../errors/domain-error.js';
import { err, ok, type Result } from '../shared/result.js';

export const TRANSACTION_STATUSES = ['pending', 'confirmed', 'failed'] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

export const TRANSACTION_TYPES = ['purchase', 'refund', 'deposit', 'withdrawal', 'fee'] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

/** Confirmations recorded when the solidified chain reports the transaction (specification, Limits). */
export const CONFIRMATIONS_ON_CONFIRM = 21;

export type TransactionEvent =
  /** The solidified chain reports the transaction with a block number. */
  | { readonly type: 'included' }
  /** The node rejected it, or the solidified head passed its expiration without it. */
  | { readonly type: 'rejected-or-expired' };

export const transitionTransaction = (
  from: TransactionStatus,
  event: TransactionEvent,
): Result<TransactionStatus, DomainError<'TRANSACTION_NOT_PENDING'>> => {
  if (from !== 'pending') {
    return err(domainError('TRANSACTION_NOT_PENDING', `a ${from} transaction cannot change status`));
  }
  return ok(event.type === 'included' ? 'confirmed' : 'failed');
};

export const isTransactionStatus = (value: unknown): value is TransactionStatus =>
  typeof value === 'string' && (TRANSACTION_STATUSES as readonly string[]).includes(value);

export const isTransactionType = (value: unknown): value is TransactionType =>
  typeof value === 'string' && (TRANSACTION_TYPES as readonly string[]).includes(value);
