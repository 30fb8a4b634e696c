export type { DevnetOptions } from './options.js';
export { type RunningDevnet, startDevnet } from './start-devnet.js';
