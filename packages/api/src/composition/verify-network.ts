import type { ChainPort, Logger } from '@trx-shop/domain';
import type { AppConfig } from '../config/config.js';
import { checkNetwork, networkOfGenesis, type TronNetwork } from '../config/tron-network.js';

export interface VerifiedNetwork {
  /** What the node serves, by its genesis block. */
  readonly network: TronNetwork;
  readonly genesisBlockId: string;
  /** false: no TRON_NETWORK was declared (outside production), so nothing was checked. */
  readonly checked: boolean;
}

/**
 * Reads the node's genesis block and refuses the start when it is not the configured network: a
 * shop pointed at Nile by mistake would accept worthless testnet TRX as payment.
 */
export const verifyNetwork = async (
  chain: Pick<ChainPort, 'genesisBlockId'>,
  config: Pick<AppConfig, 'tronNetwork' | 'production'>,
  logger: Pick<Logger, 'warn' | 'info'>,
): Promise<VerifiedNetwork> => {
  const genesisBlockId = await chain.genesisBlockId();
  const served = networkOfGenesis(genesisBlockId);
  if (config.tronNetwork === null) {
    logger.info({ network: served, genesisBlockId }, 'TRON_NETWORK not set: the node was not checked');
    return { network: served, genesisBlockId, checked: false };
  }
  const verdict = checkNetwork(config.tronNetwork, genesisBlockId);
  if (!verdict.ok) throw new Error(verdict.problem);
  if (config.production && served === 'devnet') {
    logger.warn(
      { genesisBlockId },
      'TRON_NETWORK=devnet in production: payments are devnet TRX, worth nothing; never run a real shop so',
    );
  }
  return { network: served, genesisBlockId, checked: true };
};
