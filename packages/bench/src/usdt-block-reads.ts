import { performance } from 'node:perf_hooks';
import type { ChainPort, SolidBlock } from '@trx-shop/domain';
import type { DevnetControl } from '@trx-shop/test-kit';
import { forEachIndex } from './in-parallel.js';
import { median } from './median.js';
import { countNodeRequests } from './node-request-count.js';
import { type NotMeasured, notMeasured } from './not-measured.js';
import { acceptanceOf, sendUsdtTransfer } from './send-usdt-transfer.js';
import type { UsdtWallets } from './usdt-wallets.js';

/** What a block holds: USDT transfers only, or TRX transfers only (no contract call at all). */
export type BlockContents = 'USDT' | 'TRX';

export interface BlockReadCost {
  /** Timed reads of the block (after one untimed read that checks what it returns). */
  readonly reads: number;
  /** Median wall time of one `chain.solidBlock(n)`. */
  readonly msPerBlock: number;
  readonly msPerTransfer: number;
  /** CPU time per read of this process: the adapter's requests and parsing. */
  readonly adapterCpuMsPerBlock: number;
  /** HTTP requests the adapter sent the node per read, and their paths. */
  readonly requestsPerBlock: number;
  readonly requestPaths: readonly string[];
}

/** A read that did not return what the block holds gets no figure. */
export type BlockReadFigure = { readonly contents: BlockContents; readonly transfers: number } & (
  | BlockReadCost
  | NotMeasured
);

const SETUP_CONCURRENCY = 16;

interface BuiltBlock {
  readonly contents: BlockContents;
  readonly transfers: number;
  readonly number: number;
  /** The USDT transfers sent into it (empty for a TRX block). */
  readonly txIds: ReadonlySet<string>;
  /** Why the block does not hold what it should, found while making it. */
  readonly problem: string | null;
}

/** A block of `count` USDT transfers, one from each of the first `count` senders, sent through the adapter. */
const makeUsdtBlock = async (
  chain: ChainPort,
  control: DevnetControl,
  wallets: UsdtWallets,
  count: number,
): Promise<BuiltBlock> => {
  const txIds = new Set<string>();
  const refusals: string[] = [];
  await forEachIndex(count, SETUP_CONCURRENCY, async (index) => {
    const sender = wallets.senders[index % wallets.senders.length] as UsdtWallets['senders'][number];
    const acceptance = acceptanceOf(await sendUsdtTransfer(chain, sender, wallets.recipient));
    if ('txId' in acceptance) txIds.add(acceptance.txId);
    else refusals.push(acceptance.refusal);
  });
  const { head } = await control.produceBlocks(1);
  const problem =
    refusals.length === 0 ? null : `${refusals.length} of ${count} transfers not sent: ${refusals[0]}`;
  return { contents: 'USDT', transfers: count, number: head, txIds, problem };
};

/** A block of `count` TRX transfers from genesis to the senders, and nothing else. */
const makeTrxBlock = async (
  control: DevnetControl,
  wallets: UsdtWallets,
  count: number,
): Promise<BuiltBlock> => {
  await forEachIndex(count, SETUP_CONCURRENCY, async (index) => {
    const sender = wallets.senders[index % wallets.senders.length] as UsdtWallets['senders'][number];
    await control.fund(sender.address, 1_000_000 + index);
  });
  const { head } = await control.produceBlocks(1);
  return { contents: 'TRX', transfers: count, number: head, txIds: new Set(), problem: null };
};

/** Why what the adapter read is not the block that was made, or null when it is. */
const readProblem = (built: BuiltBlock, block: SolidBlock | null): string | null => {
  if (block === null) return `block ${built.number} is not solid`;
  if (built.contents === 'TRX') {
    return block.transfers.length === built.transfers && block.usdtTransfers.length === 0
      ? null
      : `the read found ${block.transfers.length} TRX and ${block.usdtTransfers.length} USDT transfers in a block of ${built.transfers} TRX transfers`;
  }
  const found = block.usdtTransfers.filter((transfer) => built.txIds.has(transfer.txId)).length;
  return found === built.transfers && block.usdtTransfers.length === built.transfers
    ? null
    : `the read found ${found} of the block's ${built.transfers} USDT transfers (${block.usdtTransfers.length} listed)`;
};

const timeReads = async (
  chain: ChainPort,
  nodeUrl: string,
  built: BuiltBlock,
  reads: number,
): Promise<BlockReadFigure> => {
  const figure = { contents: built.contents, transfers: built.transfers };
  if (built.problem !== null) return { ...figure, ...notMeasured(built.problem) };
  const requests = countNodeRequests(nodeUrl);
  try {
    const problem = readProblem(built, await chain.solidBlock(built.number));
    const requestPaths = requests.take();
    if (problem !== null) return { ...figure, ...notMeasured(problem) };
    const durationsMs: number[] = [];
    const cpuBefore = process.cpuUsage();
    for (let read = 0; read < reads; read += 1) {
      const startedAt = performance.now();
      await chain.solidBlock(built.number);
      durationsMs.push(performance.now() - startedAt);
    }
    const cpu = process.cpuUsage(cpuBefore);
    const msPerBlock = median(durationsMs);
    return {
      ...figure,
      reads,
      msPerBlock,
      msPerTransfer: msPerBlock / built.transfers,
      adapterCpuMsPerBlock: (cpu.user + cpu.system) / 1000 / reads,
      requestsPerBlock: requests.take().length / reads,
      requestPaths,
    };
  } finally {
    requests.stop();
  }
};

/**
 * The cost of reading a block's USDT transfers: a solid block for each size in
 * `usdtTransfersPerBlock` (transfers sent through the adapter), and one of as many TRX transfers
 * as the largest, which holds no contract call and so must not cost the transaction infos'
 * request; each read through `chain.solidBlock(n)` and checked, then timed `reads` times.
 */
export const measureBlockReads = async (
  chain: ChainPort,
  node: { readonly url: string; readonly control: DevnetControl },
  wallets: UsdtWallets,
  usdtTransfersPerBlock: readonly number[],
  reads: number,
): Promise<BlockReadFigure[]> => {
  const built: BuiltBlock[] = [];
  for (const count of usdtTransfersPerBlock)
    built.push(await makeUsdtBlock(chain, node.control, wallets, count));
  built.push(await makeTrxBlock(node.control, wallets, Math.max(...usdtTransfersPerBlock)));
  await node.control.produceBlocks(node.control.solidDepth);
  const figures: BlockReadFigure[] = [];
  for (const block of built) figures.push(await timeReads(chain, node.url, block, reads));
  return figures;
};
