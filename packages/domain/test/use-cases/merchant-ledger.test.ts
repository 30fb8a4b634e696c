import {
  createOrder,
  merchantLedger,
  merchantLedgerRows,
  payOrder,
  runSettlement,
  scanDeposits,
} from '@trx-shop/domain';
import { describe, expect, it } from 'vitest';
import { createDomainWorld, TRX } from '../support/domain-world.js';

/*
 * The merchant's ledger over the twins (docs/api.md, "The merchant's ledger"): the running
 * balance counts every confirmed movement whatever the filter, the opening balance is what the
 * chain shows beyond the ledger, and nothing is invented while the node is down.
 */
const PAGE = { limit: 50, page: 1 };

const shopWithHistory = async () => {
  const world = createDomainWorld();
  const merchant = await world.merchant(0);
  await scanDeposits(world.deps, { startBlock: null, maxBlocks: 100 });
  const buyer = await world.walletUser(50);
  world.controls.fund(merchant.wallet.address ?? '', 7 * TRX);
  const product = await world.product({ stock: 5, priceSun: 3 * TRX });
  const created = await createOrder(world.deps, buyer.id, [{ productId: product.id, quantity: 1 }]);
  if (!created.ok) throw new Error(created.error.code);
  expect((await payOrder(world.deps, buyer.id, created.value.id)).ok).toBe(true);
  world.controls.confirm();
  await runSettlement(world.deps);
  await scanDeposits(world.deps, { startBlock: null, maxBlocks: 100 });
  return { world, merchant };
};

describe('merchantLedger', () => {
  it('lists the deposit and the payment in with balances that end at the chain balance', async () => {
    const { world, merchant } = await shopWithHistory();
    const ledger = await merchantLedger(world.deps, {}, PAGE);
    if (!ledger.ok) throw new Error(ledger.error.code);
    expect(ledger.value.address).toBe(merchant.wallet.address);
    expect(ledger.value.rows.items.map((row) => [row.line.type, row.direction, row.line.amountSun])).toEqual([
      ['purchase', 'in', 2_990_000],
      ['deposit', 'in', 7 * TRX],
    ]);
    expect(ledger.value.openingBalanceSun).toBe(0);
    expect(ledger.value.rows.items.map((row) => row.balanceAfterSun)).toEqual([7 * TRX + 2_990_000, 7 * TRX]);
    expect(ledger.value.rows.items[0]?.balanceAfterSun).toBe(await world.balanceOf(merchant.wallet.address));
    expect(ledger.value.totals).toEqual({ inSun: 7 * TRX + 2_990_000, outSun: 0, feesSun: 0 });
  });

  it('keeps the running balance of the whole wallet under a filter, with the totals of the filter', async () => {
    const { world } = await shopWithHistory();
    const payments = await merchantLedger(world.deps, { type: 'purchase' }, PAGE);
    if (!payments.ok) throw new Error(payments.error.code);
    expect(payments.value.rows.items.map((row) => row.balanceAfterSun)).toEqual([7 * TRX + 2_990_000]);
    expect(payments.value.totals).toEqual({ inSun: 2_990_000, outSun: 0, feesSun: 0 });
  });

  it('counts what the wallet held before the ledger began as the opening balance', async () => {
    const world = createDomainWorld();
    const merchant = await world.merchant(5);
    await scanDeposits(world.deps, { startBlock: null, maxBlocks: 100 });
    world.controls.fund(merchant.wallet.address ?? '', 2 * TRX);
    await scanDeposits(world.deps, { startBlock: null, maxBlocks: 100 });
    const ledger = await merchantLedger(world.deps, {}, PAGE);
    if (!ledger.ok) throw new Error(ledger.error.code);
    expect(ledger.value.openingBalanceSun).toBe(5 * TRX);
    expect(ledger.value.rows.items.map((row) => row.balanceAfterSun)).toEqual([7 * TRX]);
  });

  it('shows no balances while the node does not answer, and still lists the movements', async () => {
    const { world } = await shopWithHistory();
    world.controls.setReachable(false);
    const ledger = await merchantLedger(world.deps, {}, PAGE);
    if (!ledger.ok) throw new Error(ledger.error.code);
    expect(ledger.value.openingBalanceSun).toBeNull();
    expect(ledger.value.rows.items.map((row) => row.balanceAfterSun)).toEqual([null, null]);
  });

  it('exports oldest first, carrying the balance forward, and a filter keeps the balances', async () => {
    const { world } = await shopWithHistory();
    const collect = async (query: Parameters<typeof merchantLedgerRows>[1]) => {
      const exported = await merchantLedgerRows(world.deps, query);
      if (!exported.ok) throw new Error(exported.error.code);
      const rows = [];
      for await (const row of exported.value.rows) rows.push([row.line.type, row.balanceAfterSun]);
      return rows;
    };
    expect(await collect({})).toEqual([
      ['deposit', 7 * TRX],
      ['purchase', 7 * TRX + 2_990_000],
    ]);
    expect(await collect({ type: 'purchase' })).toEqual([['purchase', 7 * TRX + 2_990_000]]);
    const at = new Date('2026-01-01T00:00:00.000Z');
    expect(await merchantLedgerRows(world.deps, { from: at, to: at })).toMatchObject({
      ok: false,
      error: { code: 'VALIDATION_ERROR' },
    });
  });

  it('refuses a range whose start is not before its end, and answers MERCHANT_NOT_CONFIGURED without a merchant', async () => {
    const { world } = await shopWithHistory();
    const at = new Date('2026-01-01T00:00:00.000Z');
    expect(await merchantLedger(world.deps, { from: at, to: at }, PAGE)).toMatchObject({
      ok: false,
      error: { code: 'VALIDATION_ERROR' },
    });
    const empty = createDomainWorld();
    expect(await merchantLedger(empty.deps, {}, PAGE)).toMatchObject({
      ok: false,
      error: { code: 'MERCHANT_NOT_CONFIGURED' },
    });
  });
});
