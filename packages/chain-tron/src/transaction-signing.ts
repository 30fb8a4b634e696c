import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import type { Types } from 'tronweb';
import { utils } from './tronweb-library.js';

type Secp256k1 = typeof import('tiny-secp256k1');

let secp256k1: Secp256k1 | undefined;
/**
 * libsecp256k1 as WebAssembly, loaded on the first signature rather than at start-up, since
 * TronWeb's `trx.sign` clones the transaction, re-encodes it to check its txID and derives the
 * key's address, all in a pure-JS curve, on every payment. Both follow RFC 6979 with a low s, so
 * the signature is byte for byte the one TronWeb would make.
 */
const curve = (): Secp256k1 => {
  secp256k1 ??= createRequire(import.meta.url)('tiny-secp256k1') as Secp256k1;
  return secp256k1;
};

export class SigningRefused extends Error {}

/** The 0x41-prefixed hex address of a public key: the last 20 bytes of keccak256 over x and y. */
const hexAddressOf = (uncompressedKey: Uint8Array): string =>
  `41${utils.ethersUtils.keccak256(uncompressedKey.subarray(1)).slice(-40)}`;

/**
 * Signs a transaction TronWeb's builder made (its `txID` is sha256 of `raw_data_hex`), as its
 * only signer. Refuses, with a text that never quotes the key, when the key is not the owner's or
 * the txID is not the hash of the bytes: what would be signed is then not what the node checks.
 */
export const signTransaction = <T extends Types.Transaction>(
  unsigned: T,
  privateKeyHex: string,
): T & { signature: string[] } => {
  if (!/^[0-9a-fA-F]{64}$/.test(privateKeyHex)) throw new SigningRefused('the key is not 32 bytes of hex');
  const txIdBytes = createHash('sha256').update(Buffer.from(unsigned.raw_data_hex, 'hex')).digest();
  if (txIdBytes.toString('hex') !== unsigned.txID.toLowerCase()) {
    throw new SigningRefused('the txID is not the hash of the raw data');
  }
  const owner = unsigned.raw_data.contract[0]?.parameter.value as { owner_address?: unknown } | undefined;
  const key = Buffer.from(privateKeyHex, 'hex');
  try {
    const publicKey = curve().pointFromScalar(key, false);
    if (publicKey === null || typeof owner?.owner_address !== 'string') {
      throw new SigningRefused('the key names no sender');
    }
    if (hexAddressOf(publicKey) !== owner.owner_address.toLowerCase()) {
      throw new SigningRefused('the key does not belong to the sender');
    }
    const { signature, recoveryId } = curve().signRecoverable(txIdBytes, key);
    // Upper case, as TronWeb writes this byte: the stored text stays what it always was.
    const header = (27 + recoveryId).toString(16).toUpperCase();
    return { ...unsigned, signature: [`${Buffer.from(signature).toString('hex')}${header}`] };
  } catch (error) {
    // The curve's own errors name no key, but a fixed text is certain never to.
    if (error instanceof SigningRefused) throw error;
    throw new SigningRefused('the key is not a valid secp256k1 private key');
  } finally {
    key.fill(0);
  }
};
