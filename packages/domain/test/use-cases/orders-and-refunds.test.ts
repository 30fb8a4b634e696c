import { cancelOrder, createOrder, payOrder, refundOrder, runSettlement } from '@trx-shop/domain';
import { describe, expect, it } from 'vitest';
import { createDomainWorld, TRX } from '../support/domain-world.js';
import { shop } from '../support/shop-world.js';

const codeOf = (result: { ok: boolean; error?: { code: string } }) => (result.ok ? 'ok' : result.error?.code);

describe('createOrder', () => {
  it('prices in SUN, takes the product’s price, and enforces one pending order per user', async () => {
    const { world, buyer, product, order } = await shop();
    const first = await order(2);
    expect(first).toMatchObject({
      subtotalSun: 6 * TRX,
      networkFeeSun: -10_000,
      totalSun: 5_990_000,
      number: 1,
    });
    const second = await createOrder(world.deps, buyer.id, [{ productId: product.id, quantity: 1 }]);
    expect(second).toMatchObject({
      ok: false,
      error: { code: 'PENDING_ORDER_EXISTS', data: { pendingOrderId: first.id } },
    });
  });

  it('answers PRODUCT_NOT_FOUND for missing or archived products and INSUFFICIENT_STOCK beyond availability', async () => {
    const { world, buyer, product } = await shop();
    const archived = await world.product({ isActive: false });
    expect(codeOf(await createOrder(world.deps, buyer.id, [{ productId: archived.id, quantity: 1 }]))).toBe(
      'PRODUCT_NOT_FOUND',
    );
    expect(
      codeOf(
        await createOrder(world.deps, buyer.id, [{ productId: 'ffffffffffffffffffffffff', quantity: 1 }]),
      ),
    ).toBe('PRODUCT_NOT_FOUND');
    // Two lines of one product draw on the same stock.
    expect(
      codeOf(
        await createOrder(world.deps, buyer.id, [
          { productId: product.id, quantity: 3 },
          { productId: product.id, quantity: 3 },
        ]),
      ),
    ).toBe('INSUFFICIENT_STOCK');
  });

  it('answers NO_WALLET for a user without a wallet address', async () => {
    const { world, product } = await shop();
    const walletless = await world.walletUser(0);
    const deps = {
      ...world.deps,
      store: {
        ...world.store,
        users: {
          ...world.store.users,
          findById: async () => ({ ...walletless, wallet: { ...walletless.wallet, address: null } }),
        },
      },
    };
    expect(codeOf(await createOrder(deps, walletless.id, [{ productId: product.id, quantity: 1 }]))).toBe(
      'NO_WALLET',
    );
  });
});

describe('cancelOrder', () => {
  it('cancels a pending order without a live payment, frees the pending slot, and refuses otherwise', async () => {
    const { world, buyer, order } = await shop();
    const stranger = await world.walletUser(0);
    const placed = await order();
    expect(codeOf(await cancelOrder(world.deps, stranger.id, placed.id))).toBe('ORDER_NOT_FOUND');
    expect(codeOf(await cancelOrder(world.deps, buyer.id, placed.id))).toBe('ok');
    expect(codeOf(await cancelOrder(world.deps, buyer.id, placed.id))).toBe('ORDER_NOT_PENDING');
    const next = await order();
    expect((await payOrder(world.deps, buyer.id, next.id)).ok).toBe(true);
    expect(codeOf(await cancelOrder(world.deps, buyer.id, next.id))).toBe('PAYMENT_IN_PROGRESS');
  });
});

describe('refundOrder', () => {
  it('refunds what the confirmed payment brought, once; the order becomes refunded and stock returns', async () => {
    const { world, merchant, buyer, product, settle, paidOrder } = await shop();
    const placed = await paidOrder(2);
    expect(await world.store.products.findById(product.id)).toMatchObject({ stock: 3 });
    const buyerBefore = await world.balanceOf(buyer.wallet.address);

    const refunded = await refundOrder(world.deps, placed.id);
    expect(refunded).toMatchObject({
      ok: true,
      value: { transaction: { type: 'refund', amountSun: 5_990_000 } },
    });
    expect(codeOf(await refundOrder(world.deps, placed.id))).toBe('REFUND_IN_PROGRESS');
    await settle();

    expect(await world.balanceOf(buyer.wallet.address)).toBe(buyerBefore + 5_990_000);
    expect(await world.store.orders.findById(placed.id)).toMatchObject({ status: 'refunded' });
    expect(await world.store.products.findById(product.id)).toMatchObject({ stock: 5 });
    expect(codeOf(await refundOrder(world.deps, placed.id))).toBe('ORDER_ALREADY_REFUNDED');
    expect((await world.frames()).map(({ event }) => event.event)).toEqual([
      'transaction:confirmed',
      'order:refunded',
    ]);
    expect(await world.store.walletReservations.reservedSun(merchant.wallet.address ?? '')).toBe(0);
  });

  it('answers the preconditions in order: not found, already refunded, not completed, nothing paid', async () => {
    const { world, order, override } = await shop();
    expect(codeOf(await refundOrder(world.deps, 'ffffffffffffffffffffffff'))).toBe('ORDER_NOT_FOUND');
    const placed = await order();
    expect(codeOf(await refundOrder(world.deps, placed.id))).toBe('ORDER_NOT_COMPLETED');
    expect((await override(placed.id, 'completed')).ok).toBe(true);
    expect(await refundOrder(world.deps, placed.id)).toMatchObject({
      ok: false,
      error: { code: 'NOTHING_TO_REFUND', data: { refundable: 0 } },
    });
    expect((await override(placed.id, 'refunded')).ok).toBe(true);
    expect(codeOf(await refundOrder(world.deps, placed.id))).toBe('ORDER_ALREADY_REFUNDED');
  });

  it('never refunds twice, even after an override back to completed', async () => {
    const { world, settle, paidOrder, override } = await shop();
    const placed = await paidOrder();
    expect((await refundOrder(world.deps, placed.id)).ok).toBe(true);
    await settle();
    expect((await override(placed.id, 'completed')).ok).toBe(true);
    expect(codeOf(await refundOrder(world.deps, placed.id))).toBe('ORDER_ALREADY_REFUNDED');
  });

  it('answers PAYMENT_FAILED when the chain rejects the refund, and frees the merchant’s hold', async () => {
    const world = createDomainWorld();
    const merchant = await world.merchant(0);
    const buyer = await world.walletUser(100);
    const product = await world.product({ stock: 5, priceSun: 3 * TRX });
    const created = await createOrder(world.deps, buyer.id, [{ productId: product.id, quantity: 1 }]);
    if (!created.ok) throw new Error(created.error.code);
    await payOrder(world.deps, buyer.id, created.value.id);
    world.controls.confirm();
    await runSettlement(world.deps);
    // The merchant received 2.99 TRX; a refund to the existing buyer costs no fee.
    world.controls.inject('reject');
    expect(codeOf(await refundOrder(world.deps, created.value.id))).toBe('PAYMENT_FAILED');
    expect(await world.store.walletReservations.reservedSun(merchant.wallet.address ?? '')).toBe(0);
    expect(await world.balanceOf(merchant.wallet.address)).toBe(2_990_000);
    expect((await refundOrder(world.deps, created.value.id)).ok).toBe(true);
  });

  it('answers INSUFFICIENT_ADMIN_BALANCE with adminBalance and requiredAmount when the merchant cannot cover it', async () => {
    const { world, merchant, paidOrder } = await shop();
    const placed = await paidOrder();
    // Everything the merchant holds is promised elsewhere.
    const held = await world.balanceOf(merchant.wallet.address);
    await world.store.walletReservations.reserve(
      {
        address: merchant.wallet.address ?? '',
        key: 'withdrawal:elsewhere',
        amountSun: held - TRX,
        reservedAt: world.deps.clock.now(),
      },
      held,
    );
    expect(await refundOrder(world.deps, placed.id)).toMatchObject({
      ok: false,
      error: { code: 'INSUFFICIENT_ADMIN_BALANCE', data: { adminBalance: 1, requiredAmount: 2.99 } },
    });
    expect(await world.store.orders.findById(placed.id)).toMatchObject({ refunds: [], refundClaimedSun: 0 });
  });
});

describe('overrideOrderStatus', () => {
  it('answers INVALID_STATUS and ORDER_NOT_FOUND, and moves no money or stock', async () => {
    const { world, product, order, override } = await shop();
    expect(codeOf(await override('ffffffffffffffffffffffff', 'completed'))).toBe('ORDER_NOT_FOUND');
    const placed = await order();
    expect(codeOf(await override(placed.id, 'failed'))).toBe('INVALID_STATUS');
    expect(codeOf(await override(placed.id, 'completed'))).toBe('ok');
    expect(await world.store.products.findById(product.id)).toMatchObject({ stock: 5, reservedStock: 0 });
  });
});
