export type { DevnetOptions } from './options.js';
export { type RunningDevnet, startDevnet } from './start-devnet.js';
export { DEVNET_USDT_CONTRACT } from './chain/usdt-contract-address.js';
