import { performance } from 'node:perf_hooks';
import { type ShopClient, unwrap } from '@trx-shop/client';
import { eventually } from '@trx-shop/test-kit';
import { percentile } from './latency-sample.js';
import { startCpuMeter } from './process-cpu.js';
import { registerBuyer, signIn, unwrapFor } from './shop-client.js';

export interface MoneyPathFigures {
  readonly concurrentUsers: number;
  /** Pairs made before the timed ones and not counted in the figures (their transfers are real). */
  readonly warmUpPairs: number;
  /** The timed pairs. */
  readonly pairs: number;
  readonly pairsPerSecond: number;
  readonly createOrderP50Ms: number;
  readonly createOrderP99Ms: number;
  readonly payP50Ms: number;
  readonly payP99Ms: number;
  /**
   * CPU time per timed pair of each process sharing the machine: the service, the node, and the
   * buyers (this process). Present when the caller named the service's and the node's processes.
   */
  readonly cpuMsPerPair?: { readonly service: number; readonly node: number; readonly buyers: number };
}

export interface MoneyPathOptions {
  readonly baseUrl: string;
  readonly adminEmail: string;
  readonly adminPassword: string;
  /** One pair per buyer: a buyer's order stays pending until the listener confirms its payment. */
  readonly buyers: number;
  /** Pairs made first, each by a buyer of its own, and left out of the figures. */
  readonly warmUpPairs?: number;
  readonly concurrentUsers: number;
  /**
   * Funds a new buyer's wallet on a node that does not airdrop (a devnet in a process of its
   * own); absent, the embedded devnet's airdrop funds it.
   */
  readonly fund?: (address: string) => Promise<void>;
  /** Runs once the buyers are ready, right before the first pair (a profile's start). */
  readonly beforePairs?: () => Promise<void>;
  /** The service's and the node's process ids, to measure the CPU each pair costs them. */
  readonly processes?: { readonly service: number; readonly node: number };
}

/** Each process's CPU time per timed pair and their sum, as the report and the profiler print it. */
export const describeCpuPerPair = (figures: MoneyPathFigures): string => {
  const cpu = figures.cpuMsPerPair;
  if (!cpu) return 'not measured';
  const cpuMs = (value: number) => `${value.toFixed(2)} ms`;
  return `service ${cpuMs(cpu.service)}, node ${cpuMs(cpu.node)}, buyers ${cpuMs(cpu.buyers)} (${cpuMs(cpu.service + cpu.node + cpu.buyers)} in all)`;
};

const PASSWORD = 'bench buyer password';

/**
 * Registers `count` buyers, a few at a time (argon2 hashing dominates), funds each through `fund`
 * when given, and waits until the first and the last can spend.
 */
const registerBuyers = async (
  baseUrl: string,
  count: number,
  fund: MoneyPathOptions['fund'],
): Promise<ShopClient[]> => {
  const buyers: ShopClient[] = [];
  const runId = Date.now().toString(36);
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const index = next++;
      const username = `buyer_${runId}_${index}`;
      const buyer = await registerBuyer(baseUrl, {
        email: `${username}@bench.example`,
        username,
        password: PASSWORD,
      });
      await fund?.(buyer.address);
      buyers[index] = buyer.shop;
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  for (const shop of [buyers[0], buyers[count - 1]] as ShopClient[]) {
    await eventually(
      async () => unwrapFor('balance', shop.GET('/api/wallets/balance')),
      (answer) => answer.balance > 0,
      'the buyers\u2019 airdrops to reach the solidified chain',
      120_000,
      250,
    );
  }
  return buyers;
};

interface TimedPairs {
  readonly createDurations: number[];
  readonly payDurations: number[];
  readonly elapsedSeconds: number;
}

/**
 * `concurrentUsers` workers, each taking the next buyer and making one `POST /api/orders` and
 * one `POST /api/orders/:id/pay`, until every buyer has paid.
 */
const runPairs = async (
  buyers: readonly ShopClient[],
  productId: string,
  concurrentUsers: number,
): Promise<TimedPairs> => {
  const createDurations: number[] = [];
  const payDurations: number[] = [];
  let next = 0;
  const worker = async () => {
    while (next < buyers.length) {
      const shop = buyers[next++] as ShopClient;
      let startedAt = performance.now();
      const { order } = await unwrap(
        shop.POST('/api/orders', { body: { products: [{ productId, quantity: 1 }] } }),
      );
      createDurations.push(performance.now() - startedAt);
      startedAt = performance.now();
      await unwrap(shop.POST('/api/orders/{id}/pay', { params: { path: { id: order._id } } }));
      payDurations.push(performance.now() - startedAt);
    }
  };
  const startedAt = performance.now();
  await Promise.all(Array.from({ length: concurrentUsers }, worker));
  return { createDurations, payDurations, elapsedSeconds: (performance.now() - startedAt) / 1000 };
};

/**
 * The warm-up pairs first (JIT compilation, the first signature's WebAssembly, the caches a
 * long-running service has filled), then the timed ones. The figure ends when the last pay
 * answers: confirmation is the listener's work and is measured on its own.
 */
export const runMoneyPath = async (options: MoneyPathOptions): Promise<MoneyPathFigures> => {
  const { baseUrl } = options;
  const admin = await signIn(baseUrl, options.adminEmail, options.adminPassword);
  const {
    product: { _id: productId },
  } = await unwrap(
    admin.POST('/api/admin/products', {
      body: { name: 'Bench sticker', price: 1, category: 'physical', stock: 1_000_000 },
    }),
  );
  const warmUpPairs = options.warmUpPairs ?? 0;
  const buyers = await registerBuyers(baseUrl, warmUpPairs + options.buyers, options.fund);
  await runPairs(buyers.slice(0, warmUpPairs), productId, options.concurrentUsers);
  await options.beforePairs?.();
  const cpu = options.processes && startCpuMeter(options.processes, 'buyers');
  const timed = await runPairs(buyers.slice(warmUpPairs), productId, options.concurrentUsers);
  const cpuMs = cpu?.stop();
  return {
    concurrentUsers: options.concurrentUsers,
    warmUpPairs,
    pairs: options.buyers,
    pairsPerSecond: options.buyers / timed.elapsedSeconds,
    createOrderP50Ms: percentile(timed.createDurations, 0.5),
    createOrderP99Ms: percentile(timed.createDurations, 0.99),
    payP50Ms: percentile(timed.payDurations, 0.5),
    payP99Ms: percentile(timed.payDurations, 0.99),
    ...(cpuMs && {
      cpuMsPerPair: {
        service: (cpuMs.service ?? 0) / options.buyers,
        node: (cpuMs.node ?? 0) / options.buyers,
        buyers: (cpuMs.buyers ?? 0) / options.buyers,
      },
    }),
  };
};
