import WebSocket from 'ws';
import { startDevnetProcess } from './devnet-process.js';
import { freePort } from './free-port.js';
import { percentile } from './latency-sample.js';
import type { BenchPlan } from './plan.js';
import { type RunningServiceProcess, startServiceProcess } from './service-process.js';
import { type Buyer, registerBuyer, signIn, unwrapFor } from './shop-client.js';
import { newWorkDir } from './work-dir.js';

export interface CrossInstanceFigures {
  readonly frames: number;
  /** From the state change on instance A (the event's time) to the frame on a client of instance B. */
  readonly latencyP50Ms: number;
  readonly latencyP99Ms: number;
  readonly latencyMaxMs: number;
}

const SOLID_DEPTH = 1;
const LEADER_INTERVAL_MS = 100;
const BLOCK_EVERY_MS = 100;
const PAYING_AT_ONCE = 8;
const PASSWORD = 'bench cross-instance password';

/**
 * A buyer's socket on instance B, joined to its room, timing each confirmation's arrival (a bare
 * `ws`, not the client's `connectRealtime`: the frame's arrival is the measurement).
 */
const listenOn = async (baseUrl: string, buyer: Buyer, latencies: number[]): Promise<WebSocket> => {
  const socket = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/api/ws?token=${buyer.shop.accessToken}`);
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  const joined = new Promise<void>((resolve) => {
    socket.on('message', (raw) => {
      const arrivedAt = Date.now();
      const frame = JSON.parse(String(raw)) as { event: string; data: { timestamp?: string } };
      if (frame.event === 'joined') resolve();
      // The frame's timestamp is the event's time: when instance A's listener changed the order.
      if (frame.event === 'transaction:confirmed' && frame.data.timestamp) {
        latencies.push(arrivedAt - Date.parse(frame.data.timestamp));
      }
    });
  });
  socket.send(JSON.stringify({ event: 'join-user', data: buyer.id }));
  await joined;
  return socket;
};

const register = async (baseUrl: string, index: number, runId: string): Promise<Buyer> => {
  const username = `cross_${runId}_${index}`;
  return registerBuyer(baseUrl, { email: `${username}@bench.example`, username, password: PASSWORD });
};

const orderAndPay = async (buyer: Buyer, productId: string) => {
  const { order } = await unwrapFor(
    'create an order',
    buyer.shop.POST('/api/orders', { body: { products: [{ productId, quantity: 1 }] } }),
  );
  await unwrapFor('pay', buyer.shop.POST('/api/orders/{id}/pay', { params: { path: { id: order._id } } }));
};

const waitFor = async (done: () => boolean, timeoutMs: number, what: string) => {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`${what} did not happen within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

/**
 * Two service processes on one SQLite file and a standalone devnet (docs/operations.md, "Running
 * several instances"): instance A leads the listener, every buyer's client is connected to
 * instance B. Buyers pay through A while blocks come every 100 ms; each confirmation A's listener
 * makes is timed from its event's time to its frame on B (relay to the log, B's read, the socket).
 */
export const runCrossInstanceSection = async (
  plan: BenchPlan,
  adminEnv: { ADMIN_EMAIL: string; ADMIN_PASSWORD: string },
): Promise<CrossInstanceFigures> => {
  const dir = newWorkDir('cross-instance');
  const devnet = await startDevnetProcess(dir, SOLID_DEPTH);
  const services: RunningServiceProcess[] = [];
  const sockets: WebSocket[] = [];
  let producing = true;
  try {
    const env = { ...adminEnv, TRON_FULL_HOST: devnet.url };
    const leader = await startServiceProcess({
      dataDir: dir,
      port: await freePort(),
      env: { ...env, LISTENER_INTERVAL_MS: String(LEADER_INTERVAL_MS) },
    });
    services.push(leader);
    // B runs the listener once at start, while A holds the lease, and then not for a day.
    const reader = await startServiceProcess({
      dataDir: dir,
      port: await freePort(),
      env: { ...env, LISTENER_INTERVAL_MS: '86400000' },
    });
    services.push(reader);

    const admin = await signIn(leader.baseUrl, adminEnv.ADMIN_EMAIL, adminEnv.ADMIN_PASSWORD);
    const { product } = await unwrapFor(
      'create the product',
      admin.POST('/api/admin/products', {
        body: { name: 'Cross-instance sticker', price: 1, category: 'physical', stock: 1_000_000 },
      }),
    );
    const runId = Date.now().toString(36);
    const buyers: Buyer[] = [];
    for (let index = 0; index < plan.crossInstanceBuyers; index += 1) {
      const buyer = await register(leader.baseUrl, index, runId);
      await devnet.control.fund(buyer.address, 10_000_000);
      buyers.push(buyer);
    }
    await devnet.control.settle();

    const latencies: number[] = [];
    for (const buyer of buyers) sockets.push(await listenOn(reader.baseUrl, buyer, latencies));
    const blocks = (async () => {
      while (producing) {
        await devnet.control.produceBlocks(1);
        await new Promise((resolve) => setTimeout(resolve, BLOCK_EVERY_MS));
      }
    })();
    let next = 0;
    const payer = async () => {
      while (next < buyers.length) {
        const buyer = buyers[next++] as Buyer;
        await orderAndPay(buyer, product._id);
      }
    };
    await Promise.all(Array.from({ length: PAYING_AT_ONCE }, payer));
    await waitFor(() => latencies.length >= buyers.length, 120_000, 'every confirmation frame on instance B');
    producing = false;
    await blocks;
    return {
      frames: latencies.length,
      latencyP50Ms: percentile(latencies, 0.5),
      latencyP99Ms: percentile(latencies, 0.99),
      latencyMaxMs: Math.max(...latencies),
    };
  } finally {
    producing = false;
    for (const socket of sockets) socket.close();
    for (const service of services.reverse()) await service.stop();
    await devnet.stop();
  }
};
