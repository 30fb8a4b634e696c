import type { HexAddress } from './addresses.js';
import { utils } from './tronweb-utils.js';

/** One ABI word: 32 bytes as 64 lowercase hex digits. */
const WORD_HEX = 64;
const SELECTOR_HEX = 8;
const UINT256_MAX = (1n << 256n) - 1n;

/** keccak256 of a text, as lowercase hex without 0x. */
export const keccakHex = (text: string): string =>
  utils.ethersUtils.keccak256(utils.ethersUtils.toUtf8Bytes(text)).slice(2);

/** The 4-byte selector of a function signature such as `transfer(address,uint256)`. */
export const selectorOf = (signature: string): string => keccakHex(signature).slice(0, SELECTOR_HEX);

/** Call data split into its selector and argument words; the selector is '' for data under 4 bytes. */
export interface CallData {
  readonly selector: string;
  readonly words: readonly string[];
}

export const splitCallData = (dataHex: string): CallData => {
  const data = dataHex.toLowerCase();
  if (data.length < SELECTOR_HEX) return { selector: '', words: [] };
  const words: string[] = [];
  // A trailing partial word is dropped: the contract reads whole words only.
  for (let start = SELECTOR_HEX; start + WORD_HEX <= data.length; start += WORD_HEX) {
    words.push(data.slice(start, start + WORD_HEX));
  }
  return { selector: data.slice(0, SELECTOR_HEX), words };
};

/** The TVM keeps the low 20 bytes of an address word, so wallet-cli's `41…` upper byte is ignored. */
export const addressFromWord = (word: string): HexAddress => `41${word.slice(WORD_HEX - 40)}`;

export const uintFromWord = (word: string): bigint => BigInt(`0x${word}`);

export const wordOfUint = (value: bigint): string => {
  if (value < 0n || value > UINT256_MAX) throw new RangeError(`not a uint256: ${value}`);
  return value.toString(16).padStart(WORD_HEX, '0');
};

export const wordOfAddress = (address: HexAddress): string => address.slice(2).padStart(WORD_HEX, '0');

export const wordOfBool = (value: boolean): string => wordOfUint(value ? 1n : 0n);

/** A lone dynamic `string` return value: offset, length, then the UTF-8 bytes padded to whole words. */
export const encodeString = (text: string): string => {
  const bytes = Buffer.from(text, 'utf8').toString('hex');
  const padded = bytes.padEnd(Math.ceil(bytes.length / WORD_HEX) * WORD_HEX, '0');
  return wordOfUint(32n) + wordOfUint(BigInt(bytes.length / 2)) + padded;
};

/** Solidity's revert reason: `Error(string)` selector 08c379a0, then the ABI-encoded text. */
export const errorStringData = (reason: string): string => selectorOf('Error(string)') + encodeString(reason);
