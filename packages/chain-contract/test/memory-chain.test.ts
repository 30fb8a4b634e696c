import { createMemoryChain, describeChainContract } from '../src/index.js';

/** No default among them: the port must bill what its chain was told, never assume. */
const pricing = {
  energyFeeSun: 210,
  holderEnergy: 70_000,
  nonHolderEnergy: 140_000,
  feeLimitCapSun: 90_000_000,
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
