import { type HexAddress, toHexAddress } from './addresses.js';
import { isJsonObject, type JsonObject } from './signed-transaction.js';

/** The fields of a TriggerSmartContract transaction the VM reads. */
export interface ContractCall {
  readonly owner: HexAddress | null;
  readonly contract: HexAddress | null;
  /** Selector and arguments, lowercase hex. */
  readonly data: string;
  /** SUN sent along with the call. */
  readonly callValue: number;
  /** `raw_data.fee_limit`: the most SUN the call may burn for energy. */
  readonly feeLimit: number;
}

const integer = (value: unknown): number => (typeof value === 'number' ? value : Number(value ?? 0));

/** Read from `raw_data`, the signed part, so a re-execution after a restart sees the same call. */
export const contractCallOf = (rawData: JsonObject): ContractCall => {
  const contracts = Array.isArray(rawData.contract) ? rawData.contract : [];
  const first: unknown = contracts[0];
  const parameter = isJsonObject(first) && isJsonObject(first.parameter) ? first.parameter : {};
  const value = isJsonObject(parameter.value) ? parameter.value : {};
  return {
    owner: toHexAddress(value.owner_address),
    contract: toHexAddress(value.contract_address),
    data: typeof value.data === 'string' ? value.data.toLowerCase() : '',
    callValue: integer(value.call_value),
    feeLimit: integer(rawData.fee_limit),
  };
};
