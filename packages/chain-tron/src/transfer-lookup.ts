import type { TransferLookup } from '@trx-shop/domain';
import { contractReceiptOf, receiptSucceeded, type TokenContract } from './contract-receipt.js';
import { integerField, isRecord, MalformedReplyError, recordField, stringField } from './node-replies.js';

/**
 * Reads `walletsolidity/gettransactioninfobyid`. The solidity node answers `{}` until the block
 * holding the transaction is irreversible, so a block number here means final. `result` is
 * only present as "FAILED" (SUCCESS is java-tron's omitted default); a contract call's receipt
 * reports its own result, and a call of the token succeeded only with its Transfer log.
 */
export const lookupOfTransactionInfo = (
  info: unknown,
  token: TokenContract | null = null,
): TransferLookup => {
  if (!isRecord(info)) throw new MalformedReplyError('transaction info is not an object');
  const blockNumber = integerField(info, 'blockNumber');
  if (blockNumber === undefined) return { kind: 'not-found' };
  const feeSun = integerField(info, 'fee') ?? 0;
  const receipt = contractReceiptOf(info, token);
  if (receipt !== undefined) {
    return {
      kind: 'confirmed',
      blockNumber,
      feeSun,
      succeeded: receiptSucceeded(info, receipt, token),
      receipt,
    };
  }
  const receiptResult = stringField(recordField(info, 'receipt') ?? {}, 'result');
  const succeeded = stringField(info, 'result') !== 'FAILED' && (receiptResult ?? 'SUCCESS') === 'SUCCESS';
  return { kind: 'confirmed', blockNumber, feeSun, succeeded };
};
