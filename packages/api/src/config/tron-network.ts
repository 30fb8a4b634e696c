/**
 * The TRON networks a shop may be pointed at, each recognised by the id of its block 0. Sources:
 * java-tron's and TronGrid's `wallet/getblockbynum {"num": 0}` answers, as recorded by public
 * TRON tooling (mainnet 00000000000000001ebf..., Nile 0000000000000000d698..., Shasta
 * 0000000000000000de1a...); the replies are kept as test fixtures (test/fixtures/genesis-*.json).
 */
export const TRON_NETWORKS = ['mainnet', 'nile', 'shasta', 'devnet'] as const;
export type TronNetwork = (typeof TRON_NETWORKS)[number];

export const PUBLIC_GENESIS_BLOCK_IDS: Readonly<Record<Exclude<TronNetwork, 'devnet'>, string>> = {
  mainnet: '00000000000000001ebf88508a03865c71d452e25f4d51194196a1d22b6653dc',
  nile: '0000000000000000d698d4192c56cb6be724a558448e2684802de4d6cd8690dc',
  shasta: '0000000000000000de1aa88295e1fcf982742f773e0419c5a9c134c994a9059e',
};

export const isTronNetwork = (value: string): value is TronNetwork =>
  (TRON_NETWORKS as readonly string[]).includes(value);

/** The public network a genesis id belongs to, or 'devnet' for any other chain. */
export const networkOfGenesis = (genesisBlockId: string): TronNetwork => {
  for (const [network, id] of Object.entries(PUBLIC_GENESIS_BLOCK_IDS)) {
    if (id === genesisBlockId) return network as TronNetwork;
  }
  return 'devnet';
};

/**
 * Whether the node serves the configured network: a public network must match its genesis id;
 * `devnet` must not be any public network (a devnet can never pass for mainnet, and a shop told
 * "devnet" must not take real money unknowingly either).
 */
export const checkNetwork = (
  configured: TronNetwork,
  genesisBlockId: string,
): { ok: true } | { ok: false; problem: string } => {
  const served = networkOfGenesis(genesisBlockId);
  if (served === configured) return { ok: true };
  const servedName = served === 'devnet' ? 'a network that is not mainnet, Nile or Shasta' : served;
  return {
    ok: false,
    problem: `TRON_NETWORK: configured as ${configured}, but the node serves ${servedName} (genesis block ${genesisBlockId})`,
  };
};
