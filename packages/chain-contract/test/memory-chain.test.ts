import { createMemoryChain, describeChainContract } from '../src/index.js';

/** Not the default 100 SUN: a price the port must read from its chain, never assume. */
const pricing = {
  energyFeeSun: 210,
  holderEnergy: 64_285,
  nonHolderEnergy: 130_285,
  feeLimitCapSun: 100_000_000,
};

describeChainContract({
  name: 'memory',
  async open() {
    const usdt = pricing;
    const { chain, controls } = createMemoryChain({ usdt });
    const down = createMemoryChain({ usdt });
    down.controls.setReachable(false);
    return {
      chain,
      fund: async (address, amountSun) => controls.fund(address, amountSun),
      confirm: async () => controls.confirm(),
      inject: async (fault) => controls.inject(fault),
      passExpiry: async () => controls.advanceTime(120_000),
      unreachable: () => down.chain,
      mintUsdt: async (address, amount) => controls.mintUsdt(address, amount),
      // Accepted calls already count at the head of the in-memory chain.
      includeInHead: async () => {},
      usdtPricing: pricing,
    };
  },
  async close() {},
});
