import {
  checkMerchantBalance,
  type MerchantBalanceCheckDeps,
  relayOutbox,
  type User,
} from '@trx-shop/domain';
import { describe, expect, it } from 'vitest';
import { createDomainWorld, type DomainWorld, TRX } from '../support/domain-world.js';
import { errorOf, successOf } from '../support/results.js';

/*
 * The merchant wallet's low-balance check (docs/operations.md, "Email"): one event when the
 * solidified balance crosses MERCHANT_LOW_BALANCE_TRX on the way down, one on the way back up,
 * none while it stays on one side or while the node does not answer.
 */

const THRESHOLD = 100 * TRX;

const scene = async () => {
  const world = createDomainWorld();
  const merchant = await world.merchant(0);
  const deps: MerchantBalanceCheckDeps = { ...world.deps, store: world.store };
  const check = () => checkMerchantBalance(deps, THRESHOLD);
  /** The logged events, as the relay logs them, without the log's own fields. */
  const logged = async () => {
    await relayOutbox(world.deps);
    return (await world.store.eventLog.readAfter(0, 100)).map(({ type, payload, actor, subjects }) => ({
      type,
      payload,
      actor,
      subjects,
    }));
  };
  return { world, merchant, deps, check, logged };
};

/** Sends `amountSun` out of the merchant wallet and makes it solid, as a refund would. */
const spend = async (world: DomainWorld, merchant: User, amountSun: number) => {
  const address = merchant.wallet.address ?? '';
  const key = await world.deps.vault.open(merchant.wallet.encryptedPrivateKey ?? '', merchant.id);
  const elsewhere = (await world.chain.createWallet()).address;
  world.controls.fund(elsewhere, 1);
  const transfer = await world.chain.signTransfer(
    { fromAddress: address, toAddress: elsewhere, amountSun },
    key,
  );
  expect(await world.chain.broadcast(transfer.signedTransaction)).toEqual({ kind: 'accepted' });
  world.controls.confirm();
};

const crossing = (type: string, address: string, balance: string) => ({
  type,
  payload: { address, balance, threshold: '100' },
  actor: null,
  subjects: { userId: null, orderId: null, transactionId: null, productId: null, webhookId: null },
});

describe('checkMerchantBalance', () => {
  it('records the drop below the threshold once, as merchant.balance_low with the exact balance, the threshold and the address', async () => {
    const { world, merchant, check, logged } = await scene();
    const address = merchant.wallet.address ?? '';
    world.controls.fund(address, 12_345_678);

    expect(successOf(await check())).toEqual({
      address,
      balanceSun: 12_345_678,
      thresholdSun: THRESHOLD,
      low: true,
      crossed: true,
    });
    expect(await logged()).toEqual([crossing('merchant.balance_low', address, '12.345678')]);
    expect(await world.store.balanceAlerts.isLow(address)).toBe(true);
  });

  it('logs nothing more while the balance stays below, even when it moves', async () => {
    const { world, merchant, check, logged } = await scene();
    const address = merchant.wallet.address ?? '';
    world.controls.fund(address, 5 * TRX);
    expect(successOf(await check()).crossed).toBe(true);

    expect(successOf(await check())).toMatchObject({ low: true, crossed: false });
    world.controls.fund(address, 90 * TRX);
    expect(successOf(await check())).toMatchObject({ balanceSun: 95 * TRX, low: true, crossed: false });
    expect((await logged()).map((event) => event.type)).toEqual(['merchant.balance_low']);
  });

  it('records the way back at exactly the threshold, and a later drop alerts again', async () => {
    const { world, merchant, check, logged } = await scene();
    const address = merchant.wallet.address ?? '';
    world.controls.fund(address, 40 * TRX);
    expect(successOf(await check()).crossed).toBe(true);

    world.controls.fund(address, 60 * TRX);
    expect(successOf(await check())).toMatchObject({ balanceSun: THRESHOLD, low: false, crossed: true });
    expect(successOf(await check())).toMatchObject({ low: false, crossed: false });

    await spend(world, merchant, 1);
    const below = await world.balanceOf(address);
    expect(below).toBeLessThan(THRESHOLD);
    expect(successOf(await check())).toMatchObject({ balanceSun: below, low: true, crossed: true });
    expect(await logged()).toEqual([
      crossing('merchant.balance_low', address, '40'),
      crossing('merchant.balance_recovered', address, '100'),
      crossing('merchant.balance_low', address, '99.999999'),
    ]);
  });

  it('records nothing above the threshold when it was never below', async () => {
    const { world, merchant, check, logged } = await scene();
    world.controls.fund(merchant.wallet.address ?? '', 250 * TRX);
    expect(successOf(await check())).toMatchObject({ low: false, crossed: false });
    expect(await logged()).toEqual([]);
  });

  it('answers CHAIN_UNAVAILABLE and records nothing while the node does not answer; the next look records the drop', async () => {
    const { world, merchant, check, logged } = await scene();
    const address = merchant.wallet.address ?? '';
    world.controls.fund(address, 1 * TRX);
    world.controls.setReachable(false);

    expect(errorOf(await check()).code).toBe('CHAIN_UNAVAILABLE');
    expect(await world.store.balanceAlerts.isLow(address)).toBe(false);
    expect(await logged()).toEqual([]);

    world.controls.setReachable(true);
    expect(successOf(await check())).toMatchObject({ low: true, crossed: true });
    expect(await logged()).toEqual([crossing('merchant.balance_low', address, '1')]);
  });

  it('logs one event when two looks at the same drop run at once', async () => {
    const { world, merchant, check, logged } = await scene();
    world.controls.fund(merchant.wallet.address ?? '', 3 * TRX);

    const [a, b] = await Promise.all([check(), check()]);
    expect([successOf(a).crossed, successOf(b).crossed].sort()).toEqual([false, true]);
    expect((await logged()).map((event) => event.type)).toEqual(['merchant.balance_low']);
  });

  it('watches MERCHANT_WALLET_ADDRESS while no admin holds a wallet, and answers MERCHANT_NOT_CONFIGURED without either', async () => {
    const world = createDomainWorld();
    const configured = (await world.chain.createWallet()).address;
    world.controls.fund(configured, 7 * TRX);
    const unconfigured = { ...world.deps, store: world.store };
    expect(errorOf(await checkMerchantBalance(unconfigured, THRESHOLD)).code).toBe('MERCHANT_NOT_CONFIGURED');

    const withAddress = { ...unconfigured, configuredMerchantAddress: configured };
    expect(successOf(await checkMerchantBalance(withAddress, THRESHOLD))).toMatchObject({
      address: configured,
      balanceSun: 7 * TRX,
      crossed: true,
    });
    expect(await world.store.balanceAlerts.isLow(configured)).toBe(true);
  });
});
