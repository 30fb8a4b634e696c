import { devnetControl, eventually } from '@trx-shop/test-kit';
import { freePort } from './free-port.js';
import { median } from './median.js';
import { type NotMeasured, notMeasured } from './not-measured.js';
import type { BenchPlan } from './plan.js';
import { startServiceProcess } from './service-process.js';
import { registerBuyer, signIn, unwrapFor } from './shop-client.js';
import { measureStorefrontPayments, type PaymentTiming } from './storefront-payment.js';
import { newWorkDir } from './work-dir.js';

/** The embedded devnet's defaults, set here so the report states what the figure ran on. */
const BLOCK_INTERVAL_MS = 1_000;
const SOLID_DEPTH = 3;
/** The listener looks once a block: the figure is the chain's and the page's, not a long idle wait. */
const LISTENER_INTERVAL_MS = 1_000;
/** The issue's bound for the figure (reported, not a target): this many blocks plus the solidification. */
export const PAYMENT_BLOCKS_BEFORE_SOLIDIFICATION = 2;
const SHOPPER_PASSWORD = 'bench storefront shopper password';

export interface StorefrontPaymentFigures {
  /** One per order paid, in order. */
  readonly payments: readonly PaymentTiming[];
  readonly medianMs: number;
  readonly blockIntervalMs: number;
  /** Blocks on top of a transfer's block before the listener counts it confirmed. */
  readonly solidDepth: number;
  readonly listenerIntervalMs: number;
}

export type StorefrontPaymentFigure = StorefrontPaymentFigures | NotMeasured;

/** `4210 ms, 5 blocks (median of ...)` or `not measured (why)`. */
export const describeStorefrontPayment = (figure: StorefrontPaymentFigure): string =>
  'notMeasured' in figure
    ? `not measured (${figure.notMeasured})`
    : `${figure.medianMs.toFixed(0)} ms (median of ${figure.payments.length}: ${figure.payments
        .map((payment) => `${payment.clickToCompletedMs.toFixed(0)} ms in ${payment.blocks} blocks`)
        .join(', ')})`;

/**
 * An embedded instance (SQLite, the in-process devnet making a block a second, solid 3 blocks
 * deep, its listener every second) serving the built storefront: a registered shopper whose
 * airdrop has arrived pays the plan's orders in Chromium, each from its order page, timed from
 * the Pay click to "Completed" on screen. A set-up that fails is reported as not measured.
 */
export const runStorefrontPaymentSection = async (
  plan: BenchPlan,
  adminEnv: { ADMIN_EMAIL: string; ADMIN_PASSWORD: string },
): Promise<StorefrontPaymentFigure> => {
  const dataDir = newWorkDir('storefront-payment');
  const devnetPort = await freePort();
  const service = await startServiceProcess({
    dataDir,
    port: await freePort(),
    env: {
      ...adminEnv,
      DEVNET_PORT: String(devnetPort),
      DEVNET_BLOCK_INTERVAL_MS: String(BLOCK_INTERVAL_MS),
      DEVNET_SOLID_DEPTH: String(SOLID_DEPTH),
      LISTENER_INTERVAL_MS: String(LISTENER_INTERVAL_MS),
    },
  });
  try {
    const { baseUrl } = service;
    const admin = await signIn(baseUrl, adminEnv.ADMIN_EMAIL, adminEnv.ADMIN_PASSWORD);
    const { product } = await unwrapFor(
      'create the product',
      admin.POST('/api/admin/products', {
        body: { name: 'Bench storefront sticker', price: 1, category: 'physical', stock: 1_000_000 },
      }),
    );
    const username = `storefront_${Date.now().toString(36)}`;
    const shopper = await registerBuyer(baseUrl, {
      email: `${username}@bench.example`,
      username,
      password: SHOPPER_PASSWORD,
    });
    await eventually(
      () => unwrapFor('balance', shopper.shop.GET('/api/wallets/balance')),
      (answer) => answer.balance > 0,
      "the shopper's airdrop to reach the solidified chain",
      120_000,
      250,
    );
    const devnet = devnetControl(`http://127.0.0.1:${devnetPort}`, { solidDepth: SOLID_DEPTH });
    const payments = await measureStorefrontPayments({
      baseUrl,
      email: shopper.email,
      password: SHOPPER_PASSWORD,
      payments: plan.storefrontPayments,
      placeOrder: async () =>
        (
          await unwrapFor(
            'place an order',
            shopper.shop.POST('/api/orders', {
              body: { products: [{ productId: product._id, quantity: 1 }] },
            }),
          )
        ).order._id,
      headBlock: async () => (await devnet.state()).head,
      waitMs: 60_000,
    });
    if ('notMeasured' in payments) return payments;
    return {
      payments,
      medianMs: median(payments.map((payment) => payment.clickToCompletedMs)),
      blockIntervalMs: BLOCK_INTERVAL_MS,
      solidDepth: SOLID_DEPTH,
      listenerIntervalMs: LISTENER_INTERVAL_MS,
    };
  } catch (error) {
    return notMeasured(`${error instanceof Error ? error.message : String(error)}; log: ${service.logFile}`);
  } finally {
    await service.stop();
  }
};
