import { createTronChain } from '@trx-shop/chain-tron';
import { makeDataDir, removeDataDir } from '@trx-shop/test-kit';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openConfiguredChain } from '../../src/composition/open-chain.js';
import { loadConfig } from '../../src/config/load-config.js';

/** What one new wallet holds after the embedded devnet's airdrop under the given environment. */
const airdropUnder = async (dataDir: string, env: Record<string, string>) => {
  const loaded = loadConfig({ DATA_DIR: dataDir, DEVNET_BLOCK_INTERVAL_MS: '0', ...env });
  if (!loaded.ok) throw new Error(loaded.problems.join('; '));
  const opened = await openConfiguredChain(loaded.config);
  try {
    const { address } = await opened.chain.createWallet();
    await opened.funding?.fundNewWallet(address);
    if (!opened.devnet) throw new Error('the embedded default runs a devnet');
    // The devnet's own token, read whether or not the service follows it.
    const token = createTronChain({
      fullHost: opened.devnet.url,
      timeoutMs: 5_000,
      usdt: { contractAddress: opened.devnet.usdtContract, feeLimitCapSun: 1 },
    }).usdt;
    return {
      trxSun: await opened.chain.getUnconfirmedBalance(address),
      usdtUnits: await (token?.getUnconfirmedBalance(address) ?? Promise.resolve(null)),
    };
  } finally {
    await opened.devnet?.stop();
  }
};

describe("the embedded devnet's airdrop to a new wallet", () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await makeDataDir();
  });
  afterEach(() => removeDataDir(dataDir));

  it('mints DEVNET_AIRDROP_USDT (default 1000 USDT) beside the TRX', async () => {
    expect(await airdropUnder(dataDir, {})).toEqual({ trxSun: 1_000_000_000, usdtUnits: 1_000_000_000 });
  });

  it('mints the configured amount of USDT', async () => {
    expect(await airdropUnder(dataDir, { DEVNET_AIRDROP_USDT: '25' })).toEqual({
      trxSun: 1_000_000_000,
      usdtUnits: 25_000_000,
    });
  });

  it('mints no USDT with DEVNET_AIRDROP_USDT=0, and still sends the TRX', async () => {
    expect(await airdropUnder(dataDir, { DEVNET_AIRDROP_USDT: '0' })).toEqual({
      trxSun: 1_000_000_000,
      usdtUnits: 0,
    });
  });

  it('mints no USDT while USDT is off (USDT_CONTRACT=off)', async () => {
    expect(await airdropUnder(dataDir, { USDT_CONTRACT: 'off' })).toEqual({
      trxSun: 1_000_000_000,
      usdtUnits: 0,
    });
  });
});
