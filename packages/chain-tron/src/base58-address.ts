import { hash } from 'node:crypto';

const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
/** Base-58 digits are worked out four at a time: 58^4 * 256 stays far inside a double's integers. */
const LIMB = 58 ** 4;
const ADDRESS_BYTES = 21;
const TRON_PREFIX = 0x41;

// Scratch space reused by every call (the conversion is synchronous): no garbage per address.
const limbs = new Float64Array(12);
const digits = new Uint8Array(48);

const base58 = (bytes: Uint8Array): string => {
  let leadingZeros = 0;
  while (leadingZeros < bytes.length && bytes[leadingZeros] === 0) leadingZeros += 1;
  // The big-endian number the bytes spell, as little-endian limbs of base 58^4.
  let used = 0;
  for (const byte of bytes) {
    let carry = byte;
    for (let i = 0; i < used; i += 1) {
      carry += (limbs[i] as number) * 256;
      const quotient = Math.floor(carry / LIMB);
      limbs[i] = carry - quotient * LIMB;
      carry = quotient;
    }
    while (carry > 0) {
      const quotient = Math.floor(carry / LIMB);
      limbs[used] = carry - quotient * LIMB;
      used += 1;
      carry = quotient;
    }
  }
  let count = 0;
  for (let i = 0; i < used; i += 1) {
    let limb = limbs[i] as number;
    for (let k = 0; k < 4; k += 1) {
      const quotient = Math.floor(limb / 58);
      digits[count] = limb - quotient * 58;
      count += 1;
      limb = quotient;
    }
  }
  while (count > 0 && digits[count - 1] === 0) count -= 1;
  let text = '1'.repeat(leadingZeros);
  for (let i = count - 1; i >= 0; i -= 1) text += ALPHABET[digits[i] as number];
  return text;
};

/**
 * A `41…` hex address in base58check, as TronWeb's `address.fromHex` writes it. The deposit
 * scanner converts the recipient of every transfer of every block (300 in a busy mainnet block);
 * node:crypto's one-shot SHA-256 and four-digit limbs make that several times cheaper than
 * TronWeb's JavaScript hashing.
 */
export const base58OfHexAddress = (hex: string): string => {
  const withChecksum = Buffer.allocUnsafe(ADDRESS_BYTES + 4);
  // `write` stops at the first pair that is not hex, so a short count means a malformed address.
  const written = hex.length === ADDRESS_BYTES * 2 ? withChecksum.write(hex, 0, 'hex') : 0;
  if (written !== ADDRESS_BYTES || withChecksum[0] !== TRON_PREFIX) {
    throw new Error(`not a 41-prefixed hex TRON address: ${hex}`);
  }
  const payload = withChecksum.subarray(0, ADDRESS_BYTES);
  hash('sha256', hash('sha256', payload, 'buffer'), 'buffer').copy(withChecksum, ADDRESS_BYTES, 0, 4);
  return base58(withChecksum);
};
