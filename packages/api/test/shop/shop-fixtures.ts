import { type DevnetControl, devnetControl } from '@trx-shop/test-kit';
import type { RunningDevnet } from '@trx-shop/tron-devnet';
import { type Logger, type PaymentDeps, runSettlement, scanDeposits } from '@trx-shop/domain';
import { buildUser } from '@trx-shop/store-contract';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { createArgon2Hasher } from '../../src/adapters/argon2-hasher.js';
import { createObjectIdGenerator } from '../../src/adapters/object-id-generator.js';
import { json, type LoggedIn, login, newCredentials, register } from '../support/http.js';
import { createTestApp, startTestDevnet, type TestApp, type TestAppOptions } from '../support/test-app.js';

/** The devnet's solid depth is 3: a transfer's block plus three more make it solid. */
export const BLOCKS_TO_SOLIDIFY = 4;
export const SUN_PER_TRX = 1_000_000;

export interface Merchant {
  readonly admin: LoggedIn;
  readonly address: string;
  readonly privateKey: string;
}

/**
 * The merchant is the first admin's custodial wallet; admins are not registered through the API,
 * so one is inserted through the store with a known password and logged in.
 */
export const createMerchantAdmin = async (h: TestApp): Promise<Merchant> => {
  const wallet = await h.chain.createWallet();
  const admin = await insertUserAndLogin(h, {
    role: 'admin',
    createdAt: new Date('2020-01-01T00:00:00.000Z'),
    wallet,
  });
  return { admin, address: wallet.address, privateKey: wallet.privateKey };
};

/** Inserts a user through the store (for what registration cannot make) and logs it in. */
export const insertUserAndLogin = async (
  h: TestApp,
  options: {
    readonly role: 'user' | 'admin';
    readonly createdAt?: Date;
    readonly wallet: { readonly address: string; readonly privateKey: string } | null;
  },
): Promise<LoggedIn> => {
  const credentials = newCredentials();
  const user = buildUser({
    email: credentials.email,
    username: credentials.username,
    role: options.role,
    createdAt: options.createdAt ?? h.clock.now(),
  });
  const passwordHash = await createArgon2Hasher({ memoryKib: 1024, timeCost: 1 }).hash(credentials.password);
  const inserted = await h.store.users.insert({
    ...user,
    passwordHash,
    wallet: {
      address: options.wallet?.address ?? null,
      encryptedPrivateKey: options.wallet ? await h.vault.seal(options.wallet.privateKey, user.id) : null,
      externalAddress: null,
    },
  });
  if (!inserted.ok) throw new Error(`user insert failed: ${inserted.error.code}`);
  return login(h.app, credentials);
};

export interface Shopper extends LoggedIn {
  readonly address: string;
}

/** A registered user with the custodial address the service created for them. */
export const registerShopper = async (h: TestApp): Promise<Shopper> => {
  const user = await register(h.app);
  const stored = await h.store.users.findById(user.userId);
  const address = stored?.wallet.address;
  if (!address) throw new Error('registered user has no wallet address');
  return { ...user, address };
};

export interface ProductInput {
  readonly name?: string;
  readonly description?: string;
  readonly price: number | string;
  readonly priceUsdt?: number | null;
  readonly category?: 'digital' | 'physical' | 'service';
  readonly stock?: number;
  readonly image?: string;
}

/** Creates a product through the admin API and returns its id. */
export const createProduct = async (h: TestApp, admin: LoggedIn, input: ProductInput): Promise<string> => {
  const response = await h.app.inject({
    method: 'POST',
    url: '/api/admin/products',
    headers: admin.jar.header(),
    payload: { name: 'Test product', category: 'digital', stock: 100, ...input },
  });
  if (response.statusCode !== 201) throw new Error(`product create ${response.statusCode}: ${response.body}`);
  return (json(response).product as { _id: string })._id;
};

export interface OrderView {
  readonly _id: string;
  readonly orderId: string;
  readonly userId: string;
  readonly status: string;
  readonly subtotal: number;
  readonly networkFee: number;
  readonly total: number;
  readonly transactionHash: string | null;
  readonly walletAddress: string;
  readonly merchantAddress: string;
  readonly products: readonly {
    productId: string;
    name: string;
    price: number;
    quantity: number;
    color: string | null;
  }[];
}

export const orderOf = (response: LightMyRequestResponse): OrderView => json(response).order as OrderView;

export const postOrder = (
  h: TestApp,
  user: LoggedIn,
  products: readonly { productId: string; quantity: number; color?: string }[],
) => h.app.inject({ method: 'POST', url: '/api/orders', headers: user.jar.header(), payload: { products } });

/** Creates an order (201 expected) and returns it. */
export const placeOrder = async (
  h: TestApp,
  user: LoggedIn,
  products: readonly { productId: string; quantity: number; color?: string }[],
): Promise<OrderView> => {
  const response = await postOrder(h, user, products);
  expect(response.statusCode, response.body).toBe(201);
  return orderOf(response);
};

export const payRequest = (h: TestApp, user: LoggedIn, orderId: string) =>
  h.app.inject({ method: 'POST', url: `/api/orders/${orderId}/pay`, headers: user.jar.header() });

const silentLogger: Logger = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };

/** The dependencies the routes give the payment use cases (route-options.ts `paymentDeps`). */
export const paymentDepsOf = (h: TestApp, configuredMerchantAddress: string | null = null): PaymentDeps => ({
  store: h.store,
  chain: h.chain,
  vault: h.vault,
  clock: h.clock,
  ids: createObjectIdGenerator(),
  logger: silentLogger,
  configuredMerchantAddress,
});

/** An admin (the merchant), a funded shopper and a product at `price` TRX, ready to order and pay. */
export interface PaymentScene {
  readonly shopper: Shopper;
  readonly productId: string;
}

export const fundedShopperWithProduct = async (
  h: TestApp,
  devnet: DevnetControl,
  merchant: Merchant,
  options: { readonly price: number; readonly fundSun: number; readonly stock?: number },
): Promise<PaymentScene> => {
  const shopper = await registerShopper(h);
  await devnet.fundSolid(shopper.address, options.fundSun);
  const productId = await createProduct(h, merchant.admin, {
    price: options.price,
    stock: options.stock ?? 100,
  });
  return { shopper, productId };
};

export class SimulatedCrash extends Error {
  constructor(step: string) {
    super(`simulated crash at ${step}`);
  }
}

/**
 * A view of `target` whose `method` throws once, at the moment the real call would happen (or,
 * with `after`, right after the real call completed): a process dying at that step. Every other
 * member is the real one, bound to the real object.
 */
export const crashingOnce = <T extends object>(
  target: T,
  method: keyof T & string,
  when: 'before' | 'after' = 'before',
): T => {
  let crashed = false;
  return new Proxy(target, {
    get(real, property) {
      const value: unknown = Reflect.get(real, property, real);
      if (typeof value !== 'function') return value;
      const bound = (...args: unknown[]): unknown => value.apply(real, args);
      if (property !== method) return bound;
      return async (...args: unknown[]) => {
        if (crashed) return bound(...args);
        crashed = true;
        if (when === 'before') throw new SimulatedCrash(method);
        await bound(...args);
        throw new SimulatedCrash(`after ${method}`);
      };
    },
  });
};

/**
 * Makes what the devnet accepted solid, then runs what the listener runs: settlement, then the
 * deposit scan (a cursor must exist: the tests start it before funding anything).
 */
export const settleAndScan = async (h: TestApp, devnet: DevnetControl): Promise<void> => {
  await devnet.settle();
  const deps = paymentDepsOf(h);
  await runSettlement(deps);
  await scanDeposits(deps, { startBlock: null, maxBlocks: 10_000 });
};

/** A test app on its own devnet whose deposit scanner has started, and its merchant (empty wallet). */
export interface ScanningShop {
  readonly node: RunningDevnet;
  readonly h: TestApp;
  readonly devnet: DevnetControl;
  readonly merchant: Merchant;
}

/**
 * The ledger tests' world: the scanner's cursor is set at the head before anything is funded, so
 * every movement from then on becomes a ledger line and every wallet's opening balance is 0.
 */
export const startScanningShop = async (
  options: Pick<TestAppOptions, 'sqliteFile' | 'metricsToken'> = {},
): Promise<ScanningShop> => {
  const node = await startTestDevnet();
  const h = await createTestApp({ devnet: node, ...options });
  await scanDeposits(paymentDepsOf(h), { startBlock: null, maxBlocks: 10 });
  return { node, h, devnet: devnetControl(node.url), merchant: await createMerchantAdmin(h) };
};

/** What the merchant holds solid before a paying test starts: enough to exist as an account. */
const MERCHANT_OPENING_SUN = 10_000_000;

/** A test app on its own devnet and its merchant, for the files that pay orders. */
export interface PayingShop extends ScanningShop {
  /** Closes the app (its leak check may reject), then stops the devnet whatever happened. */
  stop(): Promise<void>;
}

/**
 * The payment tests' world: the merchant's account already exists on chain (funded and solid),
 * so a payment to it costs no account-creation fee and its amount arrives exactly.
 */
export const startPayingShop = async (
  appOptions: Omit<TestAppOptions, 'devnet'> = {},
): Promise<PayingShop> => {
  const node = await startTestDevnet();
  const h = await createTestApp({ ...appOptions, devnet: node });
  const devnet = devnetControl(node.url);
  const merchant = await createMerchantAdmin(h);
  await devnet.fundSolid(merchant.address, MERCHANT_OPENING_SUN);
  return {
    node,
    h,
    devnet,
    merchant,
    stop: async () => {
      try {
        await h.close();
      } finally {
        await node.stop();
      }
    },
  };
};
