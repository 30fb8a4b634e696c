import {
  isValidQuantity,
  MAX_LINE_QUANTITY,
  MAX_ORDER_LINES,
  MIN_LINE_QUANTITY,
  NETWORK_FEE_SUN,
  type PricedLineInput,
  priceOrder,
} from '@trx-shop/domain';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { errorOf, successOf } from './support/results.js';

/** 1 TRX in SUN, written out so expectations never lean on the code under test. */
const TRX = 1_000_000;
/** The specification's network fee: -0.01 TRX on every order. */
const FEE = -10_000;

const line = (unitPriceSun: number, quantity = 1): PricedLineInput => ({ unitPriceSun, quantity });

describe('priceOrder', () => {
  it('prices the specification example: 0.1 + 0.2 TRX gives subtotal 0.3 and total 0.29 TRX', () => {
    const price = successOf(priceOrder([line(100_000), line(200_000)]));
    expect(price).toEqual({ subtotalSun: 300_000, networkFeeSun: FEE, discountSun: 0, totalSun: 290_000 });
  });

  it('charges a network fee of exactly -0.01 TRX', () => {
    expect(NETWORK_FEE_SUN).toBe(FEE);
  });

  it('sums price times quantity over every line, then adds the network fee', () => {
    const lines = [line(1_500_000, 3), line(250_000, 4), line(1, 1000)];
    let subtotal = 0;
    for (const { unitPriceSun, quantity } of lines) subtotal += unitPriceSun * quantity;
    const price = successOf(priceOrder(lines));
    expect(price.subtotalSun).toBe(subtotal);
    expect(price.subtotalSun).toBe(5_501_000);
    expect(price.totalSun).toBe(subtotal + FEE);
  });

  it('answers ORDER_TOTAL_TOO_LOW when the total after the fee would be 0', () => {
    expect(errorOf(priceOrder([line(10_000)])).code).toBe('ORDER_TOTAL_TOO_LOW');
  });

  it('answers ORDER_TOTAL_TOO_LOW when the total after the fee would be negative', () => {
    expect(errorOf(priceOrder([line(1)])).code).toBe('ORDER_TOTAL_TOO_LOW');
    expect(errorOf(priceOrder([line(3_000, 3)])).code).toBe('ORDER_TOTAL_TOO_LOW');
  });

  it('accepts the smallest positive total, 1 SUN', () => {
    expect(successOf(priceOrder([line(10_001)])).totalSun).toBe(1);
    expect(successOf(priceOrder([line(5_000), line(5_001)])).totalSun).toBe(1);
  });

  it('accepts an order total of exactly 1,000,000,000 TRX and refuses 1 SUN more', () => {
    const atLimit = [line(1_000_000 * TRX, 1000), line(10_000)];
    expect(successOf(priceOrder(atLimit)).totalSun).toBe(1_000_000_000 * TRX);
    const aboveLimit = [line(1_000_000 * TRX, 1000), line(10_001)];
    expect(errorOf(priceOrder(aboveLimit)).code).toBe('VALIDATION_ERROR');
    const farAbove = [line(1_000_000 * TRX, 1000), line(1_000_000 * TRX, 1000)];
    expect(errorOf(priceOrder(farAbove)).code).toBe('VALIDATION_ERROR');
  });

  it('answers VALIDATION_ERROR, not an overflow, for lines within the limits whose sum passes 2^53 SUN', () => {
    // Ten lines of 1,000 x 1,000,000 TRX are each within the limits; together they are 1e16 SUN.
    const tenLines = Array.from({ length: 10 }, () => line(1_000_000 * TRX, 1000));
    expect(errorOf(priceOrder(tenLines)).code).toBe('VALIDATION_ERROR');
    const fiftyLines = Array.from({ length: 50 }, () => line(1_000_000 * TRX, 1000));
    expect(errorOf(priceOrder(fiftyLines)).code).toBe('VALIDATION_ERROR');
  });

  it('prices any order within the line limits as its exact sum, or refuses it with a code', () => {
    // Small prices reach the fee boundary; near-maximal lines reach the total limit and beyond.
    const price = fc.oneof(
      fc.integer({ min: 1, max: 20_000 }),
      fc.integer({ min: 1, max: 1_000_000 * TRX }),
      fc.integer({ min: 900_000 * TRX, max: 1_000_000 * TRX }),
    );
    const quantity = fc.oneof(fc.integer({ min: 1, max: 1000 }), fc.integer({ min: 900, max: 1000 }));
    const lines = fc.array(fc.record({ unitPriceSun: price, quantity }), {
      minLength: 1,
      maxLength: 50,
      size: 'max',
    });
    fc.assert(
      fc.property(lines, (orderLines) => {
        let subtotal = 0n;
        for (const { unitPriceSun, quantity } of orderLines)
          subtotal += BigInt(unitPriceSun) * BigInt(quantity);
        const total = subtotal - 10_000n;
        const result = priceOrder(orderLines);
        if (total <= 0n) {
          expect(errorOf(result).code).toBe('ORDER_TOTAL_TOO_LOW');
        } else if (total > 1_000_000_000n * 1_000_000n) {
          expect(errorOf(result).code).toBe('VALIDATION_ERROR');
        } else {
          expect(successOf(result)).toEqual({
            subtotalSun: Number(subtotal),
            networkFeeSun: FEE,
            discountSun: 0,
            totalSun: Number(total),
          });
        }
      }),
      { numRuns: 500 },
    );
  });

  it('accepts quantities 1 and 1000 and refuses 0, 1001, fractions, negatives and NaN', () => {
    expect(successOf(priceOrder([line(TRX, 1)])).subtotalSun).toBe(TRX);
    expect(successOf(priceOrder([line(TRX, 1000)])).subtotalSun).toBe(1000 * TRX);
    for (const quantity of [0, 1001, 1.5, -1, Number.NaN, Number.POSITIVE_INFINITY]) {
      const error = errorOf(priceOrder([line(TRX), line(TRX, quantity)]));
      expect(error.code, String(quantity)).toBe('VALIDATION_ERROR');
      expect(error.data).toMatchObject({ details: [{ field: 'products/1/quantity' }] });
    }
  });

  it('accepts 50 lines and refuses 51', () => {
    const fifty = Array.from({ length: 50 }, () => line(TRX));
    expect(successOf(priceOrder(fifty)).subtotalSun).toBe(50 * TRX);
    const fiftyOne = Array.from({ length: 51 }, () => line(TRX));
    expect(errorOf(priceOrder(fiftyOne)).code).toBe('VALIDATION_ERROR');
  });

  it('refuses an order without lines', () => {
    expect(errorOf(priceOrder([])).code).toBe('VALIDATION_ERROR');
  });
});

describe('line limits', () => {
  it('allows quantities from 1 to 1000 and at most 50 lines (docs/decisions.md section 2)', () => {
    expect(MIN_LINE_QUANTITY).toBe(1);
    expect(MAX_LINE_QUANTITY).toBe(1000);
    expect(MAX_ORDER_LINES).toBe(50);
    expect([0, 1, 2, 999, 1000, 1001, 2.5, -3].map(isValidQuantity)).toEqual([
      false,
      true,
      true,
      true,
      true,
      false,
      false,
      false,
    ]);
  });
});
