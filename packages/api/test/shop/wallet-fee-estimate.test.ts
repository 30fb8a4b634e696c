import { type DevnetControl, devnetControl } from '@trx-shop/test-kit';
import type { RunningDevnet } from '@trx-shop/tron-devnet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, json, type LoggedIn } from '../support/http.js';
import { createTestApp, startTestDevnet, type TestApp } from '../support/test-app.js';
import {
  BLOCKS_TO_SOLIDIFY,
  createMerchantAdmin,
  fundedShopperWithProduct,
  type Merchant,
  payRequest,
  placeOrder,
  registerShopper,
  SUN_PER_TRX,
  type Shopper,
} from './shop-fixtures.js';

let devnetNode: RunningDevnet;
let h: TestApp;
let devnet: DevnetControl;
let merchant: Merchant;
/** An existing account to send to, so no account-creation fee applies. */
let recipient: string;

beforeAll(async () => {
  devnetNode = await startTestDevnet();
  h = await createTestApp({ devnet: devnetNode });
  devnet = devnetControl(devnetNode.url);
  merchant = await createMerchantAdmin(h);
  recipient = (await h.chain.createWallet()).address;
  await devnet.fundSolid(merchant.address, 10_000_000);
  await devnet.fundSolid(recipient, 1_000_000);
});
afterAll(async () => {
  await h.close();
  await devnetNode.stop();
});

interface FeeEstimate {
  readonly purpose: string;
  readonly from: string;
  readonly to: string;
  readonly amount: number;
  readonly estimatedFee: number;
  readonly feeBasis: string;
  readonly requiredAmount: number;
  readonly balance: number;
  readonly spendable: number;
  readonly shortfall: number;
}

const estimateRequest = (user: LoggedIn | null, query: string) =>
  h.app.inject({ url: `/api/wallets/fee-estimate?${query}`, headers: user ? user.jar.header() : {} });

const estimate = async (user: LoggedIn, query: string): Promise<FeeEstimate> => {
  const response = await estimateRequest(user, query);
  expect(response.statusCode, response.body).toBe(200);
  return json(response) as unknown as FeeEstimate;
};

const send = (user: LoggedIn, payload: Record<string, unknown>) =>
  h.app.inject({ method: 'POST', url: '/api/wallets/send', headers: user.jar.header(), payload });

const fundedShopper = async (sun: number): Promise<Shopper> => {
  const shopper = await registerShopper(h);
  await devnet.fundSolid(shopper.address, sun);
  return shopper;
};

const sentHash = (response: { statusCode: number; body: string }): string => {
  expect(response.statusCode, response.body).toBe(200);
  return (JSON.parse(response.body) as { transaction: { hash: string } }).transaction.hash;
};

describe('GET /api/wallets/fee-estimate', () => {
  it("estimates a funded wallet's payment to the merchant wallet: nothing burned while its free bandwidth covers it", async () => {
    const shopper = await fundedShopper(5_000_000);

    expect(await estimate(shopper, 'amount=1.24')).toEqual({
      success: true,
      purpose: 'payment',
      from: shopper.address,
      to: merchant.address,
      amount: 1.24,
      estimatedFee: 0,
      feeBasis: 'bandwidth-covered',
      requiredAmount: 1.24,
      balance: 5,
      spendable: 5,
      shortfall: 0,
    });
  });

  it('estimates the 1.1 TRX account creation for a withdrawal to an address with no account yet', async () => {
    const shopper = await fundedShopper(5_000_000);
    const fresh = (await h.chain.createWallet()).address;

    const body = await estimate(shopper, `to=${fresh}&amount=2`);

    expect(body).toMatchObject({
      purpose: 'withdrawal',
      from: shopper.address,
      to: fresh,
      estimatedFee: 1.1,
      feeBasis: 'account-activation',
      requiredAmount: 3.1,
      shortfall: 0,
    });
  });

  it('estimates exactly the fee the chain then burns once the free bandwidth of the day is spent', async () => {
    const shopper = await fundedShopper(20_000_000);
    // Two transfers spend most of the 600 free bytes a day; the third cannot be covered.
    sentHash(await send(shopper, { toAddress: recipient, amount: 1 }));
    sentHash(await send(shopper, { toAddress: recipient, amount: 1 }));
    await devnet.produceBlocks(BLOCKS_TO_SOLIDIFY);

    const body = await estimate(shopper, `to=${recipient}&amount=1`);
    const hash = sentHash(await send(shopper, { toAddress: recipient, amount: 1 }));
    await devnet.produceBlocks(BLOCKS_TO_SOLIDIFY);

    expect(body.feeBasis).toBe('bandwidth-burned');
    expect(body.estimatedFee).toBeGreaterThan(0);
    const burned = await h.chain.lookupTransfer(hash);
    expect(burned).toMatchObject({ kind: 'confirmed', succeeded: true });
    expect(burned.kind === 'confirmed' ? burned.feeSun / SUN_PER_TRX : null).toBe(body.estimatedFee);
  });

  it('counts transfers in flight out of the spendable balance, as the balance check does', async () => {
    const shopper = await fundedShopper(5_000_000);
    sentHash(await send(shopper, { toAddress: recipient, amount: 1.5 }));

    expect(await estimate(shopper, `to=${recipient}&amount=4`)).toMatchObject({
      balance: 5,
      spendable: 3.5,
      requiredAmount: 4,
      shortfall: 0.5,
    });
  });
});

describe('the fee estimate and the balance checks agree', () => {
  it('a payment refused for its shortfall carries the estimated fee, and goes through once exactly the shortfall arrives', async () => {
    const { shopper, productId } = await fundedShopperWithProduct(h, devnet, merchant, {
      price: 3,
      fundSun: 1_000_000,
    });
    const order = await placeOrder(h, shopper, [{ productId, quantity: 1 }]);
    const before = await estimate(shopper, `amount=${order.total}`);

    const refused = expectError(await payRequest(h, shopper, order._id), 400, 'INSUFFICIENT_BALANCE');

    expect(before.shortfall).toBeGreaterThan(0);
    expect(refused).toMatchObject({
      userBalance: before.spendable,
      estimatedFee: before.estimatedFee,
      requiredAmount: before.requiredAmount,
    });
    await devnet.fundSolid(shopper.address, Math.round(before.shortfall * SUN_PER_TRX));
    expect((await estimate(shopper, `amount=${order.total}`)).shortfall).toBe(0);
    const paid = await payRequest(h, shopper, order._id);
    expect(paid.statusCode, paid.body).toBe(200);
  });

  it('a withdrawal to a new account refused for its shortfall carries the estimated fee, and is sent once exactly the shortfall arrives', async () => {
    const shopper = await fundedShopper(1_500_000);
    const fresh = (await h.chain.createWallet()).address;
    const before = await estimate(shopper, `to=${fresh}&amount=1`);

    const refused = expectError(
      await send(shopper, { toAddress: fresh, amount: 1 }),
      400,
      'INSUFFICIENT_BALANCE',
    );

    expect(before).toMatchObject({ feeBasis: 'account-activation' });
    expect(refused).toMatchObject({
      userBalance: before.spendable,
      estimatedFee: before.estimatedFee,
      requiredAmount: before.requiredAmount,
    });
    await devnet.fundSolid(shopper.address, Math.round(before.shortfall * SUN_PER_TRX));
    sentHash(await send(shopper, { toAddress: fresh, amount: 1 }));
    expect(await devnet.transfersBetween(shopper.address, fresh)).toHaveLength(1);
  });
});

describe('GET /api/wallets/fee-estimate refuses', () => {
  it.each([
    ['a malformed address', 'to=TNotAnAddress&amount=1', 'INVALID_ADDRESS'],
    ['an address with a bad checksum', 'to=T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwa&amount=1', 'INVALID_ADDRESS'],
    ['no amount', '', 'VALIDATION_ERROR'],
    ['an amount with 7 decimals', 'amount=0.0000001', 'VALIDATION_ERROR'],
    ['an amount of 0', 'amount=0', 'VALIDATION_ERROR'],
    ['a negative amount', 'amount=-1', 'VALIDATION_ERROR'],
    ['an amount in exponent notation', 'amount=1e2', 'VALIDATION_ERROR'],
    ['an amount over 1,000,000,000 TRX', 'amount=1000000000.000001', 'VALIDATION_ERROR'],
    ['an unknown parameter', 'amount=1&memo=hi', 'VALIDATION_ERROR'],
  ])('answers 400 for %s', async (_case, query, code) => {
    const shopper = await registerShopper(h);
    expectError(await estimateRequest(shopper, query), 400, code);
  });

  it('answers 400 INVALID_ADDRESS for a withdrawal to the wallet’s own address', async () => {
    const shopper = await registerShopper(h);
    expectError(await estimateRequest(shopper, `to=${shopper.address}&amount=1`), 400, 'INVALID_ADDRESS');
  });

  it('names the amount field of a bad amount', async () => {
    const shopper = await registerShopper(h);
    const body = expectError(await estimateRequest(shopper, 'amount=1.1234567'), 400, 'VALIDATION_ERROR');
    expect(body.details).toEqual([expect.objectContaining({ field: 'amount' })]);
  });

  it('answers 403 FORBIDDEN to an admin asking for a payment (admins pay no orders), and estimates their withdrawal', async () => {
    expectError(await estimateRequest(merchant.admin, 'amount=1'), 403, 'FORBIDDEN');
    const shopper = await registerShopper(h);
    const withdrawal = await estimate(merchant.admin, `to=${shopper.address}&amount=1`);
    expect(withdrawal).toMatchObject({ purpose: 'withdrawal', to: shopper.address, amount: 1 });
  });

  it('answers 401 UNAUTHENTICATED without a token', async () => {
    expectError(await estimateRequest(null, 'amount=1'), 401, 'UNAUTHENTICATED');
  });

  it('answers 403 INSUFFICIENT_SCOPE to an API key, as every wallet route does', async () => {
    const created = await h.app.inject({
      method: 'POST',
      url: '/api/admin/api-keys',
      headers: merchant.admin.jar.header(),
      payload: { name: 'fee estimate', scopes: ['orders:read'] },
    });
    expect(created.statusCode, created.body).toBe(201);

    const refused = await h.app.inject({
      url: '/api/wallets/fee-estimate?amount=1',
      headers: { 'x-api-key': json(created).key as string },
    });

    expect(json(refused)).toMatchObject({ code: 'INSUFFICIENT_SCOPE', requiredScope: null });
    expect(refused.statusCode).toBe(403);
  });
});
