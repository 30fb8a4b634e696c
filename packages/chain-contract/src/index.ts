export { type ChainHarness, type ChainWorld, describeChainContract } from './describe-chain-contract.js';
export {
  type BroadcastFault,
  createMemoryChain,
  MEMORY_GENESIS_ADDRESS,
  type MemoryChainControls,
  NEW_ACCOUNT_FEE_SUN,
} from './memory-chain.js';
