export { type ChainHarness, type ChainWorld, describeChainContract } from './describe-chain-contract.js';
export {
  type BroadcastFault,
  createMemoryChain,
  MEMORY_GENESIS_ADDRESS,
  type MemoryChainControls,
  type MemoryChainOptions,
  NEW_ACCOUNT_FEE_SUN,
} from './memory-chain.js';
export { MEMORY_USDT_CONTRACT, type MemoryUsdtOptions } from './memory-usdt.js';
