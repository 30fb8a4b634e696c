import { createMemoryChain, describeChainContract } from '../src/index.js';

describeChainContract({
  name: 'memory',
  async open() {
    const { chain, controls } = createMemoryChain();
    const down = createMemoryChain();
    down.controls.setReachable(false);
    return {
      chain,
      fund: async (address, amountSun) => controls.fund(address, amountSun),
      confirm: async () => controls.confirm(),
      inject: async (fault) => controls.inject(fault),
      passExpiry: async () => controls.advanceTime(120_000),
      unreachable: () => down.chain,
    };
  },
  async close() {},
});
