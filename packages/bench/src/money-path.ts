import { performance } from 'node:perf_hooks';
import { callJson, expectStatus, logIn, register } from './api-client.js';
import { percentile } from './latency-sample.js';

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
}

const PASSWORD = 'bench buyer password';

const until = async <T>(what: string, probe: () => Promise<T | null>, timeoutMs = 120_000): Promise<T> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== null) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
};

/** Registers `count` buyers, a few at a time (argon2 hashing dominates), and waits for their airdrops. */
const registerBuyers = async (baseUrl: string, count: number): Promise<string[]> => {
  const tokens: string[] = [];
  const runId = Date.now().toString(36);
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const index = next++;
      tokens[index] = (await register(baseUrl, `buyer_${runId}_${index}`, PASSWORD)).token;
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  for (const token of [tokens[0], tokens[count - 1]]) {
    await until('the buyers\u2019 airdrops to reach the solidified chain', async () => {
      const answer = expectStatus(
        await callJson(`${baseUrl}/api/wallets/balance`, { token }),
        200,
        'balance',
      );
      return (answer.body.balance as number) > 0 ? true : null;
    });
  }
  return tokens;
};

/**
 * `concurrentUsers` workers, each taking the next buyer and making one `POST /api/orders` and
 * one `POST /api/orders/:id/pay`, until every buyer has paid. The figure ends when the last pay
 * answers: confirmation is the listener's work and is measured on its own.
 */
export const runMoneyPath = async (options: MoneyPathOptions): Promise<MoneyPathFigures> => {
  const { baseUrl } = options;
  const adminToken = await logIn(baseUrl, options.adminEmail, options.adminPassword);
  const { _id: productId } = expectStatus(
    await callJson(`${baseUrl}/api/admin/products`, {
      method: 'POST',
      token: adminToken,
      body: { name: 'Bench sticker', price: 1, category: 'physical', stock: 1_000_000 },
    }),
    201,
    'create the bench product',
  ).body.product as { _id: string };
  const tokens = await registerBuyers(baseUrl, options.buyers);

  const createDurations: number[] = [];
  const payDurations: number[] = [];
  let next = 0;
  const worker = async () => {
    while (next < tokens.length) {
      const token = tokens[next++] as string;
      let startedAt = performance.now();
      const created = expectStatus(
        await callJson(`${baseUrl}/api/orders`, {
          method: 'POST',
          token,
          body: { products: [{ productId, quantity: 1 }] },
        }),
        201,
        'create an order',
      );
      createDurations.push(performance.now() - startedAt);
      const order = created.body.order as { _id: string };
      startedAt = performance.now();
      expectStatus(
        await callJson(`${baseUrl}/api/orders/${order._id}/pay`, { method: 'POST', token }),
        200,
        'pay an order',
      );
      payDurations.push(performance.now() - startedAt);
    }
  };
  const startedAt = performance.now();
  await Promise.all(Array.from({ length: options.concurrentUsers }, worker));
  const elapsedSeconds = (performance.now() - startedAt) / 1000;
  return {
    concurrentUsers: options.concurrentUsers,
    pairs: tokens.length,
    pairsPerSecond: tokens.length / elapsedSeconds,
    createOrderP50Ms: percentile(createDurations, 0.5),
    createOrderP99Ms: percentile(createDurations, 0.99),
    payP50Ms: percentile(payDurations, 0.5),
    payP99Ms: percentile(payDurations, 0.99),
  };
};
