import { codesOf, type DomainError, domainError, type ValidationError } from '../../errors/domain-error.js';
import type { TransactionListQuery, TransactionStore } from '../../ports/transaction-store.port.js';
import { normalizePageRequest, type Page } from '../../shared/pagination.js';
import { err, ok, type Result } from '../../shared/result.js';
import type { TransactionRecord } from '../../transactions/transaction.js';

type Deps = { readonly transactions: TransactionStore };

export type ViewOwnTransactionError = DomainError<'TRANSACTION_NOT_FOUND'>;
export const VIEW_OWN_TRANSACTION_ERRORS = codesOf<ViewOwnTransactionError>()(['TRANSACTION_NOT_FOUND']);
export const LIST_OWN_TRANSACTIONS_ERRORS = codesOf<ValidationError>()(['VALIDATION_ERROR']);

/**
 * A user sees their own transactions: payments and withdrawals they sent, and refunds of their
 * orders (recorded under the customer). Another user's transaction answers as missing, so ids
 * cannot be probed.
 */
export const viewOwnTransaction = async (
  deps: Deps,
  userId: string,
  transactionId: string,
): Promise<Result<TransactionRecord, ViewOwnTransactionError>> => {
  const record = await deps.transactions.findById(transactionId);
  if (!record || record.userId !== userId) {
    return err(domainError('TRANSACTION_NOT_FOUND', 'Transaction not found'));
  }
  return ok(record);
};

/** The caller's transactions, newest first, filtered and paged by the list rules. */
export const listOwnTransactions = async (
  deps: Deps,
  userId: string,
  query: TransactionListQuery & { readonly limit?: unknown; readonly page?: unknown },
): Promise<Result<Page<TransactionRecord>, ValidationError>> => {
  const page = normalizePageRequest(query.limit, query.page);
  if (!page.ok) return page;
  const filter = {
    ...(query.type ? { type: query.type } : {}),
    ...(query.status ? { status: query.status } : {}),
  };
  return ok(await deps.transactions.listByUser(userId, filter, page.value));
};
