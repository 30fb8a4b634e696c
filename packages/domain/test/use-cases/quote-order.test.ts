import { createOrder, payOrder, type ProductStore, quoteOrder } from '@trx-shop/domain';
import { describe, expect, it } from 'vitest';
import { errorOf, successOf } from '../support/results.js';
import { TRX } from '../support/domain-world.js';
import { shop } from '../support/shop-world.js';

/** The product store, recording the name of every method called on it. */
const recordingProducts = (products: ProductStore) => {
  const called: string[] = [];
  const store = new Proxy(products, {
    get: (target, name, receiver) => {
      const member: unknown = Reflect.get(target, name, receiver);
      if (typeof member !== 'function') return member;
      return (...args: unknown[]) => {
        called.push(String(name));
        return member.apply(target, args);
      };
    },
  });
  return { store, called };
};

describe('quoteOrder', () => {
  it('prices the lines as the order createOrder then makes of them, in SUN', async () => {
    const { world, buyer, product } = await shop();
    const second = await world.product({ stock: 2, priceSun: 1_250_000, name: 'Sticker' });
    const items = [
      { productId: product.id, quantity: 2, color: 'black' },
      { productId: second.id, quantity: 1 },
    ];
    const quote = successOf(await quoteOrder(world.deps, items));
    // 2 x 3 TRX + 1.25 TRX, less the specification's 0.01 TRX network fee.
    expect(quote).toMatchObject({
      subtotalSun: 7_250_000,
      networkFeeSun: -10_000,
      discountSun: 0,
      totalSun: 7_240_000,
    });
    const order = successOf(await createOrder(world.deps, buyer.id, items));
    expect(quote).toEqual({
      lines: order.lines,
      subtotalSun: order.subtotalSun,
      networkFeeSun: order.networkFeeSun,
      discountSun: order.discountSun,
      totalSun: order.totalSun,
    });
    expect(quote.lines).toEqual([
      { productId: product.id, name: product.name, priceSun: 3 * TRX, quantity: 2, color: 'black' },
      { productId: second.id, name: 'Sticker', priceSun: 1_250_000, quantity: 1, color: null },
    ]);
  });

  it('answers PRODUCT_NOT_FOUND for a missing or archived product', async () => {
    const { world, product } = await shop();
    const archived = await world.product({ isActive: false });
    expect(
      errorOf(
        await quoteOrder(world.deps, [
          { productId: product.id, quantity: 1 },
          { productId: archived.id, quantity: 1 },
        ]),
      ).code,
    ).toBe('PRODUCT_NOT_FOUND');
    expect(
      errorOf(await quoteOrder(world.deps, [{ productId: 'ffffffffffffffffffffffff', quantity: 1 }])).code,
    ).toBe('PRODUCT_NOT_FOUND');
  });

  it('answers INSUFFICIENT_STOCK beyond the available stock: lines of one product summed, held stock left out', async () => {
    const { world, buyer, product } = await shop();
    // Stock 5: two lines of 3 draw on the same 5.
    expect(
      errorOf(
        await quoteOrder(world.deps, [
          { productId: product.id, quantity: 3 },
          { productId: product.id, quantity: 3 },
        ]),
      ).code,
    ).toBe('INSUFFICIENT_STOCK');
    // A payment in flight holds 3 of the 5 until it confirms.
    const placed = successOf(
      await createOrder(world.deps, buyer.id, [{ productId: product.id, quantity: 3 }]),
    );
    successOf(await payOrder(world.deps, buyer.id, placed.id));
    expect(errorOf(await quoteOrder(world.deps, [{ productId: product.id, quantity: 3 }])).code).toBe(
      'INSUFFICIENT_STOCK',
    );
    expect(successOf(await quoteOrder(world.deps, [{ productId: product.id, quantity: 2 }])).totalSun).toBe(
      5_990_000,
    );
  });

  it('answers VALIDATION_ERROR for no lines or a bad quantity, ORDER_TOTAL_TOO_LOW when the fee eats the total', async () => {
    const { world, product } = await shop();
    expect(errorOf(await quoteOrder(world.deps, [])).code).toBe('VALIDATION_ERROR');
    expect(errorOf(await quoteOrder(world.deps, [{ productId: product.id, quantity: 0 }]))).toMatchObject({
      code: 'VALIDATION_ERROR',
      data: { details: [{ field: 'products/0/quantity' }] },
    });
    // 0.01 TRX less the 0.01 TRX network fee leaves nothing to pay.
    const cent = await world.product({ stock: 5, priceSun: 10_000 });
    expect(errorOf(await quoteOrder(world.deps, [{ productId: cent.id, quantity: 1 }])).code).toBe(
      'ORDER_TOTAL_TOO_LOW',
    );
  });

  it('only reads the products: no order, no hold, nothing written', async () => {
    const { world, buyer, product } = await shop();
    const before = await world.store.products.findById(product.id);
    const { store, called } = recordingProducts(world.store.products);
    successOf(await quoteOrder({ store: { products: store } }, [{ productId: product.id, quantity: 5 }]));
    expect(called).toEqual(['findManyByIds']);
    expect(await world.store.products.findById(product.id)).toEqual(before);
    expect(await world.store.orders.findPendingByUser(buyer.id)).toBeNull();
  });
});
