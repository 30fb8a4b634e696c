import type { FeeSchedule } from '../options.js';
import { isHexAddress, toBase58Address } from '../chain/addresses.js';
import { usageAt } from '../chain/bandwidth.js';
import type { BroadcastVerdict } from '../chain/chain.js';
import {
  type Account,
  type BlockRecord,
  isContractCall,
  type TransactionRecord,
} from '../chain/chain-state.js';
import { utf8ToHex } from '../chain/hex.js';
import { TOTAL_ENERGY_LIMIT, TOTAL_NET_LIMIT } from '../chain/network-resources.js';
import type { JsonObject } from '../chain/signed-transaction.js';
import { contractCallInfoJson } from './contract-call-json.js';
import { withoutDefaults } from './proto-json.js';

/** java-tron's default active-permission operations bitmap (every system contract but a few). */
const ACTIVE_DEFAULT_OPERATIONS = '7fff1fc0033efb0f000000000000000000000000000000000000000000000000';

export const accountJson = (account: Readonly<Account>, now: number): JsonObject => {
  const keys = [{ address: account.address, weight: 1 }];
  return {
    ...withoutDefaults({
      address: account.address,
      balance: account.balance,
      create_time: account.createTime,
      latest_opration_time: account.latestOperationTime,
      free_net_usage: usageAt(account.freeNetUsage, account.latestConsumeFreeTime, now),
      latest_consume_free_time: account.latestConsumeFreeTime,
    }),
    account_resource: {},
    owner_permission: { permission_name: 'owner', threshold: 1, keys },
    active_permission: [
      {
        type: 'Active',
        id: 2,
        permission_name: 'active',
        threshold: 1,
        operations: ACTIVE_DEFAULT_OPERATIONS,
        keys,
      },
    ],
  };
};

/**
 * `freeNetUsed` is what is still in use after the linear 24 h recovery, as java-tron answers it.
 * The energy fields are java-tron's (`Wallet.getAccountResource`) on a chain where nobody stakes:
 * `EnergyLimit` comes from energy staked, and `EnergyUsed` only from spending staked energy,
 * because energy paid for in burned TRX is never recorded (`ReceiptCapsule.payEnergyBill` uses
 * the account's 0 energy left), so both stay 0 and JsonFormat omits them, as it does the
 * network's `TotalEnergyWeight` (TRX staked for energy); readers take `EnergyLimit ?? 0`.
 */
export const accountResourceJson = (account: Readonly<Account>, now: number, fees: FeeSchedule): JsonObject =>
  withoutDefaults({
    freeNetUsed: usageAt(account.freeNetUsage, account.latestConsumeFreeTime, now),
    freeNetLimit: fees.freeBandwidthBytes,
    TotalNetLimit: TOTAL_NET_LIMIT,
    EnergyUsed: 0,
    EnergyLimit: 0,
    TotalEnergyLimit: TOTAL_ENERGY_LIMIT,
    TotalEnergyWeight: 0,
  });

/** The address fields of what the devnet prints: a block header's, a TRX transfer's and a contract call's. */
const ADDRESS_FIELDS = new Set(['witness_address', 'owner_address', 'to_address', 'contract_address']);

/**
 * java-tron's `visible: true` form (`JsonFormat` with `selfType`): every address field in
 * base58check instead of hex; everything else, `raw_data_hex` and the ids included, unchanged.
 */
const withVisibleAddresses = (json: unknown): unknown => {
  if (Array.isArray(json)) return json.map(withVisibleAddresses);
  if (typeof json !== 'object' || json === null) return json;
  return Object.fromEntries(
    Object.entries(json).map(([field, value]) => [
      field,
      ADDRESS_FIELDS.has(field) && typeof value === 'string' && isHexAddress(value)
        ? toBase58Address(value)
        : withVisibleAddresses(value),
    ]),
  );
};

/** `Transaction.Result.contractRet`: a contract call's own result, a transfer's fault or SUCCESS. */
const contractRetOf = (record: Readonly<TransactionRecord>): string => {
  const { effects } = record;
  return isContractCall(effects) ? effects.result : (effects.failure?.contractRet ?? 'SUCCESS');
};

/**
 * A pending transaction has no `ret` yet: java-tron writes the result when a block executes it,
 * and only `contractRet` there (`TransactionCapsule.setResultCode`).
 */
export const transactionJson = (record: Readonly<TransactionRecord>, visible = false): JsonObject => ({
  ...(record.blockNumber === null ? {} : { ret: [{ contractRet: contractRetOf(record) }] }),
  signature: [...record.signatures],
  txID: record.txId,
  raw_data: visible ? (withVisibleAddresses(record.rawData) as JsonObject) : record.rawData,
  raw_data_hex: record.rawDataHex,
});

/**
 * `{}` until a block holds the transaction: the info is written when the block is processed. A
 * failed one gets `result: FAILED` and its runtime error as hex `resMessage`
 * (`TransactionUtil.buildTransactionInfoInstance`), and the contract result in `receipt.result`,
 * which java-tron writes for every TRANSFER_FAILED (those come from the VM, which sets it).
 */
export const transactionInfoJson = (record: Readonly<TransactionRecord>, visible = false): JsonObject => {
  if (record.blockNumber === null || record.blockTimestamp === null) return {};
  const { effects } = record;
  if (isContractCall(effects)) {
    return contractCallInfoJson(record.txId, record.blockNumber, record.blockTimestamp, effects, visible);
  }
  const { netUsage, netFee, createAccountFee, failure } = effects;
  return withoutDefaults({
    id: record.txId,
    fee: netFee + createAccountFee,
    blockNumber: record.blockNumber,
    blockTimeStamp: record.blockTimestamp,
    contractResult: [''],
    receipt: withoutDefaults({ net_usage: netUsage, net_fee: netFee, result: failure?.contractRet ?? '' }),
    result: failure === undefined ? '' : 'FAILED',
    resMessage: failure === undefined ? '' : utf8ToHex(failure.message),
  });
};

export const blockJson = (
  block: BlockRecord,
  transactions: readonly Readonly<TransactionRecord>[] | null,
  visible = false,
): JsonObject => ({
  blockID: block.blockId,
  block_header: {
    raw_data: withoutDefaults({
      number: block.number,
      txTrieRoot: block.txTrieRoot,
      witness_address: visible ? toBase58Address(block.witnessAddress) : block.witnessAddress,
      parentHash: block.parentHash,
      version: block.version,
      timestamp: block.timestamp,
    }),
    witness_signature: block.witnessSignature,
  },
  ...(transactions === null || transactions.length === 0
    ? {}
    : { transactions: transactions.map((transaction) => transactionJson(transaction, visible)) }),
});

/** `result` and `code` SUCCESS are defaults, so a refusal has no `result` and an acceptance no `code`. */
export const broadcastJson = (verdict: BroadcastVerdict): JsonObject =>
  verdict.kind === 'accepted'
    ? { result: true, txid: verdict.txId }
    : { code: verdict.refusal.code, txid: verdict.txId, message: utf8ToHex(verdict.refusal.message) };
