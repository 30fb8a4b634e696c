import type { DataSetSize } from './seed-data-set.js';

export interface BenchPlan {
  readonly mode: 'full' | 'quick';
  /** autocannon duration per endpoint (and per ceiling run). */
  readonly durationSeconds: number;
  readonly connections: number;
  /** The data set the HTTP set reads; its order count is one of `growthOrders`. */
  readonly dataSet: DataSetSize;
  readonly growthOrders: readonly number[];
  /** Timed order + pay pairs, each by a buyer of its own. */
  readonly buyers: number;
  /** Pairs made before the timed ones (a long-running service is warm): not in the figures. */
  readonly warmUpPairs: number;
  readonly concurrentUsers: number;
  readonly startupSamples: number;
  /** The deposit scanner's run: custodial wallets in the store, blocks to catch up on. */
  readonly scanner: { readonly wallets: number; readonly blocks: number; readonly transfersPerBlock: number };
  /** Merchant ledger sizes (rows) whose page, filtered page and export are measured. */
  readonly ledgerRows: readonly number[];
  /** Custodial wallets a full reconciliation reads. */
  readonly reconcileWallets: number;
  /** Orders created with and without their event (each), for the event log's costs. */
  readonly eventLogOrders: number;
  /** Buyers paying through one instance, each with a WebSocket on the other. */
  readonly crossInstanceBuyers: number;
  /** Events delivered to a local webhook receiver: a steady stream (latency), then a burst (throughput). */
  readonly webhookSteadyEvents: number;
  readonly webhookBurstEvents: number;
  /** Loads of each web page in Chromium (admin and storefront, on the main data set); the figure is their median. */
  readonly webPageSamples: number;
  /** Orders a signed-in shopper pays on the storefront's order page, each timed to "Completed". */
  readonly storefrontPayments: number;
  /**
   * USDT through the chain adapter on a devnet process: `transfers` from as many senders,
   * `concurrency` in flight, after `warmUpTransfers` untimed; then solid blocks of each of
   * `usdtTransfersPerBlock` USDT transfers (and one of TRX transfers only) each read `blockReads` times.
   */
  readonly usdtChain: {
    readonly transfers: number;
    readonly warmUpTransfers: number;
    readonly concurrency: number;
    readonly usdtTransfersPerBlock: readonly number[];
    readonly blockReads: number;
  };
}

/** 100,000 users: the customer search's target is set at that size. */
const USERS_AND_PRODUCTS = { users: 100_000, products: 1_000, days: 200 };

export const FULL_PLAN: BenchPlan = {
  mode: 'full',
  durationSeconds: 10,
  connections: 10,
  dataSet: { ...USERS_AND_PRODUCTS, orders: 100_000 },
  growthOrders: [10_000, 100_000, 1_000_000],
  // With the warm-up, 1,000 transfers for the listener's run: its batch (run-settlement.ts).
  buyers: 900,
  warmUpPairs: 100,
  concurrentUsers: 50,
  startupSamples: 5,
  scanner: { wallets: 1_000_000, blocks: 200, transfersPerBlock: 300 },
  ledgerRows: [10_000, 1_000_000],
  reconcileWallets: 10_000,
  eventLogOrders: 5_000,
  crossInstanceBuyers: 300,
  webhookSteadyEvents: 1_000,
  webhookBurstEvents: 10_000,
  webPageSamples: 5,
  storefrontPayments: 3,
  // As many in flight as the money path's buyers; 300 transfers a block as the scanner's blocks.
  usdtChain: {
    transfers: 1_000,
    warmUpTransfers: 50,
    concurrency: 50,
    usdtTransfersPerBlock: [1, 100, 300],
    blockReads: 20,
  },
};

/** CI's smoke run: every section, small. */
export const QUICK_PLAN: BenchPlan = {
  mode: 'quick',
  durationSeconds: 2,
  connections: 10,
  dataSet: { ...USERS_AND_PRODUCTS, users: 10_000, orders: 1_000 },
  growthOrders: [1_000, 10_000],
  buyers: 50,
  warmUpPairs: 10,
  concurrentUsers: 50,
  startupSamples: 1,
  scanner: { wallets: 10_000, blocks: 5, transfersPerBlock: 300 },
  ledgerRows: [1_000, 10_000],
  reconcileWallets: 500,
  eventLogOrders: 500,
  crossInstanceBuyers: 40,
  webhookSteadyEvents: 100,
  webhookBurstEvents: 1_000,
  webPageSamples: 2,
  storefrontPayments: 1,
  usdtChain: {
    transfers: 20,
    warmUpTransfers: 10,
    concurrency: 50,
    usdtTransfersPerBlock: [1, 20],
    blockReads: 5,
  },
};
