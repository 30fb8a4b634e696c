import { describeChainContract } from '@trx-shop/chain-contract';
import { DEVNET_USDT_CONTRACT } from '@trx-shop/tron-devnet';
import { createTronChain, DEFAULT_HOLDER_ENERGY, DEFAULT_NON_HOLDER_ENERGY } from '../src/index.js';
import { startControlledDevnet } from './devnet-control.js';

/** Longer than any TronWeb expiration (60 s after the referenced head block). */
const PAST_EXPIRATION_MS = 120_000;

/**
 * The devnet bills at 210 SUN per energy (not its default 100), so the adapter passes only by
 * reading the price from the node; the energy per transfer is the devnet's default and the
 * adapter's, both the reference's mainnet figures.
 */
const pricing = {
  energyFeeSun: 210,
  holderEnergy: DEFAULT_HOLDER_ENERGY,
  nonHolderEnergy: DEFAULT_NON_HOLDER_ENERGY,
  feeLimitCapSun: 100_000_000,
};
const usdt = { contractAddress: DEVNET_USDT_CONTRACT, feeLimitCapSun: pricing.feeLimitCapSun };

// The same contract the in-memory chain passes: the fake is trusted only where both agree.
describeChainContract({
  name: 'TronWeb adapter against the devnet',
  async open() {
    const control = await startControlledDevnet({ energyFeeSun: pricing.energyFeeSun });
    // A short timeout, so the broadcasts the faults leave unanswered become "unknown" quickly.
    const chain = createTronChain({ fullHost: control.devnet.url, timeoutMs: 1_000, usdt });
    const post = async (path: string, body: unknown) => {
      const response = await fetch(`${control.devnet.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`${path} answered HTTP ${response.status}: ${await response.text()}`);
    };
    return {
      chain,
      control,
      fund: async (address: string, amountSun: number) => {
        await control.fund(address, amountSun);
        await control.settle();
      },
      confirm: async () => {
        await control.settle();
      },
      inject: async (fault) => {
        await control.injectFaults(fault, 1);
      },
      passExpiry: async () => {
        await control.advanceTime(PAST_EXPIRATION_MS);
        await control.settle();
      },
      unreachable: () => createTronChain({ fullHost: 'http://127.0.0.1:9', timeoutMs: 1_000, usdt }),
      mintUsdt: async (address: string, amount: number) => {
        await post('/devnet/usdt/mint', { address, amount });
        await control.settle();
      },
      includeInHead: async () => {
        await control.produceBlocks(1);
      },
      usdtPricing: pricing,
    };
  },
  async close(world) {
    await (world as unknown as { control: { devnet: { stop(): Promise<void> } } }).control.devnet.stop();
  },
});
