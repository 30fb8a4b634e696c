import { type HexAddress, toBase58Address } from '../chain/addresses.js';
import type { ContractCallEffects, EventLog } from '../chain/chain-state.js';
import { utf8ToHex } from '../chain/hex.js';
import type { JsonObject } from '../chain/signed-transaction.js';
import { withoutDefaults } from './proto-json.js';

/**
 * `LogInfo.buildLog` prints the emitting contract's 20 bytes, without 0x41; the servlets'
 * `visible: true` turns it into base58check. Topics and data stay bare hex either way.
 */
const logJson = (log: EventLog, visible: boolean): JsonObject => ({
  address: visible ? toBase58Address(log.address) : log.address.slice(2),
  topics: [...log.topics],
  data: log.data,
});

const addressJson = (address: HexAddress, visible: boolean) => (visible ? toBase58Address(address) : address);

/**
 * `TransactionInfo` of a contract call, fields in proto order with defaults omitted: the fee is
 * energy plus bandwidth burned; `receipt.result` is always there (REVERT and OUT_OF_ENERGY too);
 * a failed call adds `result: FAILED` and its runtime error, and keeps no logs.
 */
export const contractCallInfoJson = (
  txId: string,
  blockNumber: number,
  blockTimestamp: number,
  effects: ContractCallEffects,
  visible: boolean,
): JsonObject => {
  const failed = effects.result !== 'SUCCESS';
  return withoutDefaults({
    id: txId,
    fee: effects.netFee + effects.energyFee,
    blockNumber,
    blockTimeStamp: blockTimestamp,
    contractResult: [effects.returnData],
    contract_address: addressJson(effects.contract, visible),
    receipt: withoutDefaults({
      energy_fee: effects.energyFee,
      energy_usage_total: effects.energyUsageTotal,
      net_usage: effects.netUsage,
      net_fee: effects.netFee,
      result: effects.result,
      energy_penalty_total: effects.energyPenaltyTotal,
    }),
    ...(effects.logs.length === 0 ? {} : { log: effects.logs.map((log) => logJson(log, visible)) }),
    result: failed ? 'FAILED' : '',
    resMessage: failed ? utf8ToHex(effects.runtimeError ?? '') : '',
  });
};
