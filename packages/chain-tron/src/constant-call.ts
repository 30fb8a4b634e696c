import {
  decodeNodeMessage,
  isRecord,
  MalformedReplyError,
  recordField,
  stringField,
} from './node-replies.js';
import { TronWeb } from './tronweb-library.js';

/**
 * A `triggerconstantcontract` request: a view call the node runs without a transaction. The
 * contract itself is the caller, since java-tron refuses an empty owner and an address that
 * exists is a caller on every network.
 */
export const constantCallBody = (contract: string, functionSelector: string, parameter = ''): string => {
  const contractHex = TronWeb.address.toHex(contract);
  return JSON.stringify({
    contract_address: contractHex,
    owner_address: contractHex,
    function_selector: functionSelector,
    parameter,
    visible: false,
  });
};

/**
 * The hex a view call returned, after TronWeb's own checks: a `result.message` (a refusal, or
 * java-tron's "REVERT opcode executed") or no `constant_result` means there is no answer to read.
 */
export const constantResultOf = (reply: unknown): string => {
  if (!isRecord(reply)) throw new MalformedReplyError('a contract call reply is not an object');
  const result = recordField(reply, 'result');
  const message = result === undefined ? undefined : stringField(result, 'message');
  if (message !== undefined) {
    const code = stringField(result ?? {}, 'code');
    throw new MalformedReplyError(`${code === undefined ? '' : `${code}: `}${decodeNodeMessage(message)}`);
  }
  const constantResult = Array.isArray(reply.constant_result)
    ? (reply.constant_result[0] as unknown)
    : undefined;
  if (typeof constantResult !== 'string' || !/^(?:[0-9a-fA-F]{64})+$/.test(constantResult)) {
    throw new MalformedReplyError('the contract call answered no result words');
  }
  return constantResult.toLowerCase();
};
