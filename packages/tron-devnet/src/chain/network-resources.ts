/**
 * Network-wide resource totals java-tron reports, at mainnet's values: with no staking on the
 * devnet nothing divides them, but `getaccountresource` and `getchainparameters` must agree.
 */
export const TOTAL_NET_LIMIT = 43_200_000_000;
export const TOTAL_ENERGY_LIMIT = 180_000_000_000;
