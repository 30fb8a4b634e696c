import { utils } from './tronweb-utils.js';

const HEX_ADDRESS = /^41[0-9a-f]{40}$/;

/** java-tron's own form with `visible=false`: 21 bytes, 0x41 prefix, lowercase hex. */
export type HexAddress = string;

export const isHexAddress = (value: string): boolean => HEX_ADDRESS.test(value);

/** Accepts base58check or 41-prefixed hex in any case; null when it is neither. */
export const toHexAddress = (value: unknown): HexAddress | null => {
  if (typeof value !== 'string') return null;
  const lower = value.toLowerCase().replace(/^0x/, '');
  if (isHexAddress(lower)) return lower;
  if (utils.crypto.isAddressValid(value)) return utils.address.toHex(value).toLowerCase();
  return null;
};

export const toBase58Address = (hex: HexAddress): string => utils.address.fromHex(hex);
