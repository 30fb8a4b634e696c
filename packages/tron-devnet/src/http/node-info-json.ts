import { availableParallelism, freemem, loadavg, release, totalmem, type } from 'node:os';
import { getHeapStatistics } from 'node:v8';
import type { BlockRecord } from '../chain/chain-state.js';

/** The java-tron release whose source the devnet's replies follow; TronWeb's `getFullnodeVersion` reads it. */
export const EMULATED_JAVA_TRON_VERSION = '4.8.0';

/** `BlockCapsule.BlockId.getString()`. */
const blockIdString = (block: BlockRecord): string => `Num:${block.number},ID:${block.blockId}`;

/**
 * java-tron's `NodeInfoService` values for a node with no peer network: the P2P settings are its
 * defaults when none are configured (`Args`: port 0, p2p version 0), and no peers, flow or
 * connections. Contract creation and adaptive energy are off, as on the devnet.
 */
const configNodeInfo = {
  codeVersion: EMULATED_JAVA_TRON_VERSION,
  p2pVersion: '0',
  listenPort: 0,
  discoverEnable: false,
  activeNodeSize: 0,
  passiveNodeSize: 0,
  sendNodeSize: 0,
  maxConnectCount: 0,
  allowCreationOfContracts: 0,
  allowAdaptiveEnergy: 0,
};

/**
 * The JVM's figures read from this Node.js process: `javaVersion` names the runtime, the heap
 * is V8's, `cpuRate` is the system load per CPU and `processCpuRate` this process's share of
 * all CPUs since it started. Memory pools and a thread count have no Node.js source, so they
 * are left out rather than invented.
 */
const machineInfo = () => {
  const cpuCount = availableParallelism();
  const heap = getHeapStatistics();
  const { user, system } = process.cpuUsage();
  return {
    cpuCount,
    totalMemory: totalmem(),
    freeMemory: freemem(),
    cpuRate: Math.min(1, (loadavg()[0] ?? 0) / cpuCount),
    javaVersion: process.version,
    osName: `${type()} ${release()}`,
    jvmTotalMemory: heap.heap_size_limit,
    jvmFreeMemory: heap.heap_size_limit - heap.used_heap_size,
    processCpuRate: Math.min(1, (user + system) / (Math.max(process.uptime(), 1) * 1_000_000 * cpuCount)),
    deadLockThreadCount: 0,
    deadLockThreadInfoList: [],
  };
};

/**
 * java-tron serialises the `NodeInfo` object itself (fastjson, not JsonFormat), so zeros and
 * empty lists are printed. `beginSyncNum` is the head less the blocks not yet solid
 * (`Manager.fetchSyncBeginNumber`), which is the solid block's number.
 */
export const nodeInfoJson = (head: BlockRecord, solid: BlockRecord) => ({
  beginSyncNum: solid.number,
  block: blockIdString(head),
  solidityBlock: blockIdString(solid),
  currentConnectCount: 0,
  activeConnectCount: 0,
  passiveConnectCount: 0,
  totalFlow: 0,
  peerList: [],
  configNodeInfo,
  machineInfo: machineInfo(),
  cheatWitnessInfoMap: {},
});
