import { performance } from 'node:perf_hooks';
import type { ChainPort, CreatedWallet, TransferLookup } from '@trx-shop/domain';
import type { DevnetControl } from '@trx-shop/test-kit';
import { forEachIndex } from './in-parallel.js';
import { percentile } from './latency-sample.js';
import { median } from './median.js';
import { countNodeRequests } from './node-request-count.js';
import { type NotMeasured, notMeasured } from './not-measured.js';
import { startCpuMeter } from './process-cpu.js';
import {
  acceptanceOf,
  type SentUsdtTransfer,
  sendUsdtTransfer,
  TRANSFER_USDT_UNITS,
} from './send-usdt-transfer.js';
import type { UsdtWallets } from './usdt-wallets.js';

export interface UsdtTransferRate {
  /** Timed transfers, each from a sender of its own. */
  readonly transfers: number;
  /** Sent before the timed ones from senders of their own, untimed, and checked like them. */
  readonly warmUpTransfers: number;
  /** Transfers in flight at once. */
  readonly concurrency: number;
  /** From the first estimate to the last broadcast's answer. */
  readonly seconds: number;
  readonly transfersPerSecond: number;
  /** One transfer's estimate, signing and broadcast. */
  readonly transferP50Ms: number;
  readonly transferP99Ms: number;
  /** CPU time per transfer of this process (the adapter's side) and of the devnet process. */
  readonly cpuMsPerTransfer: { readonly adapter: number; readonly node: number };
  /** HTTP requests the adapter sent the node per transfer, in all and by path. */
  readonly requestsPerTransfer: number;
  readonly requestsPerTransferByPath: Readonly<Record<string, number>>;
  /** Blocks the transfers (warm-up included) landed in, and what each burned (medians of their receipts). */
  readonly blocks: number;
  readonly energyUsed: number;
  readonly burnedSun: number;
}

/** No rate when any transfer failed: the reason names how many and how. */
export type UsdtTransferRateFigure = UsdtTransferRate | NotMeasured;

const MAX_PROBLEMS_NAMED = 3;
const LOOKUP_CONCURRENCY = 8;

/** Why a transfer the node accepted did not do what it was sent for, or null when it did. */
const landingProblem = (
  lookup: TransferLookup,
  sent: { readonly fromAddress: string; readonly toAddress: string },
): string | null => {
  if (lookup.kind === 'not-found') return 'not on the solidified chain';
  const { receipt } = lookup;
  if (receipt === undefined) return 'no contract receipt';
  if (receipt.result !== 'SUCCESS') return `landed ${receipt.result}`;
  const [log, ...more] = receipt.usdtTransfers;
  if (log === undefined) return 'landed SUCCESS without a Transfer log';
  if (
    more.length > 0 ||
    log.fromAddress !== sent.fromAddress ||
    log.toAddress !== sent.toAddress ||
    log.amount !== TRANSFER_USDT_UNITS
  ) {
    return `its Transfer log is not the transfer sent: ${JSON.stringify(receipt.usdtTransfers)}`;
  }
  return lookup.succeeded ? null : 'the adapter reads it as failed';
};

const perTransferByPath = (paths: readonly string[], transfers: number): Record<string, number> => {
  const counts: Record<string, number> = {};
  for (const path of paths) counts[path] = (counts[path] ?? 0) + 1;
  return Object.fromEntries(Object.entries(counts).map(([path, count]) => [path, count / transfers]));
};

/** Why each sent transfer did not land as sent, and the lookups of those that did. */
const checkLanded = async (
  chain: ChainPort,
  transfers: readonly { readonly sent: SentUsdtTransfer; readonly fromAddress: string }[],
  toAddress: string,
) => {
  const problems: string[] = [];
  const landed: Extract<TransferLookup, { kind: 'confirmed' }>[] = [];
  await forEachIndex(transfers.length, LOOKUP_CONCURRENCY, async (index) => {
    const { sent, fromAddress } = transfers[index] as (typeof transfers)[number];
    const acceptance = acceptanceOf(sent);
    if ('refusal' in acceptance) {
      problems.push(acceptance.refusal);
      return;
    }
    const lookup = await chain.lookupTransfer(acceptance.txId);
    const problem = landingProblem(lookup, { fromAddress, toAddress });
    if (problem !== null) problems.push(`${acceptance.txId}: ${problem}`);
    else if (lookup.kind === 'confirmed') landed.push(lookup);
  });
  return { problems, landed };
};

/** Sends one transfer from each sender, `concurrency` at a time, each timed on its own. */
const sendFromEach = async (
  chain: ChainPort,
  senders: readonly CreatedWallet[],
  recipient: string,
  concurrency: number,
) => {
  const transfers: { sent: SentUsdtTransfer; fromAddress: string }[] = [];
  const durationsMs: number[] = [];
  await forEachIndex(senders.length, concurrency, async (index) => {
    const sender = senders[index] as CreatedWallet;
    const startedAt = performance.now();
    transfers[index] = {
      sent: await sendUsdtTransfer(chain, sender, recipient),
      fromAddress: sender.address,
    };
    durationsMs.push(performance.now() - startedAt);
  });
  return { transfers, durationsMs };
};

/**
 * USDT transfers per second through the adapter: every sender sends one transfer to the
 * recipient, `concurrency` at a time, each estimated, signed and broadcast as the service would;
 * then a block and its solidification, and every transfer looked up. The warm-up senders' go
 * first, untimed, so the figure is a running service's rather than its first calls' (TronWeb's
 * builder, the energy price, the connections). A rate is reported only when every transfer,
 * warm-up included, landed SUCCESS with its Transfer log.
 */
export const measureUsdtTransferRate = async (
  chain: ChainPort,
  node: { readonly url: string; readonly control: DevnetControl; readonly pid: number },
  wallets: UsdtWallets & { readonly warmUpSenders: readonly CreatedWallet[] },
  concurrency: number,
): Promise<UsdtTransferRateFigure> => {
  const { senders, warmUpSenders, recipient } = wallets;
  const warmUp = await sendFromEach(chain, warmUpSenders, recipient, concurrency);
  const requests = countNodeRequests(node.url);
  const cpu = startCpuMeter({ node: node.pid }, 'adapter');
  const startedAt = performance.now();
  const timed = await sendFromEach(chain, senders, recipient, concurrency);
  const elapsedMs = performance.now() - startedAt;
  const cpuMs = cpu.stop();
  const requestPaths = requests.take();
  requests.stop();

  await node.control.settle();
  const checked = [...warmUp.transfers, ...timed.transfers];
  const { problems, landed } = await checkLanded(chain, checked, recipient);
  if (problems.length > 0) {
    const named = problems.slice(0, MAX_PROBLEMS_NAMED).join('; ');
    return notMeasured(
      `${problems.length} of ${checked.length} transfers failed, so no rate is reported (${named}${problems.length > MAX_PROBLEMS_NAMED ? '; ...' : ''})`,
    );
  }
  const sent = timed.transfers;
  const { durationsMs } = timed;
  return {
    transfers: sent.length,
    warmUpTransfers: warmUp.transfers.length,
    concurrency: Math.min(concurrency, sent.length),
    seconds: elapsedMs / 1000,
    transfersPerSecond: (sent.length * 1000) / elapsedMs,
    transferP50Ms: percentile(durationsMs, 0.5),
    transferP99Ms: percentile(durationsMs, 0.99),
    cpuMsPerTransfer: {
      adapter: (cpuMs.adapter ?? Number.NaN) / sent.length,
      node: (cpuMs.node ?? Number.NaN) / sent.length,
    },
    requestsPerTransfer: requestPaths.length / sent.length,
    requestsPerTransferByPath: perTransferByPath(requestPaths, sent.length),
    blocks: new Set(landed.map((lookup) => lookup.blockNumber)).size,
    energyUsed: median(landed.map((lookup) => lookup.receipt?.energyUsed ?? Number.NaN)),
    burnedSun: median(landed.map((lookup) => lookup.feeSun)),
  };
};

/** The rate as the report shows it: transfers per second, or why there is none. */
export const describeUsdtTransferRate = (figure: UsdtTransferRateFigure): string =>
  'notMeasured' in figure
    ? `not measured: ${figure.notMeasured}`
    : `${figure.transfersPerSecond.toFixed(0)}/s (${figure.transfers} transfers in ${figure.seconds.toFixed(2)} s)`;
