import {
  type Logger,
  type NewOrder,
  type Order,
  type OrderLine,
  type OrderStatus,
  type PaymentDeps,
  runSettlement,
  type User,
} from '@trx-shop/domain';
import { devnetControl } from '@trx-shop/test-kit';
import { expect } from 'vitest';
import { buildOrder, buildTransferClaim, buildUser, newObjectId } from '@trx-shop/store-contract';
import { createArgon2Hasher } from '../../src/adapters/argon2-hasher.js';
import { createObjectIdGenerator } from '../../src/adapters/object-id-generator.js';
import { payRequest, placeOrder, registerShopper } from '../shop/shop-fixtures.js';
import { type LoggedIn, login } from '../support/http.js';
import type { TestApp } from '../support/test-app.js';

/*
 * Setup the API does not offer (admins, orders in any status at chosen times) goes through the
 * store; everything under test goes through HTTP.
 */

export const SUN_PER_TRX = 1_000_000;
export const DAY_MS = 86_400_000;
export const ADMIN_PASSWORD = 'admin-pass-word-42';

// The app's own hasher at test cost, so a stored admin can log in through the API.
const hasher = createArgon2Hasher({ memoryKib: 1024, timeCost: 1 });
let adminHash: Promise<string> | null = null;
export const adminPasswordHash = (): Promise<string> => (adminHash ??= hasher.hash(ADMIN_PASSWORD));

export interface StoredAdmin {
  readonly user: User;
  /** The custodial wallet's private key; null for an admin inserted without a usable key. */
  readonly privateKey: string | null;
}

/** An admin with a real chain wallet whose key is sealed by the app's vault (the merchant, if first). */
export const buildAdminWithWallet = async (
  h: TestApp,
  overrides: Partial<User> = {},
): Promise<StoredAdmin> => {
  const wallet = await h.chain.createWallet();
  const id = overrides.id ?? newObjectId(overrides.createdAt ?? h.clock.now());
  const user = buildUser({
    id,
    role: 'admin',
    passwordHash: await adminPasswordHash(),
    wallet: {
      address: wallet.address,
      encryptedPrivateKey: await h.vault.seal(wallet.privateKey, id),
      externalAddress: null,
    },
    createdAt: h.clock.now(),
    updatedAt: h.clock.now(),
    ...overrides,
  });
  return { user, privateKey: wallet.privateKey };
};

export const insertUser = async (h: TestApp, user: User): Promise<User> => {
  const inserted = await h.store.users.insert(user);
  if (!inserted.ok) throw inserted.error;
  return inserted.value;
};

export const insertAdmin = async (h: TestApp, overrides: Partial<User> = {}): Promise<StoredAdmin> => {
  const admin = await buildAdminWithWallet(h, overrides);
  await insertUser(h, admin.user);
  return admin;
};

export const loginAdmin = (h: TestApp, admin: User): Promise<LoggedIn> =>
  login(h.app, { email: admin.email, username: admin.username, password: ADMIN_PASSWORD });

export const line = (priceSun: number, quantity = 1, overrides: Partial<OrderLine> = {}): OrderLine => ({
  productId: newObjectId(),
  name: 'Hand-made line',
  priceSun,
  quantity,
  color: null,
  ...overrides,
});

/**
 * Stores an order the way the shop would: created pending, then moved to `status` (guarded like
 * any other status change). Totals follow the lines: total = subtotal - 0.01 TRX.
 */
export const insertOrder = async (
  h: TestApp,
  status: OrderStatus,
  overrides: Partial<NewOrder> = {},
): Promise<Order> => {
  const createdAt = overrides.createdAt ?? h.clock.now();
  const order = buildOrder({ id: newObjectId(createdAt), createdAt, updatedAt: createdAt, ...overrides });
  const created = await h.store.orders.create({ ...order, status: 'pending' });
  if (!created.ok) throw created.error;
  if (status === 'pending') return created.value;
  const changed = await h.store.orders.changeStatus(order.id, {
    from: ['pending'],
    to: status,
    at: createdAt,
  });
  if (!changed.ok) throw new Error(`moving ${order.id} to ${status} failed: ${changed.error}`);
  return changed.value;
};

/**
 * A completed order whose payment arrived: a confirmed payment claim of |total|, as the listener
 * leaves a settled purchase (refunds are only of money that arrived).
 */
export const insertPaidOrder = async (h: TestApp, overrides: Partial<NewOrder> = {}): Promise<Order> => {
  const pending = await insertOrder(h, 'pending', overrides);
  const payment = buildTransferClaim({
    amountSun: pending.totalSun,
    fromAddress: pending.walletAddress,
    toAddress: pending.merchantAddress,
    recorded: true,
  });
  if (!(await h.store.orders.claimTransfer(pending.id, 'payment', payment)))
    throw new Error('payment claim lost');
  await h.store.orders.settleClaim(pending.id, 'payment', payment.txId, 'confirmed');
  const changed = await h.store.orders.changeStatus(pending.id, {
    from: ['pending'],
    to: 'completed',
    at: pending.createdAt,
  });
  if (!changed.ok) throw new Error(`completing ${pending.id} failed: ${changed.error}`);
  return changed.value;
};

const silent: Logger = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };

/** What the listener would be given (route-options.ts `paymentDeps`), over the test app's parts. */
export const settlementDeps = (h: TestApp): PaymentDeps => ({
  store: h.store,
  chain: h.chain,
  vault: h.vault,
  clock: h.clock,
  ids: createObjectIdGenerator(),
  logger: silent,
  configuredMerchantAddress: null,
});

/** The API's answer for an amount of SUN, as plain arithmetic on the generated figures. */
export const trx = (sun: number): number => sun / SUN_PER_TRX;

/** The specification's trend rule, written out from its text (not imported from the code under test). */
export const expectedTrend = (current: number, previous: number): string => {
  if (previous === 0) return current === 0 ? '0.0%' : '+100.0%';
  const change = ((current - previous) / previous) * 100;
  return `${change >= 0 ? '+' : ''}${change.toFixed(1)}%`;
};

/**
 * A registered buyer with 50 TRX who ordered `quantity` of `productId` and paid over HTTP; the
 * payment is settled, so the order is completed and its stock taken.
 */
export const buyAndSettle = async (
  h: TestApp,
  devnetUrl: string,
  productId: string,
  quantity: number,
): Promise<{ buyer: LoggedIn; buyerAddress: string; orderId: string }> => {
  const buyer = await registerShopper(h);
  await devnetControl(devnetUrl).fundSolid(buyer.address, 50_000_000);
  const order = await placeOrder(h, buyer, [{ productId, quantity }]);
  const paid = await payRequest(h, buyer, order._id);
  expect(paid.statusCode, paid.body).toBe(200);
  await devnetControl(devnetUrl).settle();
  await runSettlement(settlementDeps(h));
  expect((await h.store.orders.findById(order._id))?.status).toBe('completed');
  return { buyer, buyerAddress: buyer.address, orderId: order._id };
};
