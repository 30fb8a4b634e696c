import type { BlockTransfer, BlockUsdtTransfer, SolidBlock } from '@trx-shop/domain';
import { base58OfHexAddress } from './base58-address.js';
import { type TokenContract, tokenTransfersOfInfo } from './contract-receipt.js';
import {
  blockHeaderOf,
  integerField,
  isRecord,
  type JsonRecord,
  MalformedReplyError,
  recordField,
  stringField,
} from './node-replies.js';

const HEX_ADDRESS = /^41[0-9a-fA-F]{40}$/;
const HEX_ADDRESS_LENGTH = 42;

/**
 * The scanner asks for `visible: true`, so java-tron answers base58check and the service, which
 * shows base58, converts nothing. A node that ignores `visible` answers `41…` hex, converted here;
 * the length is looked at first, so a base58 address (34 characters) costs no pattern test.
 */
const base58Of = (address: string | undefined): string => {
  if (address === undefined) throw new MalformedReplyError('a transfer has no address');
  if (address.length !== HEX_ADDRESS_LENGTH || !HEX_ADDRESS.test(address)) return address;
  return base58OfHexAddress(address);
};

/**
 * The TRX transfer in one transaction of a block, or null for any other contract. A transaction
 * of the chain carries exactly one contract; its outcome is `ret[0].contractRet`.
 */
export const transferOf = (transaction: unknown): BlockTransfer | null => {
  if (!isRecord(transaction)) throw new MalformedReplyError('a block transaction is not an object');
  const txId = stringField(transaction, 'txID');
  const contracts = recordField(transaction, 'raw_data')?.contract;
  const contract = Array.isArray(contracts) ? (contracts[0] as unknown) : undefined;
  if (!isRecord(contract) || contract.type !== 'TransferContract') return null;
  const value = recordField(recordField(contract, 'parameter') ?? {}, 'value');
  if (txId === undefined || !/^[0-9a-f]{64}$/.test(txId) || value === undefined) {
    throw new MalformedReplyError('a transfer in a block has no txID or value');
  }
  const results = Array.isArray(transaction.ret) ? (transaction.ret as unknown[]) : [];
  const outcome = isRecord(results[0]) ? stringField(results[0] as JsonRecord, 'contractRet') : undefined;
  const owner = stringField(value, 'owner_address');
  if (owner === undefined) throw new MalformedReplyError('a transfer has no address');
  let fromAddress: string | undefined;
  return {
    txId,
    // Converted when read: only a deposit's sender is ever looked at, and converting all 300
    // senders of a busy block would cost the scanner as much as the rest of the block.
    get fromAddress() {
      fromAddress ??= base58Of(owner);
      return fromAddress;
    },
    toAddress: base58Of(stringField(value, 'to_address')),
    // java-tron omits a default (zero) amount; TRON refuses zero transfers, so it is never 0.
    amountSun: integerField(value, 'amount') ?? 0,
    succeeded: outcome === 'SUCCESS',
  };
};

const isContractCall = (transaction: unknown): boolean => {
  const contracts = isRecord(transaction) ? recordField(transaction, 'raw_data')?.contract : undefined;
  const contract = Array.isArray(contracts) ? (contracts[0] as unknown) : undefined;
  return isRecord(contract) && contract.type === 'TriggerSmartContract';
};

/**
 * `walletsolidity/getblockbynum`: `{}` for a block that is not solid yet, else the block (its
 * token transfers not read yet) and whether it holds smart-contract calls, the only transactions
 * that can move a token. Its addresses may be base58check (`visible: true`) or hex.
 */
export const readSolidBlockReply = (
  reply: unknown,
): { block: SolidBlock; callsContracts: boolean } | null => {
  if (!isRecord(reply)) throw new MalformedReplyError('a block reply is not an object');
  if (Object.keys(reply).length === 0) return null;
  const header = blockHeaderOf(reply);
  const number = header === undefined ? undefined : (integerField(header, 'number') ?? 0);
  const timestamp = header === undefined ? undefined : integerField(header, 'timestamp');
  if (number === undefined || timestamp === undefined) {
    throw new MalformedReplyError('a block has no header number or timestamp');
  }
  const transactions = Array.isArray(reply.transactions) ? (reply.transactions as unknown[]) : [];
  const transfers: BlockTransfer[] = [];
  let callsContracts = false;
  for (const transaction of transactions) {
    const transfer = transferOf(transaction);
    if (transfer) transfers.push(transfer);
    else callsContracts ||= isContractCall(transaction);
  }
  return { block: { number, time: new Date(timestamp), transfers, usdtTransfers: [] }, callsContracts };
};

/** The block alone, for a reader that does not follow a token. */
export const solidBlockOfReply = (reply: unknown): SolidBlock | null =>
  readSolidBlockReply(reply)?.block ?? null;

/**
 * `walletsolidity/gettransactioninfobyblocknum`: the infos of a block's transactions, read for the
 * token's Transfer logs of its successful calls. A block with contract calls always has infos
 * once solid, so an empty answer for one is refused rather than read as "no transfers".
 */
export const tokenTransfersOfBlockInfos = (reply: unknown, token: TokenContract): BlockUsdtTransfer[] => {
  if (!Array.isArray(reply) || reply.length === 0) {
    throw new MalformedReplyError('a solid block with contract calls has no transaction infos');
  }
  const transfers: BlockUsdtTransfer[] = [];
  for (const info of reply as unknown[]) {
    if (!isRecord(info)) throw new MalformedReplyError('a transaction info is not an object');
    transfers.push(...tokenTransfersOfInfo(info, token));
  }
  return transfers;
};
