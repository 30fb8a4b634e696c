import { domainError } from '@trx-shop/domain';
import { TronWeb } from './tronweb-library.js';

const BASE58_ADDRESS = /^T[1-9A-HJ-NP-Za-km-z]{33}$/;

/**
 * The service stores and shows base58 addresses only, so hex (`41…`) is refused even though
 * TronWeb accepts it: one spelling per address keeps lookups and comparisons exact. TronWeb then
 * checks the Base58Check checksum and the 0x41 network byte.
 */
export const isBase58Address = (address: string): boolean =>
  BASE58_ADDRESS.test(address) && TronWeb.isAddress(address);

/** The address, when it is one the service accepts; else INVALID_ADDRESS naming its `role`. */
export const requireBase58Address = (address: string, role: string): string => {
  if (!isBase58Address(address)) throw domainError('INVALID_ADDRESS', `${role} is not a TRON base58 address`);
  return address;
};

/** A transfer's sender and recipient, each a base58 address. */
export const requireTransferParties = (request: { fromAddress: string; toAddress: string }): void => {
  requireBase58Address(request.fromAddress, 'sender address');
  requireBase58Address(request.toAddress, 'recipient address');
};
