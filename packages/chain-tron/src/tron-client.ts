import { providers, TronWeb } from './tronweb-library.js';

export interface TronClientOptions {
  readonly fullHost: string;
  readonly apiKey?: string | undefined;
  readonly timeoutMs: number;
}

/**
 * TronWeb's `headers` option rebuilds the providers with its fixed 30 s timeout, so the providers
 * are built here with our timeout and the API key header instead. One host serves the full node,
 * the solidity node (`walletsolidity/*`) and the event server, as TronGrid and the devnet do.
 */
export const createTronClient = ({ fullHost, apiKey, timeoutMs }: TronClientOptions): TronWeb => {
  const headers: Record<string, string> = apiKey ? { 'TRON-PRO-API-KEY': apiKey } : {};
  const provider = (): InstanceType<typeof providers.HttpProvider> =>
    new providers.HttpProvider(fullHost, timeoutMs, '', '', headers);
  return new TronWeb({ fullNode: provider(), solidityNode: provider(), eventServer: provider() });
};
