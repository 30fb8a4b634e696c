import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createTronChain, type TronUsdtOptions } from '@trx-shop/chain-tron';
import { type ChainPort, SUN_PER_TRX, UNITS_PER_USDT, type WalletFunding } from '@trx-shop/domain';
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
  /** Something the operator should read in the log (a devnet port that had to change). */
  readonly notice: string | null;
}

const DEVNET_PORT_FILE = 'devnet-port';

const readStoredPort = async (file: string): Promise<number | null> => {
  try {
    const port = Number((await readFile(file, 'utf8')).trim());
    return Number.isInteger(port) && port > 0 && port < 65_536 ? port : null;
  } catch {
    return null;
  }
};

/** The configured USDT contract for the chain adapter; undefined leaves USDT off. */
const usdtOptions = (config: AppConfig): TronUsdtOptions | undefined => config.usdt ?? undefined;

const tronNodeChain = (config: AppConfig & { chain: { kind: 'tron' } }): ChainPort =>
  createTronChain({
    fullHost: config.chain.fullHost,
    apiKey: config.chain.apiKey ?? undefined,
    timeoutMs: NODE_TIMEOUT_MS,
    scanRequestsPerSecond: config.scanner.maxRequestsPerSecond,
    usdt: usdtOptions(config),
  });

/** Reconciliation's balance reads per second: a real node has an allowance to keep, the devnet none. */
export const reconcileRequestsPerSecond = (config: AppConfig): number =>
  config.chain.kind === 'tron' ? config.reconcile.maxRequestsPerSecond : 0;

/**
 * The configured chain for a process that is not the service (a CLI): TRON_FULL_HOST, or the
 * embedded devnet of the running service (its port is in DATA_DIR); null when the devnet's port
 * is unknown (the service never ran).
 */
export const openRunningChain = async (config: AppConfig): Promise<ChainPort | null> => {
  if (config.chain.kind === 'tron') return tronNodeChain({ ...config, chain: config.chain });
  const port =
    config.chain.port !== 0
      ? config.chain.port
      : await readStoredPort(join(config.dataDir, DEVNET_PORT_FILE));
  return port === null
    ? null
    : createTronChain({
        fullHost: `http://127.0.0.1:${port}`,
        timeoutMs: NODE_TIMEOUT_MS,
        usdt: usdtOptions(config),
      });
};

export const openConfiguredChain = async (config: AppConfig): Promise<OpenedChain> => {
  if (config.chain.kind === 'tron') {
    return {
      chain: tronNodeChain({ ...config, chain: config.chain }),
      devnet: null,
      funding: null,
      notice: null,
      description: `TRON node ${config.chain.fullHost}`,
    };
  }
  // Loaded only for the embedded default: a real network never needs the devnet's code.
  const { startDevnet } = await import('@trx-shop/tron-devnet');
  const chainConfig = config.chain;
  const start = (port: number) =>
    startDevnet({
      port,
      blockIntervalMs: chainConfig.blockIntervalMs,
      solidDepth: chainConfig.solidDepth,
      statePath: join(config.dataDir, DEVNET_STATE_FILE),
    });
  // The devnet keeps its port across restarts (wallets, bookmarks and a running `pnpm demo`
  // point at it): DEVNET_PORT when set, else the port stored in DATA_DIR, else a free one.
  const portFile = join(config.dataDir, DEVNET_PORT_FILE);
  const stored = chainConfig.port === 0 ? await readStoredPort(portFile) : null;
  let notice: string | null = null;
  let devnet: Awaited<ReturnType<typeof start>>;
  try {
    devnet = await start(chainConfig.port !== 0 ? chainConfig.port : (stored ?? 0));
  } catch (error) {
    if (stored === null || (error as { code?: unknown }).code !== 'EADDRINUSE') throw error;
    devnet = await start(0);
    notice = `the devnet's stored port ${stored} is taken; it now listens on ${new URL(devnet.url).port}`;
  }
  if (chainConfig.port === 0) await writeFile(portFile, `${new URL(devnet.url).port}\n`);
  return {
    notice,
    chain: createTronChain({ fullHost: devnet.url, timeoutMs: NODE_TIMEOUT_MS, usdt: usdtOptions(config) }),
    devnet,
    funding: devnetFunding(devnet, {
      trxSun: config.chain.airdropTrx * SUN_PER_TRX,
      // Minting is the devnet token's: a USDT_CONTRACT naming another contract gets none.
      usdtUnits:
        config.usdt?.contractAddress === devnet.usdtContract ? config.chain.airdropUsdt * UNITS_PER_USDT : 0,
    }),
    description: 'local devnet, in this process',
  };
};
