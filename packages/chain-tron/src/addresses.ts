import { TronWeb } from './tronweb-library.js';

const BASE58_ADDRESS = /^T[1-9A-HJ-NP-Za-km-z]{33}$/;

/**
 * The service stores and shows base58 addresses only, so hex (`41…`) is refused even though
 * TronWeb accepts it: one spelling per address keeps lookups and comparisons exact. TronWeb then
 * checks the Base58Check checksum and the 0x41 network byte.
 */
export const isBase58Address = (address: string): boolean =>
  BASE58_ADDRESS.test(address) && TronWeb.isAddress(address);
