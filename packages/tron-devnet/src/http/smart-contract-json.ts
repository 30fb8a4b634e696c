import { type HexAddress, toBase58Address } from '../chain/addresses.js';
import type { JsonObject } from '../chain/signed-transaction.js';
import { TETHER_USD, USDT_FUNCTIONS, type UsdtFunction } from '../chain/usdt-contract.js';

/** java-tron's default for a contract's deployer energy cap (`origin_energy_limit`). */
const ORIGIN_ENERGY_LIMIT = 10_000_000;

/**
 * A function as `SmartContract.ABI.Entry` prints it: capitalised enum names, false and empty
 * fields omitted (so a function without arguments has no `inputs`), outputs unnamed.
 */
const functionEntry = (fn: UsdtFunction): JsonObject => ({
  outputs: [{ type: fn.output }],
  ...(fn.inputs.length === 0 ? {} : { inputs: fn.inputs.map((input) => ({ ...input })) }),
  ...(fn.mutability === 'View' ? { constant: true } : {}),
  name: fn.name,
  stateMutability: fn.mutability,
  type: 'Function',
});

const TRANSFER_EVENT_ENTRY: JsonObject = {
  inputs: [
    { indexed: true, name: 'from', type: 'address' },
    { indexed: true, name: 'to', type: 'address' },
    { name: 'value', type: 'uint256' },
  ],
  name: 'Transfer',
  type: 'Event',
};

/**
 * `getcontract`'s `SmartContract` for the emulated Tether USD. It has no `bytecode` or
 * `code_hash`: no code runs, the devnet answers for it. The caller pays all the energy
 * (`consume_user_resource_percent` 100), as USDT's deployer pays none on mainnet.
 */
export const usdtSmartContractJson = (
  contract: HexAddress,
  origin: HexAddress,
  visible: boolean,
): JsonObject => {
  const address = (hex: HexAddress) => (visible ? toBase58Address(hex) : hex);
  return {
    origin_address: address(origin),
    contract_address: address(contract),
    abi: { entrys: [...USDT_FUNCTIONS.map(functionEntry), TRANSFER_EVENT_ENTRY] },
    consume_user_resource_percent: 100,
    name: TETHER_USD.contractName,
    origin_energy_limit: ORIGIN_ENERGY_LIMIT,
  };
};
