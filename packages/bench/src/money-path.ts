import { performance } from 'node:perf_hooks';
import { type ShopClient, unwrap } from '@trx-shop/client';
import { eventually } from '@trx-shop/test-kit';
import { percentile } from './latency-sample.js';
import { registerBuyer, signIn, unwrapFor } from './shop-client.js';

export interface MoneyPathFigures {
  readonly concurrentUsers: number;
  readonly pairs: number;
  readonly pairsPerSecond: number;
  readonly createOrderP50Ms: number;
  readonly createOrderP99Ms: number;
  readonly payP50Ms: number;
  readonly payP99Ms: number;
}

export interface MoneyPathOptions {
  readonly baseUrl: string;
  readonly adminEmail: string;
  readonly adminPassword: string;
  /** One pair per buyer: a buyer's order stays pending until the listener confirms its payment. */
  readonly buyers: number;
  readonly concurrentUsers: number;
  /** Runs once the buyers are ready, right before the first pair (a profile's start). */
  readonly beforePairs?: () => Promise<void>;
}

const PASSWORD = 'bench buyer password';

/** Registers `count` buyers, a few at a time (argon2 hashing dominates), and waits for their airdrops. */
const registerBuyers = async (baseUrl: string, count: number): Promise<ShopClient[]> => {
  const buyers: ShopClient[] = [];
  const runId = Date.now().toString(36);
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const index = next++;
      const username = `buyer_${runId}_${index}`;
      buyers[index] = (
        await registerBuyer(baseUrl, { email: `${username}@bench.example`, username, password: PASSWORD })
      ).shop;
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

/**
 * `concurrentUsers` workers, each taking the next buyer and making one `POST /api/orders` and
 * one `POST /api/orders/:id/pay`, until every buyer has paid. The figure ends when the last pay
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
  const buyers = await registerBuyers(baseUrl, options.buyers);
  await options.beforePairs?.();

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
  await Promise.all(Array.from({ length: options.concurrentUsers }, worker));
  const elapsedSeconds = (performance.now() - startedAt) / 1000;
  return {
    concurrentUsers: options.concurrentUsers,
    pairs: buyers.length,
    pairsPerSecond: buyers.length / elapsedSeconds,
    createOrderP50Ms: percentile(createDurations, 0.5),
    createOrderP99Ms: percentile(createDurations, 0.99),
    payP50Ms: percentile(payDurations, 0.5),
    payP99Ms: percentile(payDurations, 0.99),
  };
};
