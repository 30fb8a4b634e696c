import type { TransferLookup } from '@trx-shop/domain';
import { integerField, isRecord, MalformedReplyError, recordField, stringField } from './node-replies.js';

/**
 * Reads `walletsolidity/gettransactioninfobyid`. The solidity node answers `{}` until the block
 * holding the transaction is irreversible, so a block number here means final. `result` is
 * only present as "FAILED" (SUCCESS is java-tron's omitted default); a contract receipt may also
 * report a non-SUCCESS result.
 */
export const lookupOfTransactionInfo = (info: unknown): TransferLookup => {
  if (!isRecord(info)) throw new MalformedReplyError('transaction info is not an object');
  const blockNumber = integerField(info, 'blockNumber');
  if (blockNumber === undefined) return { kind: 'not-found' };
  const receiptResult = stringField(recordField(info, 'receipt') ?? {}, 'result');
  const succeeded = stringField(info, 'result') !== 'FAILED' && (receiptResult ?? 'SUCCESS') === 'SUCCESS';
  return { kind: 'confirmed', blockNumber, feeSun: integerField(info, 'fee') ?? 0, succeeded };
};
