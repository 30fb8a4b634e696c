import { domainError, type SignedTransfer } from '@trx-shop/domain';
import type { Types } from 'tronweb';
import { isRecord } from './node-replies.js';

export const signedTransferOf = (transaction: Types.SignedTransaction): SignedTransfer => ({
  txId: transaction.txID,
  signedTransaction: JSON.stringify(transaction),
  expiresAt: new Date(transaction.raw_data.expiration),
});

/**
 * The text `broadcast` takes is what `signTransfer` produced and the store kept. Text that is not
 * a signed transaction is a broken invariant (a corrupted record), not a node answer, so it throws.
 */
export const parseSignedTransaction = (text: string): Types.SignedTransaction => {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw domainError('INTERNAL_ERROR', 'stored signed transaction is not JSON');
  }
  if (
    !isRecord(parsed) ||
    typeof parsed.txID !== 'string' ||
    !isRecord(parsed.raw_data) ||
    !Array.isArray(parsed.signature) ||
    parsed.signature.length === 0
  ) {
    throw domainError('INTERNAL_ERROR', 'stored signed transaction lacks txID, raw_data or signature');
  }
  // The node re-derives everything it needs from raw_data and verifies the signature itself.
  return parsed as unknown as Types.SignedTransaction;
};
