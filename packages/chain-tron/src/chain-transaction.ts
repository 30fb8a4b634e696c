import type { ChainTransaction } from '@trx-shop/domain';
import { contractReceiptOf, type TokenContract } from './contract-receipt.js';
import { integerField, isRecord, MalformedReplyError, nodeErrorText } from './node-replies.js';
import { transferOf } from './solid-block.js';

/** What `findTransaction` read: the solidified transaction and its info, or the head's answer. */
export type TransactionReplies =
  | { readonly solid: unknown; readonly info: unknown }
  | { readonly head: unknown };

/** java-tron answers `{}` for a transaction it does not have (in that view). */
export const isEmptyReply = (reply: unknown): boolean => isRecord(reply) && Object.keys(reply).length === 0;

const requireNoNodeError = (reply: unknown): void => {
  const error = nodeErrorText(reply);
  if (error !== undefined) throw new MalformedReplyError(error);
};

/**
 * `walletsolidity/gettransactionbyid` with `walletsolidity/gettransactioninfobyid` (its block and
 * time), or, when the solidity node does not have it, `wallet/gettransactionbyid`: the full node
 * knows pending transactions and those in blocks not yet solidified. A contract call carries its
 * receipt, with the token's Transfer logs when `token` is the configured contract.
 */
export const chainTransactionOf = (
  replies: TransactionReplies,
  token: TokenContract | null = null,
): ChainTransaction => {
  if ('head' in replies) {
    requireNoNodeError(replies.head);
    return isEmptyReply(replies.head) ? { kind: 'unknown' } : { kind: 'not-solid' };
  }
  requireNoNodeError(replies.solid);
  requireNoNodeError(replies.info);
  if (!isRecord(replies.info)) throw new MalformedReplyError('transaction info is not an object');
  const blockNumber = integerField(replies.info, 'blockNumber');
  const blockTime = integerField(replies.info, 'blockTimeStamp');
  // The info is written when the block is processed; a solid transaction always has it.
  if (blockNumber === undefined || blockTime === undefined) {
    throw new MalformedReplyError('a solidified transaction has no block in its info');
  }
  const solid = {
    kind: 'solid',
    blockNumber,
    blockTime: new Date(blockTime),
    transfer: transferOf(replies.solid),
  } as const;
  const receipt = contractReceiptOf(replies.info, token);
  return receipt === undefined ? solid : { ...solid, receipt };
};
