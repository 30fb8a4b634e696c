import { type DevnetControl, devnetControl } from '@trx-shop/test-kit';
import type { RunningDevnet } from '@trx-shop/tron-devnet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, json, type LoggedIn, login } from '../support/http.js';
import { createTestApp, startTestDevnet, type TestApp } from '../support/test-app.js';
import { TOTP_STEP_MS, totpCodeAt } from '../support/totp.js';
import {
  BLOCKS_TO_SOLIDIFY,
  createMerchantAdmin,
  fundedShopperWithProduct,
  type Merchant,
  payRequest,
  placeOrder,
  registerShopper,
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
  await devnet.fund(merchant.address, 10_000_000);
  await devnet.fundSolid(recipient, 1_000_000);
});
afterAll(async () => {
  await h.close();
  await devnetNode.stop();
});

const balanceOf = (user: LoggedIn) =>
  h.app.inject({ url: '/api/wallets/balance', headers: user.jar.header() });

const send = (user: LoggedIn, payload: Record<string, unknown>, idempotencyKey?: string) =>
  h.app.inject({
    method: 'POST',
    url: '/api/wallets/send',
    headers: { ...user.jar.header(), ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}) },
    payload,
  });

const fundedShopper = async (sun: number): Promise<Shopper> => {
  const shopper = await registerShopper(h);
  await devnet.fundSolid(shopper.address, sun);
  return shopper;
};

const storedTransactionsOf = async (user: LoggedIn) =>
  json(await h.app.inject({ url: '/api/transactions', headers: user.jar.header() }))
    .transactions as unknown[];

describe('GET /api/wallets/balance (USDT_CONTRACT=off)', () => {
  it('answers the confirmed TRX balance alone once the funding is solid, and 0 before', async () => {
    const shopper = await registerShopper(h);
    await devnet.fund(shopper.address, 3_000_000);
    expect(json(await balanceOf(shopper))).toEqual({
      success: true,
      address: shopper.address,
      balance: 0,
      pendingOutgoing: 0,
      balances: [{ currency: 'TRX', balance: 0, pendingOutgoing: 0 }],
      usdtTransferFee: null,
    });

    await devnet.produceBlocks(BLOCKS_TO_SOLIDIFY);

    expect(json(await balanceOf(shopper))).toEqual({
      success: true,
      address: shopper.address,
      balance: 3,
      pendingOutgoing: 0,
      balances: [{ currency: 'TRX', balance: 3, pendingOutgoing: 0 }],
      usdtTransferFee: null,
    });
  });

  it('shows a sent payment as pendingOutgoing until it is settled', async () => {
    const { shopper, productId } = await fundedShopperWithProduct(h, devnet, merchant, {
      price: 1.25,
      fundSun: 5_000_000,
    });
    const order = await placeOrder(h, shopper, [{ productId, quantity: 1 }]);
    expect((await payRequest(h, shopper, order._id)).statusCode).toBe(200);

    expect(json(await balanceOf(shopper))).toMatchObject({
      balance: 5,
      pendingOutgoing: 1.24,
      balances: [{ currency: 'TRX', balance: 5, pendingOutgoing: 1.24 }],
    });
  });

  it('answers 401 UNAUTHENTICATED without a token', async () => {
    expectError(await h.app.inject({ url: '/api/wallets/balance' }), 401, 'UNAUTHENTICATED');
  });
});

describe('POST /api/wallets/send', () => {
  it('sends exactly the amount, answers the pending transfer and records a withdrawal', async () => {
    const shopper = await fundedShopper(5_000_000);

    const response = await send(shopper, { toAddress: recipient, amount: 1.234567 });

    expect(response.statusCode, response.body).toBe(200);
    const body = json(response);
    const hash = (body.transaction as { hash: string }).hash;
    expect(body).toMatchObject({
      success: true,
      message: expect.any(String),
      transaction: { from: shopper.address, to: recipient, amount: 1.234567, status: 'pending' },
    });
    expect(
      (await devnet.transfersBetween(shopper.address, recipient)).map((t) => [t.txId, t.amountSun]),
    ).toEqual([[hash, 1_234_567]]);
    expect(await h.store.transactions.findByHash(hash)).toMatchObject({
      userId: shopper.userId,
      orderId: null,
      type: 'withdrawal',
      amountSun: 1_234_567,
      status: 'pending',
    });
  });

  it('sends once for a retried Idempotency-Key and answers the same both times', async () => {
    const shopper = await fundedShopper(5_000_000);

    const first = await send(shopper, { toAddress: recipient, amount: '0.5' }, 'withdraw-42');
    const retry = await send(shopper, { toAddress: recipient, amount: '0.5' }, 'withdraw-42');

    expect(first.statusCode, first.body).toBe(200);
    expect({ status: retry.statusCode, body: json(retry) }).toEqual({ status: 200, body: json(first) });
    expect(await devnet.transfersBetween(shopper.address, recipient)).toHaveLength(1);
  });

  it('sends again for a reused Idempotency-Key once its 24 hours have passed', async () => {
    const shopper = await fundedShopper(5_000_000);
    const first = await send(shopper, { toAddress: recipient, amount: 0.7 }, 'daily');
    h.clock.advance(24 * 60 * 60 * 1000 + 1);
    // A new head block, so the retry is not byte-identical to the first transfer (see the next test).
    await devnet.produceBlocks(1);
    const nextDay = await login(h.app, shopper);

    const later = await send(nextDay, { toAddress: recipient, amount: 0.7 }, 'daily');

    expect([first.statusCode, later.statusCode]).toEqual([200, 200]);
    expect(await devnet.transfersBetween(shopper.address, recipient)).toHaveLength(2);
  });

  it('sends once when requests with the same Idempotency-Key arrive together', async () => {
    const shopper = await fundedShopper(5_000_000);

    const responses = await Promise.all(
      Array.from({ length: 5 }, () => send(shopper, { toAddress: recipient, amount: 0.5 }, 'same-key')),
    );

    const hashes = new Set(
      responses
        .filter((r) => r.statusCode === 200)
        .map((r) => (json(r).transaction as { hash: string }).hash),
    );
    expect(hashes.size).toBe(1);
    for (const response of responses.filter((r) => r.statusCode !== 200)) {
      expect(json(response).code).toBe('PAYMENT_IN_PROGRESS');
    }
    expect(await devnet.transfersBetween(shopper.address, recipient)).toHaveLength(1);
  });

  it('sends twice for two different Idempotency-Keys', async () => {
    const shopper = await fundedShopper(5_000_000);

    // Same amount, same recipient, same head block: only the key tells the two withdrawals apart.
    const first = await send(shopper, { toAddress: recipient, amount: 0.5 }, 'key-a');
    const second = await send(shopper, { toAddress: recipient, amount: 0.5 }, 'key-b');

    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    const hashes = [first, second].map((r) => (json(r).transaction as { hash: string }).hash);
    expect(new Set(hashes).size, 'two withdrawals must be two distinct chain transactions').toBe(2);
    expect(await devnet.transfersBetween(shopper.address, recipient)).toHaveLength(2);
  });

  it('answers 400 INSUFFICIENT_BALANCE net of pending outgoing amounts, with requiredAmount and estimatedFee', async () => {
    const shopper = await fundedShopper(2_000_000);
    expect((await send(shopper, { toAddress: recipient, amount: 1.5 })).statusCode).toBe(200);

    const body = expectError(
      await send(shopper, { toAddress: recipient, amount: 1 }),
      400,
      'INSUFFICIENT_BALANCE',
    );

    expect(body).toMatchObject({ userBalance: 0.5 });
    expect(body.requiredAmount).toBe(1 + Number(body.estimatedFee));
    expect(await devnet.transfersBetween(shopper.address, recipient)).toHaveLength(1);
  });

  it('includes the 1.1 TRX account-creation fee when the recipient account does not exist', async () => {
    const shopper = await fundedShopper(1_500_000);
    const fresh = (await h.chain.createWallet()).address;

    const body = expectError(
      await send(shopper, { toAddress: fresh, amount: 1 }),
      400,
      'INSUFFICIENT_BALANCE',
    );

    expect(body).toMatchObject({ userBalance: 1.5, estimatedFee: 1.1, requiredAmount: 2.1 });
  });

  it.each([
    ['a malformed address', { toAddress: 'TNotAnAddress', amount: 1 }, 'INVALID_ADDRESS'],
    [
      'an address with a bad checksum',
      { toAddress: 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwa', amount: 1 },
      'INVALID_ADDRESS',
    ],
    ['an amount with 7 decimals', { amount: 0.0000001 }, 'VALIDATION_ERROR'],
    ['an amount of 0', { amount: 0 }, 'VALIDATION_ERROR'],
    ['a negative amount', { amount: -1 }, 'VALIDATION_ERROR'],
    ['an amount over 1,000,000,000 TRX', { amount: '1000000000.000001' }, 'VALIDATION_ERROR'],
    ['an amount in exponent notation', { amount: '1e2' }, 'VALIDATION_ERROR'],
    ['a boolean amount', { amount: true }, 'VALIDATION_ERROR'],
    ['an unknown field', { amount: 1, memo: 'hi' }, 'VALIDATION_ERROR'],
  ])('answers 400 for %s and sends nothing', async (_case, payload, code) => {
    const shopper = await fundedShopper(5_000_000);

    expectError(await send(shopper, { toAddress: recipient, ...payload }), 400, code);

    expect(await storedTransactionsOf(shopper)).toEqual([]);
    expect(await devnet.transactionsOf(shopper.address)).toHaveLength(1); // the funding only
  });

  it('answers 400 INVALID_ADDRESS for a withdrawal to the wallet’s own address', async () => {
    const shopper = await fundedShopper(5_000_000);
    expectError(await send(shopper, { toAddress: shopper.address, amount: 1 }), 400, 'INVALID_ADDRESS');
    expect(await storedTransactionsOf(shopper)).toEqual([]);
  });

  it('answers 502 PAYMENT_FAILED when the node rejects it: transaction failed, transaction:failed with orderId null', async () => {
    const shopper = await fundedShopper(5_000_000);
    await devnet.injectFaults('reject', 1);

    const body = expectError(await send(shopper, { toAddress: recipient, amount: 1 }), 502, 'PAYMENT_FAILED');

    expect(body.reason).toBe('BROADCAST_REJECTED');
    expect(await storedTransactionsOf(shopper)).toEqual([
      expect.objectContaining({ type: 'withdrawal', status: 'failed' }),
    ]);
    expect((await h.frames()).filter((e) => e.userId === shopper.userId)).toEqual([
      {
        userId: shopper.userId,
        event: { event: 'transaction:failed', data: expect.objectContaining({ orderId: null }) },
      },
    ]);
    expect(await devnet.transfersBetween(shopper.address, recipient)).toEqual([]);
  });
});

describe('POST /api/wallets/send with two-factor authentication on', () => {
  const withTwoFactor = async (): Promise<{ user: Shopper; secret: string }> => {
    const user = await fundedShopper(5_000_000);
    const enable = await h.app.inject({
      method: 'POST',
      url: '/api/security/2fa/enable',
      headers: user.jar.header(),
      payload: { password: user.password },
    });
    const secret = (json(enable) as { secret: string }).secret;
    const verify = await h.app.inject({
      method: 'POST',
      url: '/api/security/2fa/verify',
      headers: user.jar.header(),
      payload: { code: totpCodeAt(secret, h.clock) },
    });
    expect(verify.statusCode, verify.body).toBe(200);
    h.clock.advance(TOTP_STEP_MS);
    return { user, secret };
  };

  it('answers 400 INVALID_TWO_FACTOR_CODE without a code or with a wrong one, and sends nothing', async () => {
    const { user, secret } = await withTwoFactor();
    const right = totpCodeAt(secret, h.clock);
    const wrong = right === '000000' ? '111111' : '000000';

    expectError(await send(user, { toAddress: recipient, amount: 1 }), 400, 'INVALID_TWO_FACTOR_CODE');
    expectError(
      await send(user, { toAddress: recipient, amount: 1, code: wrong }),
      400,
      'INVALID_TWO_FACTOR_CODE',
    );

    expect(await devnet.transfersBetween(user.address, recipient)).toEqual([]);
  });

  it('sends with the current code, and refuses the same code a second time', async () => {
    const { user, secret } = await withTwoFactor();
    const code = totpCodeAt(secret, h.clock);

    expect((await send(user, { toAddress: recipient, amount: 1, code })).statusCode).toBe(200);
    expectError(await send(user, { toAddress: recipient, amount: 1, code }), 400, 'INVALID_TWO_FACTOR_CODE');

    expect(await devnet.transfersBetween(user.address, recipient)).toHaveLength(1);
  });
});
