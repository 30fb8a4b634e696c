import { TOTAL_ENERGY_LIMIT, TOTAL_NET_LIMIT } from '../chain/network-resources.js';
import type { JsonObject } from '../chain/signed-transaction.js';
import type { FeeSchedule } from '../options.js';

/**
 * The entries of java-tron's `Wallet.getChainParameters` a payment service reads, in its order,
 * from the devnet's own configuration. TRC-10 and the dynamic energy model do not exist here, so
 * their switches and factors are 0, as on a java-tron network that never enabled them.
 */
const chainParameterValues = (fees: FeeSchedule): [string, number][] => [
  ['getCreateAccountFee', fees.createNewAccountBandwidthFeeSun],
  ['getTransactionFee', fees.burnSunPerByte],
  ['getCreateNewAccountFeeInSystemContract', fees.createAccountFeeSun],
  ['getEnergyFee', fees.energyFeeSun],
  ['getTotalEnergyLimit', TOTAL_ENERGY_LIMIT],
  ['getAllowTvmTransferTrc10', 0],
  ['getTotalEnergyCurrentLimit', TOTAL_ENERGY_LIMIT],
  ['getMaxFeeLimit', fees.maxFeeLimitSun],
  ['getFreeNetLimit', fees.freeBandwidthBytes],
  ['getTotalNetLimit', TOTAL_NET_LIMIT],
  ['getAllowDynamicEnergy', 0],
  ['getDynamicEnergyThreshold', 0],
  ['getDynamicEnergyIncreaseFactor', 0],
  ['getDynamicEnergyMaxFactor', 0],
];

/** `ChainParameter` is proto3, so JsonFormat prints a 0 value as the key alone. */
export const chainParametersJson = (fees: FeeSchedule): JsonObject => ({
  chainParameter: chainParameterValues(fees).map(([key, value]) => (value === 0 ? { key } : { key, value })),
});

/**
 * java-tron's price history starts as `0:<price>` (`DynamicPropertiesStore`'s
 * `DEFAULT_ENERGY_PRICE_HISTORY`) and gains `,<ms>:<price>` only when a proposal changes the
 * price; the devnet's price never changes, so its history is that one entry.
 */
export const pricesJson = (sunPerUnit: number): JsonObject => ({ prices: `0:${sunPerUnit}` });
