import {
  applyTransferEffect,
  createOrder,
  payOrder,
  refundOrder,
  runSettlement,
  type TransactionRecord,
  withdraw,
} from '@trx-shop/domain';
import { describe, expect, it } from 'vitest';
import { createDomainWorld, type DomainWorld, TRX } from '../support/domain-world.js';

/*
 * The TRX a sent transfer burned is a ledger line of its own (docs/api.md, "Fees"): type `fee`,
 * the transfer's txID, owned by the wallet that paid it, recorded once when the transfer confirms.
 * The in-memory chain burns java-tron's 1.1 TRX when a transfer creates the receiving account, and
 * nothing otherwise.
 */
const NEW_ACCOUNT_FEE_SUN = 1_100_000;
const noTotp = { newSecret: () => '', keyUri: () => '', matchingStep: () => null };

const linesOf = async (world: DomainWorld, userId: string) =>
  (await world.store.transactions.listByUser(userId, {}, { limit: 100, page: 1 })).items;
const feesOf = async (world: DomainWorld, userId: string) =>
  (await linesOf(world, userId)).filter((line) => line.type === 'fee');

const settle = async (world: DomainWorld) => {
  world.controls.confirm();
  await runSettlement(world.deps);
};

describe('fee lines', () => {
  it("records the fee of a withdrawal to a new account as the sender's fee line, linked by txID, once", async () => {
    const world = createDomainWorld();
    const user = await world.walletUser(50);
    const fresh = (await world.chain.createWallet()).address;
    const sent = await withdraw({ ...world.deps, totp: noTotp }, user, {
      toAddress: fresh,
      amount: 5,
      twoFactorCode: null,
      idempotencyKey: null,
    });
    if (!sent.ok) throw new Error(sent.error.code);
    await settle(world);
    await runSettlement(world.deps);

    const withdrawal = (await linesOf(world, user.id)).find((line) => line.type === 'withdrawal');
    expect(withdrawal).toMatchObject({ status: 'confirmed', feeSun: NEW_ACCOUNT_FEE_SUN });
    expect(await feesOf(world, user.id)).toEqual([
      expect.objectContaining({
        userId: user.id,
        orderId: null,
        type: 'fee',
        status: 'confirmed',
        amountSun: NEW_ACCOUNT_FEE_SUN,
        transactionHash: withdrawal?.transactionHash,
        fromAddress: user.wallet.address,
        toAddress: '',
        blockNumber: withdrawal?.blockNumber,
      }),
    ]);
    // The wallet's ledger explains its balance: 50 in, 5 out, 1.1 burned.
    expect(await world.balanceOf(user.wallet.address)).toBe(50 * TRX - 5 * TRX - NEW_ACCOUNT_FEE_SUN);
  });

  it('records no fee line for a transfer that burned nothing', async () => {
    const world = createDomainWorld();
    const user = await world.walletUser(50);
    const existing = await world.walletUser(1);
    const sent = await withdraw({ ...world.deps, totp: noTotp }, user, {
      toAddress: existing.wallet.address ?? '',
      amount: 5,
      twoFactorCode: null,
      idempotencyKey: null,
    });
    if (!sent.ok) throw new Error(sent.error.code);
    await settle(world);
    expect((await linesOf(world, user.id)).find((line) => line.type === 'withdrawal')).toMatchObject({
      status: 'confirmed',
      feeSun: 0,
    });
    expect(await feesOf(world, user.id)).toEqual([]);
  });

  it('a payment and a refund between existing accounts burn nothing on the fake chain: no fee lines', async () => {
    const world = createDomainWorld();
    const merchant = await world.merchant(100);
    const buyer = await world.walletUser(100);
    const product = await world.product({ stock: 5, priceSun: 3 * TRX });
    const created = await createOrder(world.deps, buyer.id, [{ productId: product.id, quantity: 1 }]);
    if (!created.ok) throw new Error(created.error.code);
    expect((await payOrder(world.deps, buyer.id, created.value.id)).ok).toBe(true);
    await settle(world);
    expect((await refundOrder(world.deps, created.value.id)).ok).toBe(true);
    await settle(world);
    // The fake chain burns nothing between existing accounts: no fee line for either side.
    expect(await feesOf(world, merchant.id)).toEqual([]);
    expect(await feesOf(world, buyer.id)).toEqual([]);
  });

  it('a settled effect applied again (a crash before it was marked, a second listener) adds no second fee line', async () => {
    const world = createDomainWorld();
    const user = await world.walletUser(50);
    const sent = await withdraw({ ...world.deps, totp: noTotp }, user, {
      toAddress: (await world.chain.createWallet()).address,
      amount: 2,
      twoFactorCode: null,
      idempotencyKey: null,
    });
    if (!sent.ok) throw new Error(sent.error.code);
    await settle(world);
    const confirmed = (await world.store.transactions.findById(sent.value.id)) as TransactionRecord;
    await applyTransferEffect(world.deps, confirmed);
    await applyTransferEffect(world.deps, { ...confirmed, effectApplied: false });
    expect((await feesOf(world, user.id)).map((line) => line.amountSun)).toEqual([NEW_ACCOUNT_FEE_SUN]);
  });
});
