import { createRequire } from 'node:module';

type TronWebModule = typeof import('tronweb');

/**
 * TronWeb through its CommonJS build, since its ES module build is some 300 separate modules
 * (ethers and axios unbundled) that Node 20's ESM loader is slower to load, and TronWeb is on the
 * start-up path of the embedded default (the devnet and the bootstrap admin's wallet). Same code,
 * only the loader differs; the devnet loads the same file, so the process holds one copy.
 */
const tronweb = createRequire(import.meta.url)('tronweb') as TronWebModule;

export const TronWeb: TronWebModule['TronWeb'] = tronweb.TronWeb;
export type TronWeb = import('tronweb').TronWeb;
export const providers: TronWebModule['providers'] = tronweb.providers;
export const utils: TronWebModule['utils'] = tronweb.utils;
