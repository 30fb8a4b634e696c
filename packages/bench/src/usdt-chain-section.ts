import { createTronChain } from '@trx-shop/chain-tron';
import type { ChainPort } from '@trx-shop/domain';
import { startDevnetProcess } from './devnet-process.js';
import type { BenchPlan } from './plan.js';
import { type BlockReadFigure, measureBlockReads } from './usdt-block-reads.js';
import { fundUsdtWallets } from './usdt-wallets.js';
import { measureUsdtTransferRate, type UsdtTransferRateFigure } from './usdt-transfer-rate.js';
import { newWorkDir } from './work-dir.js';

export interface UsdtChainFigures {
  readonly solidDepth: number;
  readonly rate: UsdtTransferRateFigure;
  readonly blockReads: readonly BlockReadFigure[];
}

const SOLID_DEPTH = 1;
/** The service's node timeout (api's open-chain.ts). */
const NODE_TIMEOUT_MS = 10_000;
/** USDT_FEE_LIMIT_TRX's default, 100 TRX: the cap the service signs under unless configured. */
const FEE_LIMIT_CAP_SUN = 100_000_000;

/**
 * The TronWeb adapter as the service builds it for a node, USDT on: the devnet's contract, the
 * default fee-limit cap and energies (the devnet bills mainnet's), no pace on block reads.
 */
export const usdtChainAdapter = (nodeUrl: string, usdtContract: string): ChainPort =>
  createTronChain({
    fullHost: nodeUrl,
    timeoutMs: NODE_TIMEOUT_MS,
    usdt: { contractAddress: usdtContract, feeLimitCapSun: FEE_LIMIT_CAP_SUN },
  });

/**
 * USDT through the chain adapter against a devnet process (blocks on request): the rate of
 * transfers the adapter estimates, signs and broadcasts concurrently, every one checked on the
 * solidified chain; then the cost of reading solid blocks of USDT transfers, and of a block of
 * TRX transfers only, through `chain.solidBlock(n)`.
 */
export const runUsdtChainSection = async (plan: BenchPlan): Promise<UsdtChainFigures> => {
  const { transfers, warmUpTransfers, concurrency, usdtTransfersPerBlock, blockReads } = plan.usdtChain;
  const devnet = await startDevnetProcess(newWorkDir('usdt-chain'), SOLID_DEPTH);
  try {
    const chain = usdtChainAdapter(devnet.url, (await devnet.control.state()).usdtContract);
    const wallets = await fundUsdtWallets(
      chain,
      devnet.control,
      warmUpTransfers + Math.max(transfers, ...usdtTransfersPerBlock),
    );
    const rate = await measureUsdtTransferRate(
      chain,
      devnet,
      {
        recipient: wallets.recipient,
        warmUpSenders: wallets.senders.slice(0, warmUpTransfers),
        senders: wallets.senders.slice(warmUpTransfers, warmUpTransfers + transfers),
      },
      concurrency,
    );
    if ('notMeasured' in rate) console.log(`  notice: USDT transfers: ${rate.notMeasured}`);
    const reads = await measureBlockReads(chain, devnet, wallets, usdtTransfersPerBlock, blockReads);
    for (const read of reads) {
      if ('notMeasured' in read)
        console.log(`  notice: a block of ${read.transfers} ${read.contents} transfers: ${read.notMeasured}`);
    }
    return { solidDepth: SOLID_DEPTH, rate, blockReads: reads };
  } finally {
    await devnet.stop();
  }
};
