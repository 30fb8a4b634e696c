import { createRequire } from 'node:module';

type TronWebModule = typeof import('tronweb');

/**
 * TronWeb's helpers through its CommonJS build, which Node 20 loads faster than the ES module
 * build's 300-odd modules: the devnet starts with the service in the embedded default. Same code
 * as the ES build; chain-tron loads the same file.
 */
export const utils: TronWebModule['utils'] = (createRequire(import.meta.url)('tronweb') as TronWebModule)
  .utils;
