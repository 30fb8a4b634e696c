import { join } from 'node:path';
import { createTronChain } from '@trx-shop/chain-tron';
import type { ChainPort, WalletFunding } from '@trx-shop/domain';
import type { RunningDevnet } from '@trx-shop/tron-devnet';
import type { AppConfig } from '../config/config.js';
import { devnetFunding } from './devnet-funding.js';

export const DEVNET_STATE_FILE = 'devnet-state.json';
const NODE_TIMEOUT_MS = 10_000;

export interface OpenedChain {
  readonly chain: ChainPort;
  /** The in-process devnet of the embedded default; null on a real network. */
  readonly devnet: RunningDevnet | null;
  readonly funding: WalletFunding | null;
  readonly description: string;
}

export const openConfiguredChain = async (config: AppConfig): Promise<OpenedChain> => {
  if (config.chain.kind === 'tron') {
    return {
      chain: createTronChain({
        fullHost: config.chain.fullHost,
        apiKey: config.chain.apiKey ?? undefined,
        timeoutMs: NODE_TIMEOUT_MS,
      }),
      devnet: null,
      funding: null,
      description: `TRON node ${config.chain.fullHost}`,
    };
  }
  // Loaded only for the embedded default: a real network never needs the devnet's code.
  const { startDevnet } = await import('@trx-shop/tron-devnet');
  const devnet = await startDevnet({
    port: config.chain.port,
    blockIntervalMs: config.chain.blockIntervalMs,
    solidDepth: config.chain.solidDepth,
    statePath: join(config.dataDir, DEVNET_STATE_FILE),
  });
  return {
    chain: createTronChain({ fullHost: devnet.url, timeoutMs: NODE_TIMEOUT_MS }),
    devnet,
    funding: devnetFunding(devnet, config.chain.airdropTrx * 1_000_000),
    description: `local devnet ${devnet.url}`,
  };
};
