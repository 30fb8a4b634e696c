import { describeChainContract } from '@trx-shop/chain-contract';
import { DEVNET_USDT_CONTRACT } from '@trx-shop/tron-devnet';
import { createTronChain } from '../src/index.js';
import { startControlledDevnet } from './devnet-control.js';

/** Longer than any TronWeb expiration (60 s after the referenced head block). */
const PAST_EXPIRATION_MS = 120_000;

/**
 * None of these is a default: the devnet bills at 210 SUN per energy, so the adapter passes only
 * by reading the price from the node, and both are told the same energies per transfer, so the
 * adapter passes only by taking them from its configuration.
 */
const pricing = {
  energyFeeSun: 210,
  holderEnergy: 70_000,
  nonHolderEnergy: 140_000,
  feeLimitCapSun: 90_000_000,
};
const usdt = {
  contractAddress: DEVNET_USDT_CONTRACT,
  feeLimitCapSun: pricing.feeLimitCapSun,
  holderEnergy: pricing.holderEnergy,
  nonHolderEnergy: pricing.nonHolderEnergy,
};

// The same contract the in-memory chain passes: the fake is trusted only where both agree.
describeChainContract({
  name: 'TronWeb adapter against the devnet',
  async open() {
    const control = await startControlledDevnet({ energyFeeSun: pricing.energyFeeSun });
    // A short timeout, so the broadcasts the faults leave unanswered become "unknown" quickly.
    await control.usdtSettings({
      energyToHolder: pricing.holderEnergy,
      energyToNonHolder: pricing.nonHolderEnergy,
      penaltyToHolder: 55_000,
      penaltyToNonHolder: 110_000,
    });
    const chain = createTronChain({ fullHost: control.devnet.url, timeoutMs: 1_000, usdt });
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
        await control.mintUsdt(address, amount);
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
