import { isBase58Address } from '@trx-shop/chain-tron';
import { parseTrxAmount, type Sun } from '@trx-shop/domain';
import type { TronNetwork } from './tron-network.js';

/**
 * Tether's USDT on each network (tron-trc20.md section 4). The devnet's is its fixed genesis
 * contract, spelled here so a start on a real network never loads the devnet's code (a test holds
 * it equal to the devnet's own constant).
 */
export const DEFAULT_USDT_CONTRACTS: Readonly<Record<TronNetwork, string>> = {
  mainnet: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
  nile: 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf',
  shasta: 'TG3XXyExBkPp9nzdajDZsozEu4BkaSJozs',
  devnet: 'TF1stcgw8U5tdwwizDbYrLQNAkY4nuHGjo',
};

/** 100 TRX: a transfer to a new holder burns about 13 TRX at 100 SUN per energy, 27 at 210. */
export const DEFAULT_USDT_FEE_LIMIT_TRX = '100';
/** java-tron's getMaxFeeLimit: no fee limit above it is accepted. */
const MAX_FEE_LIMIT_SUN = 15_000_000_000;

export interface UsdtSettings {
  /** USDT_CONTRACT, or the network's default. */
  readonly contractAddress: string;
  /** USDT_FEE_LIMIT_TRX: the most TRX one transfer's energy may burn. */
  readonly feeLimitCapSun: Sun;
  /** USDT_HOLDER_ENERGY, USDT_NON_HOLDER_ENERGY: energy per transfer to a holder and to a new one. */
  readonly holderEnergy: number;
  readonly nonHolderEnergy: number;
}

type Text = (name: string) => string | null;
type Integer = (name: string, fallback: number, min: number, max: number) => number;

/**
 * USDT_CONTRACT: `off`, a base58 contract, or unset for the configured network's USDT (off when
 * no network is declared: an unverified node's network is not known).
 */
export const parseUsdtSettings = (
  text: Text,
  integer: Integer,
  network: TronNetwork | null,
  problems: string[],
): UsdtSettings | null => {
  const contract = text('USDT_CONTRACT');
  const feeText = text('USDT_FEE_LIMIT_TRX') ?? DEFAULT_USDT_FEE_LIMIT_TRX;
  const fee = parseTrxAmount(feeText, { field: 'USDT_FEE_LIMIT_TRX', maxSun: MAX_FEE_LIMIT_SUN });
  if (!fee.ok) {
    problems.push(
      `USDT_FEE_LIMIT_TRX: must be a positive TRX amount of at most 15000 with at most 6 decimals, got ${JSON.stringify(feeText)}`,
    );
  }
  const holderEnergy = integer('USDT_HOLDER_ENERGY', 64_285, 1, 10_000_000);
  const nonHolderEnergy = integer('USDT_NON_HOLDER_ENERGY', 130_285, 1, 10_000_000);
  if (contract === 'off') return null;
  if (contract !== null && !isBase58Address(contract)) {
    problems.push(
      `USDT_CONTRACT: must be a TRON base58 address (T...) or off, got ${JSON.stringify(contract)}`,
    );
    return null;
  }
  const contractAddress = contract ?? (network === null ? null : DEFAULT_USDT_CONTRACTS[network]);
  if (contractAddress === null) return null;
  return { contractAddress, feeLimitCapSun: fee.ok ? fee.value : 0, holderEnergy, nonHolderEnergy };
};
