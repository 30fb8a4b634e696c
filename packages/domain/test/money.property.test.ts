import { formatSunAsTrx, parseTrxAmount, sumSun, sunToTrx } from '@trx-shop/domain';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { successOf } from './support/results.js';

const MICRO = 1_000_000n;

/** The exact decimal text of `sun / 10^6`, written with BigInt so no float is involved. */
const exactDecimal = (sun: bigint): string => {
  const sign = sun < 0n ? '-' : '';
  const magnitude = sun < 0n ? -sun : sun;
  const fraction = (magnitude % MICRO).toString().padStart(6, '0').replace(/0+$/, '');
  return `${sign}${magnitude / MICRO}${fraction === '' ? '' : `.${fraction}`}`;
};

/** A price as a client writes it: whole TRX and up to 6 decimals, at most 1,000,000 TRX. */
const priceText = fc
  .tuple(fc.integer({ min: 0, max: 999_999 }), fc.integer({ min: 0, max: 999_999 }))
  .map(([whole, micro]) => `${whole}.${String(micro).padStart(6, '0')}`);

const safeSun = fc.integer({ min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER });

/**
 * Doubles near 2^33 TRX are spaced about 1.9e-6 apart, so a JSON number can carry every SUN only
 * below that; the service's own limits (1e9 TRX per order) stay far below it.
 */
const jsonExactSun = fc.integer({ min: -8_000_000_000_000_000, max: 8_000_000_000_000_000 });

describe('money properties', () => {
  it('formats every safe SUN amount as its exact decimal in TRX', () => {
    fc.assert(
      fc.property(safeSun, (sun) => {
        expect(formatSunAsTrx(sun)).toBe(exactDecimal(BigInt(sun)));
      }),
      { numRuns: 2000 },
    );
  });

  it('parses the formatted text back to the same SUN amount', () => {
    fc.assert(
      fc.property(safeSun, (sun) => {
        expect(successOf(parseTrxAmount(formatSunAsTrx(sun), { sign: 'any' }))).toBe(sun);
      }),
      { numRuns: 2000 },
    );
  });

  it('parses the JSON number of an amount back to the same SUN amount', () => {
    fc.assert(
      fc.property(jsonExactSun, (sun) => {
        const json = JSON.stringify(sunToTrx(sun));
        expect(json).toBe(exactDecimal(BigInt(sun)));
        expect(successOf(parseTrxAmount(JSON.parse(json), { sign: 'any' }))).toBe(sun);
      }),
      { numRuns: 2000 },
    );
  });

  it('parses a price written as text or as a JSON number to the same SUN amount', () => {
    fc.assert(
      fc.property(priceText, (text) => {
        const [whole = '', fraction = ''] = text.split('.');
        const expected = Number(BigInt(whole) * MICRO + BigInt(fraction));
        expect(successOf(parseTrxAmount(text, { sign: 'non-negative' }))).toBe(expected);
        expect(successOf(parseTrxAmount(Number(text), { sign: 'non-negative' }))).toBe(expected);
      }),
      { numRuns: 2000 },
    );
  });

  it('sums many prices to their exact decimal sum', () => {
    fc.assert(
      fc.property(fc.array(priceText, { minLength: 1, maxLength: 200 }), (texts) => {
        let exact = 0n;
        for (const text of texts) {
          const [whole = '', fraction = ''] = text.split('.');
          exact += BigInt(whole) * MICRO + BigInt(fraction);
        }
        const parsed = texts.map((text) => successOf(parseTrxAmount(Number(text), { sign: 'non-negative' })));
        const total = sumSun(parsed);
        expect(total).toBe(Number(exact));
        expect(formatSunAsTrx(total)).toBe(exactDecimal(exact));
        expect(JSON.stringify(sunToTrx(total))).toBe(exactDecimal(exact));
      }),
      { numRuns: 300 },
    );
  });

  it('shows no float drift where adding the TRX numbers directly would drift', () => {
    const cases: Array<{ prices: number[]; exactSun: number; exactTrx: number }> = [
      { prices: [0.1, 0.2], exactSun: 300_000, exactTrx: 0.3 },
      { prices: Array.from({ length: 10 }, () => 0.1), exactSun: 1_000_000, exactTrx: 1 },
    ];
    for (const { prices, exactSun, exactTrx } of cases) {
      let floatSum = 0;
      for (const price of prices) floatSum += price;
      // The premise: plain float addition of these prices misses the exact sum.
      expect(floatSum).not.toBe(exactTrx);
      const total = sumSun(prices.map((price) => successOf(parseTrxAmount(price))));
      expect(total).toBe(exactSun);
      expect(sunToTrx(total)).toBe(exactTrx);
    }
  });
});
