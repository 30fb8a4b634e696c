export { isBase58Address } from './addresses.js';
export { base58OfHexAddress } from './base58-address.js';
export { createKeyVault, type KeyVaultOptions } from './key-vault.js';
export { requestPace } from './request-pace.js';
export { createTronChain, type TronChainOptions } from './tron-chain.js';
export { DEFAULT_HOLDER_ENERGY, DEFAULT_NON_HOLDER_ENERGY, type TronUsdtOptions } from './tron-usdt.js';
export { MAINNET_FEE_SCHEDULE, type TransferFeeSchedule } from './transfer-fee.js';
