export { type ChainHarness, type ChainWorld, describeChainContract } from './describe-chain-contract.js';
export {
  type BroadcastFault,
  createMemoryChain,
  type MemoryChainControls,
  NEW_ACCOUNT_FEE_SUN,
} from './memory-chain.js';
