import type { BlockUsdtTransfer, ContractReceipt } from '@trx-shop/domain';
import {
  integerField,
  isRecord,
  type JsonRecord,
  MalformedReplyError,
  recordField,
  stringField,
} from './node-replies.js';
import { addressOfWord, isWord, TRANSFER_TOPIC, uintOfWord } from './token-abi.js';

/** The configured token contract in the spellings java-tron uses for it. */
export interface TokenContract {
  readonly base58: string;
  /** The 20 bytes without 0x41, lower case: a log's `address`. */
  readonly evmHex: string;
}

/**
 * A log's `address` is the contract's 20 bytes (no 0x41); with `visible` the node writes base58,
 * and a node that keeps the 0x41 is read too.
 */
const isTokenAddress = (address: unknown, token: TokenContract): boolean => {
  if (typeof address !== 'string') return false;
  if (address === token.base58) return true;
  const hex = address.toLowerCase();
  return hex === token.evmHex || hex === `41${token.evmHex}`;
};

/** java-tron keeps logs only for a call whose receipt says SUCCESS; `result` appears only as FAILED. */
export const callSucceeded = (info: JsonRecord): boolean =>
  stringField(info, 'result') !== 'FAILED' &&
  stringField(recordField(info, 'receipt') ?? {}, 'result') === 'SUCCESS';

/**
 * The token's Transfer logs in one transaction info, in log order. Logs of other contracts, and
 * other events, are left out whatever their shape; a Transfer of the token that is not three
 * topics and one data word is a reply we cannot trust, so it is refused. An amount beyond the
 * safe-integer range is left out: no payment the service takes is that large, and refusing it
 * would stall the deposit scanner on that block forever.
 */
export const tokenTransfersOfInfo = (info: JsonRecord, token: TokenContract): BlockUsdtTransfer[] => {
  if (!callSucceeded(info) || !Array.isArray(info.log)) return [];
  const txId = stringField(info, 'id');
  const transfers: BlockUsdtTransfer[] = [];
  info.log.forEach((log: unknown, logIndex) => {
    if (!isRecord(log) || !isTokenAddress(log.address, token)) return;
    const topics = Array.isArray(log.topics) ? (log.topics as unknown[]) : [];
    if (typeof topics[0] !== 'string' || topics[0].toLowerCase() !== TRANSFER_TOPIC) return;
    const [, from, to] = topics;
    if (topics.length !== 3 || !isWord(from) || !isWord(to) || !isWord(log.data)) {
      throw new MalformedReplyError('a Transfer log of the token is not two address topics and an amount');
    }
    if (txId === undefined || !/^[0-9a-f]{64}$/.test(txId)) {
      throw new MalformedReplyError('a transaction info with logs has no id');
    }
    const units = uintOfWord(log.data);
    if (units > BigInt(Number.MAX_SAFE_INTEGER)) return;
    transfers.push({
      txId,
      logIndex,
      fromAddress: addressOfWord(from),
      toAddress: addressOfWord(to),
      amount: Number(units),
    });
  });
  return transfers;
};

/**
 * A smart-contract call's receipt; undefined for any other transaction. java-tron writes
 * `contract_address` into the info of contract calls only; a TRX transfer's info may still carry
 * a receipt result (a failed transfer's), which its lookup reads as before. Absent numbers are
 * java-tron's omitted zeros.
 */
export const contractReceiptOf = (
  info: JsonRecord,
  token: TokenContract | null,
): ContractReceipt | undefined => {
  if (stringField(info, 'contract_address') === undefined) return undefined;
  const receipt = recordField(info, 'receipt') ?? {};
  const result = stringField(receipt, 'result');
  return {
    result: result ?? 'DEFAULT',
    energyUsed: integerField(receipt, 'energy_usage_total') ?? 0,
    energyFeeSun: integerField(receipt, 'energy_fee') ?? 0,
    bandwidthUsed: integerField(receipt, 'net_usage') ?? 0,
    bandwidthFeeSun: integerField(receipt, 'net_fee') ?? 0,
    usdtTransfers: token === null ? [] : tokenTransfersOfInfo(info, token),
  };
};

/**
 * Whether a call did what it was sent for: SUCCESS, and for a call of the token a Transfer log
 * of it, since the token's return value proves nothing (mainnet's USDT returns false on success).
 */
export const receiptSucceeded = (
  info: JsonRecord,
  receipt: ContractReceipt,
  token: TokenContract | null,
): boolean => {
  if (!callSucceeded(info)) return false;
  const called = stringField(info, 'contract_address');
  const callsToken =
    token !== null && (called === token.base58 || called?.toLowerCase() === `41${token.evmHex}`);
  return !callsToken || receipt.usdtTransfers.length > 0;
};
