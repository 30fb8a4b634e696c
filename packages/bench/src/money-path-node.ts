import { startDevnetProcess } from './devnet-process.js';

export const MONEY_PATH_BLOCK_INTERVAL_MS = 1_000;
export const MONEY_PATH_SOLID_DEPTH = 3;
/** What each buyer's wallet is given: the embedded devnet's airdrop (DEVNET_AIRDROP_TRX). */
const BUYER_FUNDING_SUN = 1_000_000_000;

/**
 * The node the money path pays through: a devnet in a process of its own making a block a second,
 * as a shop's node (its own or TronGrid) is another machine. Its work (validating, recovering each
 * signer, making blocks) then costs its own CPU, not the service's event loop. It does not airdrop
 * new wallets as the embedded devnet does, so `fund` gives each buyer what the airdrop would.
 */
export const startMoneyPathNode = async (dir: string) => {
  const devnet = await startDevnetProcess(dir, MONEY_PATH_SOLID_DEPTH, {
    blockIntervalMs: MONEY_PATH_BLOCK_INTERVAL_MS,
  });
  return {
    env: { TRON_FULL_HOST: devnet.url },
    pid: devnet.pid,
    fund: async (address: string) => {
      await devnet.control.fund(address, BUYER_FUNDING_SUN);
    },
    stop: devnet.stop,
  };
};
