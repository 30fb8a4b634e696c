import type { BroadcastOutcome, PaymentFailureReason } from '@trx-shop/domain';
import { describeNodeFailure } from './chain-unavailable.js';
import { decodeNodeMessage, isRecord, nodeErrorText, stringField } from './node-replies.js';

/**
 * Node codes that say "not now" about the node itself, not "no" about the transaction: it was not
 * accepted, and sending the same signed transaction again later is safe and may succeed, so the
 * caller keeps it pending instead of failing the payment.
 */
const TRANSIENT_NODE_CODES = new Set([
  'SERVER_BUSY',
  'NO_CONNECTION',
  'NOT_ENOUGH_EFFECTIVE_CONNECTION',
  'BLOCK_UNSOLIDIFIED',
]);

/** The node already holds this transaction (from an earlier send): it was accepted then. */
const ALREADY_ACCEPTED_CODE = 'DUP_TRANSACTION_ERROR';

/** java-tron's TransferActuator text for an owner whose balance cannot cover the amount. */
const BALANCE_TOO_LOW = /balance is not sufficient/i;

/**
 * What a refusal means for the payment. BANDWITH_ERROR is an account that can burn no TRX for
 * the bandwidth the transfer needs; everything the node says apart from balance and expiry
 * (a bad signature, an unknown reference block, a malformed transaction) is simply rejected.
 */
const failureOf = (code: string, reason: string): PaymentFailureReason => {
  if (code === 'BANDWITH_ERROR' || (code === 'CONTRACT_VALIDATE_ERROR' && BALANCE_TOO_LOW.test(reason)))
    return 'INSUFFICIENT_BALANCE';
  if (code === 'TRANSACTION_EXPIRATION_ERROR') return 'EXPIRED';
  return 'BROADCAST_REJECTED';
};

/** TronWeb resolves on refusals too; only `result === true` means the node took the transaction. */
export const outcomeOfBroadcastReply = (reply: unknown): BroadcastOutcome => {
  if (!isRecord(reply))
    return { kind: 'unknown', reason: 'the node answered something that is not an object' };
  if (reply.result === true) return { kind: 'accepted' };
  const code = stringField(reply, 'code');
  const reason = decodeNodeMessage(stringField(reply, 'message'));
  if (code === ALREADY_ACCEPTED_CODE) return { kind: 'accepted' };
  if (code !== undefined && TRANSIENT_NODE_CODES.has(code)) {
    return { kind: 'unknown', reason: `${code}: ${reason}` };
  }
  if (code !== undefined) return { kind: 'rejected', code, reason, failure: failureOf(code, reason) };
  // `{"Error": "..."}` is java-tron refusing to parse the request at all.
  const parseError = nodeErrorText(reply);
  if (parseError !== undefined)
    return { kind: 'rejected', code: 'OTHER_ERROR', reason: parseError, failure: 'BROADCAST_REJECTED' };
  return { kind: 'unknown', reason: 'the node answered without a result or a code' };
};

/**
 * A send that fails in transport (timeout, reset, HTTP error status) may have reached the node
 * before failing, so whether the transaction was accepted is unknown, never "rejected".
 */
export const outcomeOfBroadcastFailure = (error: unknown): BroadcastOutcome => ({
  kind: 'unknown',
  reason: describeNodeFailure(error),
});
