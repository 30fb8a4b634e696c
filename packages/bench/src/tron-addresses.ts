import { base58OfHexAddress } from '@trx-shop/chain-tron';
import type { SeededRandom } from '@trx-shop/store-contract';

/** A valid TRON address (0x41 and 20 seeded random bytes, base58check) the devnet accepts. */
export const randomTronAddress = (random: SeededRandom): string => {
  let hex = '41';
  for (let i = 0; i < 20; i += 1) hex += random.integer(0, 255).toString(16).padStart(2, '0');
  return base58OfHexAddress(hex);
};
