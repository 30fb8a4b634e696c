import { BlockProducer } from './block-producer.js';
import { toBase58Address, toHexAddress } from './chain/addresses.js';
import { DevnetChain } from './chain/chain.js';
import { fundFromGenesis } from './chain/genesis-funding.js';
import { BroadcastFaults } from './http/broadcast-faults.js';
import { chainParameterRoutes } from './http/chain-parameter-routes.js';
import { contractRoutes } from './http/contract-routes.js';
import { devnetRoutes } from './http/devnet-routes.js';
import { nodeInfoRoutes } from './http/node-info-routes.js';
import { startHttpServer } from './http/server.js';
import { mintUsdt, usdtControlRoutes } from './http/usdt-control-routes.js';
import { walletRoutes } from './http/wallet-routes.js';
import { type DevnetOptions, resolveOptions } from './options.js';
import { DebouncedStateWriter, readStateFile } from './persistence/state-file.js';

export interface RunningDevnet {
  /** TronWeb `fullHost`, e.g. http://127.0.0.1:45123. */
  readonly url: string;
  /** base58 address of the genesis account (its key never leaves the devnet). */
  readonly genesisAddress: string;
  /**
   * What `POST /devnet/fund` does, for the process the devnet runs in: a transfer from the
   * genesis account through the broadcast rules. Answers its txId; throws when it is refused.
   */
  fund(address: string, amountSun: number): string;
  /** base58 address of the Tether USD (TRC-20) contract present from genesis. */
  readonly usdtContract: string;
  /**
   * What `POST /devnet/usdt/mint` does, in process: USDT base units written into the contract's
   * storage in every view at once. Answers the new balance as decimal text; throws on bad input.
   */
  mintUsdt(address: string, amount: bigint | number | string): string;
  /** Stops block production and the HTTP server; flushes the state file. */
  stop(): Promise<void>;
}

export const startDevnet = async (options: DevnetOptions = {}): Promise<RunningDevnet> => {
  const config = resolveOptions(options);
  const chain = DevnetChain.open(config, config.statePath === null ? null : readStateFile(config.statePath));
  const writer =
    config.statePath === null ? null : new DebouncedStateWriter(config.statePath, () => chain.snapshot());
  if (writer !== null) {
    chain.onChange(() => writer.changed());
    // The genesis (keys included) is on disk before anyone can fund from it.
    writer.flush();
  }
  const faults = new BroadcastFaults();
  const producer = new BlockProducer(chain, config.blockIntervalMs);
  const routes = new Map([
    ...walletRoutes({ chain, faults, fees: config.fees }),
    ...chainParameterRoutes({ fees: config.fees }),
    ...nodeInfoRoutes({ chain }),
    ...contractRoutes(chain),
    ...devnetRoutes({ chain, producer, faults }),
    ...usdtControlRoutes(chain),
  ]);
  const server = await startHttpServer(routes, config.host, config.port, config.logger);
  producer.start();
  config.logger(
    `devnet: TRON HTTP API on ${server.url}, control API on ${server.url}/devnet/* ` +
      `(fund, blocks, time, pause, resume, faults, state, transactions, usdt/mint, usdt/settings), genesis ` +
      `${toBase58Address(chain.genesis.address)}, USDT contract ${toBase58Address(chain.usdtContract)}, ` +
      `head ${chain.head.number}, solid depth ${config.solidDepth}`,
  );

  let stopped: Promise<void> | null = null;
  return {
    url: server.url,
    genesisAddress: toBase58Address(chain.genesis.address),
    usdtContract: toBase58Address(chain.usdtContract),
    mintUsdt: (address, amount) =>
      mintUsdt(chain, address, typeof amount === 'bigint' ? amount.toString() : amount).balance,
    fund: (address, amountSun) => {
      const to = toHexAddress(address);
      if (to === null) throw new Error('address must be a base58 or 41-prefixed hex TRON address');
      const verdict = fundFromGenesis(chain, to, amountSun);
      if (verdict.kind === 'refused') {
        throw new Error(`${verdict.refusal.code}: ${verdict.refusal.message}`);
      }
      return verdict.txId;
    },
    stop: () => {
      stopped ??= (async () => {
        producer.stop();
        await server.close();
        writer?.flush();
      })();
      return stopped;
    },
  };
};
