import { describeChainContract } from '@trx-shop/chain-contract';
import { createTronChain } from '../src/index.js';
import { startControlledDevnet } from './devnet-control.js';

/** Longer than any TronWeb expiration (60 s after the referenced head block). */
const PAST_EXPIRATION_MS = 120_000;

// The same contract the in-memory chain passes: the fake is trusted only where both agree.
describeChainContract({
  name: 'TronWeb adapter against the devnet',
  async open() {
    const control = await startControlledDevnet();
    // A short timeout, so the broadcasts the faults leave unanswered become "unknown" quickly.
    const chain = createTronChain({ fullHost: control.devnet.url, timeoutMs: 1_000 });
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
      unreachable: () => createTronChain({ fullHost: 'http://127.0.0.1:9', timeoutMs: 1_000 }),
    };
  },
  async close(world) {
    await (world as unknown as { control: { devnet: { stop(): Promise<void> } } }).control.devnet.stop();
  },
});
