import type { HexAddress } from './addresses.js';
import {
  addressFromWord,
  encodeString,
  errorStringData,
  keccakHex,
  selectorOf,
  splitCallData,
  uintFromWord,
  wordOfAddress,
  wordOfBool,
  wordOfUint,
} from './abi-words.js';
import type { TokenReader } from './trc20-token.js';
import type { UsdtSettings } from './usdt-settings.js';

/** Tether USD as the devnet emulates it; `contractName` is what `getcontract` calls the code. */
export const TETHER_USD = { name: 'Tether USD', symbol: 'USDT', decimals: 6, contractName: 'TetherToken' };

/**
 * Energy of a read (`balanceOf`, `decimals`, ...): a guess of the right size (a Nile
 * `balanceOf` answered 935); nothing bills it, constant calls only report it.
 */
const READ_ENERGY = 935;

/** Text of the devnet's revert when the sender holds too little (the real contract's own is unverified). */
export const INSUFFICIENT_BALANCE_REASON = 'transfer amount exceeds balance';

export const TRANSFER_EVENT_TOPIC = keccakHex('Transfer(address,address,uint256)');

export type Mutability = 'View' | 'Nonpayable';

/** One function of the contract's ABI, as `getcontract` lists it. */
export interface UsdtFunction {
  readonly name: string;
  readonly inputs: readonly { readonly name: string; readonly type: string }[];
  readonly output: string;
  readonly mutability: Mutability;
}

export const USDT_FUNCTIONS: readonly UsdtFunction[] = [
  { name: 'name', inputs: [], output: 'string', mutability: 'View' },
  { name: 'symbol', inputs: [], output: 'string', mutability: 'View' },
  { name: 'decimals', inputs: [], output: 'uint8', mutability: 'View' },
  { name: 'totalSupply', inputs: [], output: 'uint256', mutability: 'View' },
  { name: 'balanceOf', inputs: [{ name: 'who', type: 'address' }], output: 'uint256', mutability: 'View' },
  {
    name: 'transfer',
    inputs: [
      { name: '_to', type: 'address' },
      { name: '_value', type: 'uint256' },
    ],
    output: 'bool',
    mutability: 'Nonpayable',
  },
];

const signatureOf = (fn: UsdtFunction) => `${fn.name}(${fn.inputs.map((input) => input.type).join(',')})`;
const FUNCTIONS_BY_SELECTOR = new Map(USDT_FUNCTIONS.map((fn) => [selectorOf(signatureOf(fn)), fn]));

/** True when the data calls one of the view functions (java-tron then runs even a non-constant trigger). */
export const callsView = (dataHex: string): boolean =>
  FUNCTIONS_BY_SELECTOR.get(splitCallData(dataHex).selector)?.mutability === 'View';

/** A token movement a successful `transfer` makes. */
export interface TokenTransfer {
  readonly from: HexAddress;
  readonly to: HexAddress;
  readonly amount: bigint;
}

/** What running the contract's code did, before the VM weighs it against the energy limit. */
export type UsdtCallOutcome =
  | {
      readonly kind: 'returned';
      readonly returnData: string;
      readonly energy: number;
      readonly penalty: number;
      readonly transfer: TokenTransfer | null;
    }
  | { readonly kind: 'reverted'; readonly returnData: string; readonly energy: number };

const read = (returnData: string): UsdtCallOutcome => ({
  kind: 'returned',
  returnData,
  energy: READ_ENERGY,
  penalty: 0,
  transfer: null,
});

/**
 * The contract's code for one call: the selector picks the function, arguments are read from
 * whole words (too few words revert, as the ABI decoder does), and no function is payable.
 */
export const runUsdtCall = (
  token: TokenReader,
  caller: HexAddress,
  dataHex: string,
  callValue: number,
  settings: UsdtSettings,
): UsdtCallOutcome => {
  const revert = (returnData = ''): UsdtCallOutcome => ({
    kind: 'reverted',
    returnData,
    energy: settings.revertEnergy,
  });
  const { selector, words } = splitCallData(dataHex);
  const fn = FUNCTIONS_BY_SELECTOR.get(selector);
  if (fn === undefined || callValue !== 0 || words.length < fn.inputs.length) return revert();
  const [first = '', second = ''] = words;
  switch (fn.name) {
    case 'name':
      return read(encodeString(TETHER_USD.name));
    case 'symbol':
      return read(encodeString(TETHER_USD.symbol));
    case 'decimals':
      return read(wordOfUint(BigInt(TETHER_USD.decimals)));
    case 'totalSupply':
      return read(wordOfUint(token.totalSupply));
    case 'balanceOf':
      return read(wordOfUint(token.balanceOf(addressFromWord(first))));
    case 'transfer': {
      const to = addressFromWord(first);
      const amount = uintFromWord(second);
      if (token.balanceOf(caller) < amount) return revert(errorStringData(INSUFFICIENT_BALANCE_REASON));
      // Writing a zero slot (a recipient holding nothing) is the expensive SSTORE.
      const holder = token.balanceOf(to) > 0n;
      return {
        kind: 'returned',
        returnData: wordOfBool(settings.transferReturnsTrue),
        energy: holder ? settings.energyToHolder : settings.energyToNonHolder,
        penalty: holder ? settings.penaltyToHolder : settings.penaltyToNonHolder,
        transfer: { from: caller, to, amount },
      };
    }
    default:
      return revert();
  }
};

/** The `Transfer(from, to, value)` event of a token movement: indexed addresses as topics. */
export const transferLogOf = (contract: HexAddress, transfer: TokenTransfer) => ({
  address: contract,
  topics: [TRANSFER_EVENT_TOPIC, wordOfAddress(transfer.from), wordOfAddress(transfer.to)],
  data: wordOfUint(transfer.amount),
});
