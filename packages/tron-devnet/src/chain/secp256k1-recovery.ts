import { createRequire } from 'node:module';
import { utils } from './tronweb-utils.js';

type Secp256k1 = typeof import('tiny-secp256k1');

let secp256k1: Secp256k1 | undefined;
/**
 * libsecp256k1 as WebAssembly rather than TronWeb's pure-JS curve, since the devnet recovers a
 * signer for every transaction it is sent; loaded on the first broadcast, off the start-up path.
 */
const curve = (): Secp256k1 => {
  secp256k1 ??= createRequire(import.meta.url)('tiny-secp256k1') as Secp256k1;
  return secp256k1;
};

/**
 * java-tron's `ECKey.signatureToKey`: the header byte is 27-34 (a recovery id below 27 gets 27
 * added first), and 31-34 mark a compressed key, which names the same signer.
 */
const recoveryIdOf = (header: number): number | null => {
  const normalized = header < 27 ? header + 27 : header;
  if (normalized < 27 || normalized > 34) return null;
  return (normalized >= 31 ? normalized - 4 : normalized) - 27;
};

/**
 * The 21-byte hex address (0x41 prefix) of whoever made `signature` (65 bytes: r, s, header) over
 * `hash`, or a reason it names nobody: r or s out of range, or no point for r.
 */
export const recoverSignerAddress = (
  hash: Uint8Array,
  signature: Uint8Array,
): { readonly address: string } | { readonly refusal: string } => {
  const header = signature[64] ?? 0;
  const recoveryId = recoveryIdOf(header);
  if (recoveryId === null) return { refusal: `Header byte out of range: ${header}` };
  let publicKey: Uint8Array | null;
  try {
    publicKey = curve().recover(hash, signature.subarray(0, 64), recoveryId as 0 | 1 | 2 | 3, false);
  } catch {
    publicKey = null;
  }
  if (publicKey === null) return { refusal: 'Could not recover public key from signature' };
  const digest = utils.ethersUtils.keccak256(publicKey.subarray(1));
  return { address: `41${digest.slice(-40)}` };
};
