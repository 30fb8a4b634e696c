import { createTronChain } from '@trx-shop/chain-tron';
import type { ChainPort, ShopStore } from '@trx-shop/domain';
import type { AppConfig } from '../config/config.js';
import { loadConfig } from '../config/load-config.js';
import { resolveWalletKeys, type WalletKeys } from '../config/secrets-file.js';
import { openConfiguredStore } from '../composition/open-store.js';

export interface CliContext {
  readonly config: AppConfig;
  readonly secrets: WalletKeys;
  readonly store: ShopStore;
}

/**
 * Configuration, master keys and store as the service would open them; exits on bad
 * configuration. No command signs tokens, so none needs the JWT secrets; `chain: false` for a
 * command that talks to no node either.
 */
export const openCliContext = async ({
  chain = true,
}: {
  readonly chain?: boolean;
} = {}): Promise<CliContext> => {
  const loaded = loadConfig(process.env, { tokens: false, chain, links: false });
  if (!loaded.ok) {
    for (const problem of loaded.problems) console.error(`config: ${problem}`);
    process.exit(1);
  }
  const { config } = loaded;
  const secrets = await resolveWalletKeys(config);
  return { config, secrets, store: await openConfiguredStore(config) };
};

/**
 * Wallet keys are made locally, so a CLI needs no running node to create one; the node address
 * only matters for calls the CLIs do not make.
 */
export const offlineChain = (config: AppConfig): ChainPort =>
  createTronChain({
    fullHost: config.chain.kind === 'tron' ? config.chain.fullHost : 'http://127.0.0.1:1',
    timeoutMs: 5_000,
  });
