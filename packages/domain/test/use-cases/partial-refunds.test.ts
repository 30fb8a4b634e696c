import { overrideOrderStatus, recoverUnrecordedClaims, refundOrder } from '@trx-shop/domain';
import { describe, expect, it } from 'vitest';
import { Crash, withStore } from '../support/domain-world.js';
import { shop } from '../support/shop-world.js';

const codeOf = (result: { ok: boolean; error?: { code: string } }) => (result.ok ? 'ok' : result.error?.code);

// The shop's order of 2 x 3 TRX less the 0.01 TRX network fee.
const PAID_SUN = 5_990_000;

describe('partial refunds', () => {
  it('sends several refunds at once, each taken from what is left; the last one makes the order refunded', async () => {
    const { world, merchant, buyer, product, settle, paidOrder } = await shop();
    const placed = await paidOrder(2);
    const buyerBefore = await world.balanceOf(buyer.wallet.address);

    const first = await refundOrder(world.deps, placed.id, { amountSun: 1_000_000, reason: 'a dented box' });
    const second = await refundOrder(world.deps, placed.id, { amountSun: 2_000_000 });
    expect(first).toMatchObject({
      ok: true,
      value: { transaction: { type: 'refund', amountSun: 1_000_000 } },
    });
    expect(second).toMatchObject({
      ok: true,
      value: { transaction: { type: 'refund', amountSun: 2_000_000 } },
    });
    expect(await refundOrder(world.deps, placed.id, { amountSun: PAID_SUN - 3_000_000 + 1 })).toMatchObject({
      ok: false,
      error: { code: 'REFUND_EXCEEDS_PAID', data: { refundable: 2.99 } },
    });
    // Both are held on the merchant's wallet at once (no fee: the buyer's account exists).
    expect(await world.store.walletReservations.reservedSun(merchant.wallet.address ?? '')).toBe(3_000_000);

    await settle();
    const partly = await world.store.orders.findById(placed.id);
    expect(partly).toMatchObject({
      status: 'completed',
      refundedSun: 3_000_000,
      refundClaimedSun: 3_000_000,
    });
    expect(partly?.refunds.map((refund) => [refund.amountSun, refund.reason, refund.state])).toEqual([
      [1_000_000, 'a dented box', 'confirmed'],
      [2_000_000, null, 'confirmed'],
    ]);
    expect(await world.store.products.findById(product.id)).toMatchObject({ stock: 3 });

    // No amount: the rest.
    const rest = await refundOrder(world.deps, placed.id);
    expect(rest).toMatchObject({ ok: true, value: { transaction: { amountSun: PAID_SUN - 3_000_000 } } });
    await settle();
    expect(await world.store.orders.findById(placed.id)).toMatchObject({
      status: 'refunded',
      refundedSun: PAID_SUN,
    });
    expect(await world.store.products.findById(product.id)).toMatchObject({ stock: 5 });
    expect(await world.balanceOf(buyer.wallet.address)).toBe(buyerBefore + PAID_SUN);
    expect(
      (await world.frames()).map(({ event }) => [
        event.event,
        'message' in event.data ? event.data.message : null,
      ]),
    ).toEqual([
      ['transaction:confirmed', 'Payment confirmed; your order is completed'],
      ['transaction:confirmed', 'Partial refund confirmed'],
      ['transaction:confirmed', 'Partial refund confirmed'],
      ['order:refunded', 'Refund confirmed; your order is refunded'],
    ]);
    expect(await world.store.walletReservations.reservedSun(merchant.wallet.address ?? '')).toBe(0);
    expect(codeOf(await refundOrder(world.deps, placed.id, { amountSun: 1 }))).toBe('ORDER_ALREADY_REFUNDED');
  });

  it('gives a refund the chain rejects back to what may be refunded', async () => {
    const { world, paidOrder } = await shop();
    const placed = await paidOrder(2);
    world.controls.inject('reject');
    expect(codeOf(await refundOrder(world.deps, placed.id, { amountSun: 5_000_000 }))).toBe('PAYMENT_FAILED');
    expect(await world.store.orders.findById(placed.id)).toMatchObject({
      refundClaimedSun: 0,
      refundedSun: 0,
    });
    expect(codeOf(await refundOrder(world.deps, placed.id, { amountSun: PAID_SUN }))).toBe('ok');
  });

  it('answers REFUND_IN_PROGRESS for a full refund while pending refunds hold the rest', async () => {
    const { world, paidOrder } = await shop();
    const placed = await paidOrder();
    expect(codeOf(await refundOrder(world.deps, placed.id, { amountSun: 2_990_000 }))).toBe('ok');
    expect(codeOf(await refundOrder(world.deps, placed.id))).toBe('REFUND_IN_PROGRESS');
    expect(await refundOrder(world.deps, placed.id, { amountSun: 1 })).toMatchObject({
      error: { code: 'REFUND_EXCEEDS_PAID', data: { refundable: 0 } },
    });
  });

  it('refuses the override to refunded while any refund is in flight', async () => {
    const { world, settle, paidOrder } = await shop();
    const placed = await paidOrder(2);
    expect(codeOf(await refundOrder(world.deps, placed.id, { amountSun: 1_000_000 }))).toBe('ok');
    await settle();
    expect(codeOf(await refundOrder(world.deps, placed.id, { amountSun: 1_000_000 }))).toBe('ok');
    const override = () =>
      overrideOrderStatus({ ...world.deps, orders: world.store.orders }, placed.id, { status: 'refunded' });
    expect(codeOf(await override())).toBe('REFUND_IN_PROGRESS');
    await settle();
    expect(codeOf(await override())).toBe('ok');
  });

  it('records a refund claimed before a crash under the refund’s id, and frees its hold once it settles', async () => {
    const { world, merchant, settle, paidOrder } = await shop();
    const placed = await paidOrder(2);
    const crashing = withStore(world, {
      transactions: {
        ...world.store.transactions,
        insert: () => Promise.reject(new Crash('record')),
      },
    });
    await expect(refundOrder(crashing, placed.id, { amountSun: 1_500_000 })).rejects.toThrow(Crash);
    const claimed = (await world.store.orders.findById(placed.id))?.refunds[0];
    expect(claimed).toMatchObject({ amountSun: 1_500_000, recorded: false, state: 'pending' });

    expect(await recoverUnrecordedClaims(world.deps)).toBe(1);
    expect(await world.store.transactions.findById(claimed?.id ?? '')).toMatchObject({
      type: 'refund',
      transactionHash: claimed?.txId,
      amountSun: 1_500_000,
    });
    expect(await world.store.walletReservations.reservedSun(merchant.wallet.address ?? '')).toBe(1_500_000);
    // The first run re-broadcasts the stored copy (the crash came before the broadcast); the next confirms it.
    await settle();
    await settle();
    expect(await world.store.orders.findById(placed.id)).toMatchObject({
      refundedSun: 1_500_000,
      status: 'completed',
    });
    expect(await world.store.walletReservations.reservedSun(merchant.wallet.address ?? '')).toBe(0);
  });
});
