import type { UsdtUnits } from '@trx-shop/domain';
import { base58OfHexAddress } from './base58-address.js';
import { MalformedReplyError } from './node-replies.js';
import { TronWeb } from './tronweb-library.js';

/** keccak256("Transfer(address,address,uint256)"): topic 0 of every TRC-20 transfer log. */
export const TRANSFER_TOPIC = 'ddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';

const WORD = /^[0-9a-fA-F]{64}$/;

export const isWord = (value: unknown): value is string => typeof value === 'string' && WORD.test(value);

/** A base58 address as the 20-byte contract-storage form (no 0x41), lower case hex. */
export const evmHexOf = (base58: string): string => TronWeb.address.toHex(base58).slice(2).toLowerCase();

/** An address as an ABI word: its 20 bytes left-padded to 32, as TronWeb encodes it. */
export const addressWord = (base58: string): string => evmHexOf(base58).padStart(64, '0');

/**
 * The address in an ABI word. Only the low 20 bytes count, as in the TVM: wallet-cli writes the
 * 21-byte form with its 0x41 into the word, and such a transfer succeeds on chain.
 */
export const addressOfWord = (word: string): string =>
  base58OfHexAddress(`41${word.slice(24).toLowerCase()}`);

/** A uint256 word as an exact integer. */
export const uintOfWord = (word: string): bigint => BigInt(`0x${word}`);

/**
 * Token units as the service counts them, a safe integer. A larger amount is refused rather
 * than rounded: a float near 2^53 would silently move money.
 */
export const safeUnitsOf = (units: bigint, what: string): UsdtUnits => {
  if (units > BigInt(Number.MAX_SAFE_INTEGER)) {
    throw new MalformedReplyError(
      `${what} of ${units} base units is beyond the largest amount the service counts exactly (${Number.MAX_SAFE_INTEGER})`,
    );
  }
  return Number(units);
};

/** An ABI-encoded `string` return value: an offset word, a length word, then the bytes. */
export const abiStringOf = (hex: string): string => {
  const offset = hex.length >= 64 ? Number(uintOfWord(hex.slice(0, 64))) * 2 : Number.NaN;
  const lengthWord = hex.slice(offset, offset + 64);
  if (!Number.isSafeInteger(offset) || !isWord(lengthWord)) {
    throw new MalformedReplyError('the contract answered a string that is not ABI-encoded');
  }
  const length = Number(uintOfWord(lengthWord)) * 2;
  const bytes = hex.slice(offset + 64, offset + 64 + length);
  if (bytes.length !== length) throw new MalformedReplyError('the contract answered a truncated string');
  return Buffer.from(bytes, 'hex').toString('utf8');
};
