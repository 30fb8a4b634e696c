import {
  CURRENCIES,
  createProduct,
  isCurrency,
  MAX_PRODUCT_PRICE_USDT_UNITS,
  parseUsdtAmount,
  relayOutbox,
  updateProduct,
  usdtUnitsToUsdt,
} from '@trx-shop/domain';
import { createMemoryStore } from '@trx-shop/store-memory';
import { newObjectId } from '@trx-shop/store-contract';
import { describe, expect, it } from 'vitest';
import { errorOf, successOf } from './support/results.js';

describe('currencies', () => {
  it('lists TRX and USDT and recognises nothing else', () => {
    expect(CURRENCIES).toEqual(['TRX', 'USDT']);
    expect(isCurrency('TRX')).toBe(true);
    expect(isCurrency('USDT')).toBe(true);
    for (const other of ['usdt', 'USDC', '', null, 1]) expect(isCurrency(other)).toBe(false);
  });
});

describe('parseUsdtAmount', () => {
  it('converts numbers and decimal strings with up to 6 decimals to exact base units', () => {
    expect(successOf(parseUsdtAmount(0.1))).toBe(100_000);
    expect(successOf(parseUsdtAmount(0.29))).toBe(290_000);
    expect(successOf(parseUsdtAmount(0.000001))).toBe(1);
    expect(successOf(parseUsdtAmount(1e-6))).toBe(1);
    expect(successOf(parseUsdtAmount(12.345678))).toBe(12_345_678);
    expect(successOf(parseUsdtAmount('999999.999999'))).toBe(999_999_999_999);
    expect(successOf(parseUsdtAmount('1.500000'))).toBe(1_500_000);
  });

  it('refuses more decimals, 0, negatives, non-decimals and amounts above the bound, naming the field', () => {
    const refusal = (input: unknown) =>
      errorOf(parseUsdtAmount(input, { field: 'priceUsdt', maxUnits: 1_000_000_000_000 }));
    expect(refusal(0.0000001).data.details).toEqual([
      { field: 'priceUsdt', message: 'priceUsdt has more than 6 decimals' },
    ]);
    expect(refusal(0.1 + 0.2).message).toBe('priceUsdt has more than 6 decimals');
    expect(refusal(0).message).toBe('priceUsdt must be greater than 0');
    expect(refusal(-1).message).toBe('priceUsdt must be greater than 0');
    expect(refusal('-0.5').message).toBe('priceUsdt must be greater than 0');
    expect(refusal('1e3').message).toBe('priceUsdt must be a decimal amount in USDT');
    expect(refusal(Number.NaN).message).toBe('priceUsdt must be a finite number');
    expect(refusal(true).message).toBe('priceUsdt must be a number or a decimal string');
    expect(refusal(1_000_000.000001).message).toBe('priceUsdt must be at most 1000000 USDT');
    expect(successOf(parseUsdtAmount(1_000_000, { maxUnits: 1_000_000_000_000 }))).toBe(1_000_000_000_000);
    for (const input of [0.0000001, 0, -1, '1e3', 1e21]) expect(refusal(input).code).toBe('VALIDATION_ERROR');
  });

  it('shows base units as the JSON number of the exact decimal, up to the price bound', () => {
    expect(usdtUnitsToUsdt(12_500_000)).toBe(12.5);
    expect(usdtUnitsToUsdt(1)).toBe(0.000001);
    expect(usdtUnitsToUsdt(999_999_999_999)).toBe(999999.999999);
    expect(usdtUnitsToUsdt(MAX_PRODUCT_PRICE_USDT_UNITS)).toBe(1_000_000);
  });
});

describe('a product priced in USDT', () => {
  const catalogueWorld = () => {
    const store = createMemoryStore();
    const now = new Date('2026-06-01T12:00:00.000Z');
    const deps = {
      products: store.products,
      clock: { now: () => now },
      ids: { newId: () => newObjectId(now) },
    };
    return { store, deps };
  };
  const adminId = newObjectId();

  it('is created with its USDT price in base units, or without one (not sold in USDT)', async () => {
    const { store, deps } = catalogueWorld();
    const priced = successOf(
      await createProduct(deps, adminId, { name: 'Mug', price: 4.5, priceUsdt: 1.25, category: 'physical' }),
    );
    const trxOnly = successOf(
      await createProduct(deps, adminId, { name: 'Pen', price: 1, category: 'physical' }),
    );
    const nulled = successOf(
      await createProduct(deps, adminId, { name: 'Cup', price: 1, priceUsdt: null, category: 'physical' }),
    );
    expect(priced.priceUsdt).toBe(1_250_000);
    expect(trxOnly.priceUsdt).toBeNull();
    expect(nulled.priceUsdt).toBeNull();
    expect((await store.products.findById(priced.id))?.priceUsdt).toBe(1_250_000);
    expect((await store.products.findById(trxOnly.id))?.priceUsdt).toBeNull();
  });

  it('refuses a USDT price that is not a positive JSON number of at most 6 decimals up to 1,000,000', async () => {
    const { store, deps } = catalogueWorld();
    const refused = async (priceUsdt: unknown) =>
      errorOf(await createProduct(deps, adminId, { name: 'Mug', price: 1, priceUsdt, category: 'digital' }));
    for (const [priceUsdt, message] of [
      [-1, 'priceUsdt must be greater than 0'],
      [0, 'priceUsdt must be greater than 0'],
      [0.0000001, 'priceUsdt has more than 6 decimals'],
      [1_000_001, 'priceUsdt must be at most 1000000 USDT'],
      ['12.5', 'priceUsdt must be a number in USDT, or null'],
      [true, 'priceUsdt must be a number in USDT, or null'],
    ] as const) {
      const error = await refused(priceUsdt);
      expect([error.code, error.data.details]).toEqual([
        'VALIDATION_ERROR',
        [{ field: 'priceUsdt', message }],
      ]);
    }
    expect(await store.products.count()).toBe(0);
  });

  it('changes and clears its USDT price, the events telling the exact text before and after', async () => {
    const { store, deps } = catalogueWorld();
    const product = successOf(
      await createProduct(deps, adminId, { name: 'Mug', price: 4.5, priceUsdt: 2, category: 'physical' }),
    );
    expect(successOf(await updateProduct(deps, product.id, { priceUsdt: 0.000001 })).priceUsdt).toBe(1);
    const cleared = successOf(await updateProduct(deps, product.id, { priceUsdt: null }));
    expect(cleared.priceUsdt).toBeNull();
    expect(cleared.priceSun).toBe(4_500_000);
    // A patch without priceUsdt leaves it alone.
    successOf(await updateProduct(deps, product.id, { priceUsdt: 3 }));
    expect(successOf(await updateProduct(deps, product.id, { stock: 9 })).priceUsdt).toBe(3_000_000);
    expect(errorOf(await updateProduct(deps, product.id, { priceUsdt: -1 })).code).toBe('VALIDATION_ERROR');
    expect((await store.products.findById(product.id))?.priceUsdt).toBe(3_000_000);

    await relayOutbox({ store, clock: deps.clock });
    const payloads = (await store.eventLog.readAfter(0, 100)).map((event) => [event.type, event.payload]);
    expect(payloads).toEqual([
      [
        'product.created',
        { name: 'Mug', price: '4.5', priceUsdt: '2', category: 'physical', stock: 0, isActive: true },
      ],
      ['product.updated', { priceUsdt: '0.000001', before: { priceUsdt: '2' } }],
      ['product.updated', { priceUsdt: null, before: { priceUsdt: '0.000001' } }],
      ['product.updated', { priceUsdt: '3', before: { priceUsdt: null } }],
      ['product.updated', { stock: 9, before: { stock: 0 } }],
    ]);
  });
});
