import { type ChainPort, domainError, type UsdtChain, walletBalances } from '@trx-shop/domain';
import { describe, expect, it } from 'vitest';
import { createDomainWorld, type DomainWorld, TRX } from '../support/domain-world.js';

const usdtOf = (world: DomainWorld): UsdtChain => {
  if (world.chain.usdt === null) throw new Error('the domain world runs with USDT on');
  return world.chain.usdt;
};

const withChain = (world: DomainWorld, chain: ChainPort) => ({ ...world.deps, chain });

describe('walletBalances', () => {
  it('lists the TRX and the USDT the wallet holds, and what a USDT payment to the merchant burns', async () => {
    const world = createDomainWorld();
    const merchant = await world.merchant(100);
    const buyer = await world.walletUser(7);
    world.controls.mintUsdt(buyer.wallet.address ?? '', 12_345_678);

    const result = await walletBalances(world.deps, buyer);

    const estimate = await usdtOf(world).estimateTransferFee({
      fromAddress: buyer.wallet.address ?? '',
      toAddress: merchant.wallet.address ?? '',
      amount: 5_000_000,
    });
    expect(result).toEqual({
      ok: true,
      value: {
        address: buyer.wallet.address,
        balances: [
          { currency: 'TRX', balance: 7 * TRX, pendingOutgoing: 0 },
          { currency: 'USDT', balance: 12_345_678, pendingOutgoing: 0 },
        ],
        usdtTransferFeeSun: estimate.feeSun,
      },
    });
    expect(estimate.feeSun).toBeGreaterThan(0);
  });

  it('prices the fee for a merchant wallet that already holds USDT lower than for one that holds none', async () => {
    const world = createDomainWorld();
    const merchant = await world.merchant(100);
    const buyer = await world.walletUser(7);
    const before = await walletBalances(world.deps, buyer);
    world.controls.mintUsdt(merchant.wallet.address ?? '', 1);

    const after = await walletBalances(world.deps, buyer);

    const feeOf = (result: typeof after) => (result.ok ? result.value.usdtTransferFeeSun : null);
    expect(feeOf(after)).toBeLessThan(feeOf(before) ?? 0);
  });

  it('lists TRX only, and no USDT fee, when the chain serves no USDT', async () => {
    const world = createDomainWorld();
    await world.merchant(100);
    const buyer = await world.walletUser(3);

    const result = await walletBalances(withChain(world, { ...world.chain, usdt: null }), buyer);

    expect(result).toEqual({
      ok: true,
      value: {
        address: buyer.wallet.address,
        balances: [{ currency: 'TRX', balance: 3 * TRX, pendingOutgoing: 0 }],
        usdtTransferFeeSun: null,
      },
    });
  });

  it('answers no USDT fee while there is no merchant wallet to pay', async () => {
    const world = createDomainWorld();
    const buyer = await world.walletUser(3);

    const result = await walletBalances(world.deps, buyer);

    expect(result.ok && result.value.usdtTransferFeeSun).toBeNull();
    expect(result.ok && result.value.balances.map((entry) => entry.currency)).toEqual(['TRX', 'USDT']);
  });

  it("answers no USDT fee for the merchant's own wallet (it pays no orders to itself)", async () => {
    const world = createDomainWorld();
    const merchant = await world.merchant(100);

    const result = await walletBalances(world.deps, merchant);

    expect(result.ok && result.value.usdtTransferFeeSun).toBeNull();
  });

  it('returns NO_WALLET for a user without a custodial wallet', async () => {
    const world = createDomainWorld();
    const buyer = await world.walletUser(0);

    const result = await walletBalances(world.deps, {
      ...buyer,
      wallet: { address: null, encryptedPrivateKey: null, externalAddress: null },
    });

    expect(result).toMatchObject({ ok: false, error: { code: 'NO_WALLET' } });
  });

  it('throws CHAIN_UNAVAILABLE when the node cannot be reached for the USDT read alone', async () => {
    const world = createDomainWorld();
    await world.merchant(100);
    const buyer = await world.walletUser(3);
    const unreachableUsdt: UsdtChain = {
      ...usdtOf(world),
      getConfirmedBalance: async () => {
        throw domainError('CHAIN_UNAVAILABLE', 'TRON node could not read a USDT balance: unreachable');
      },
    };

    const read = walletBalances(withChain(world, { ...world.chain, usdt: unreachableUsdt }), buyer);

    await expect(read).rejects.toMatchObject({ code: 'CHAIN_UNAVAILABLE' });
  });
});
