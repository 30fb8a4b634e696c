import {
  absSun,
  addSun,
  formatSunAsTrx,
  isSun,
  MAX_ORDER_TOTAL_SUN,
  MAX_PRODUCT_PRICE_SUN,
  multiplySun,
  parseTrxAmount,
  SUN_PER_TRX,
  subtractSun,
  sumSun,
  sunToTrx,
} from '@trx-shop/domain';
import { describe, expect, it } from 'vitest';
import { errorOf, thrownBy, successOf } from './support/results.js';

const MAX_SAFE = Number.MAX_SAFE_INTEGER;

describe('parseTrxAmount', () => {
  it('converts JSON numbers with up to 6 decimals to exact SUN', () => {
    expect(successOf(parseTrxAmount(0.1))).toBe(100_000);
    expect(successOf(parseTrxAmount(0.2))).toBe(200_000);
    expect(successOf(parseTrxAmount(0.29))).toBe(290_000);
    expect(successOf(parseTrxAmount(1))).toBe(1_000_000);
    expect(successOf(parseTrxAmount(12.21))).toBe(12_210_000);
    expect(successOf(parseTrxAmount(0.000001))).toBe(1);
    expect(successOf(parseTrxAmount(1.234567))).toBe(1_234_567);
    expect(successOf(parseTrxAmount(999_999.999999))).toBe(999_999_999_999);
  });

  it('converts decimal strings with up to 6 decimals to exact SUN', () => {
    expect(successOf(parseTrxAmount('0.1'))).toBe(100_000);
    expect(successOf(parseTrxAmount('0.000001'))).toBe(1);
    expect(successOf(parseTrxAmount('1.500000'))).toBe(1_500_000);
    expect(successOf(parseTrxAmount('1000000'))).toBe(1_000_000_000_000);
    expect(successOf(parseTrxAmount('9007199254.740991'))).toBe(MAX_SAFE);
  });

  it('reads numbers JavaScript prints in exponent form by their exact digits', () => {
    // JavaScript prints numbers below 1e-6 and from 1e21 in exponent form (String(1.2e-7) is "1.2e-7").
    expect(successOf(parseTrxAmount(1e-6))).toBe(1);
    expect(successOf(parseTrxAmount(5e-6))).toBe(5);
    expect(errorOf(parseTrxAmount(1e-7)).code).toBe('VALIDATION_ERROR');
    expect(errorOf(parseTrxAmount(1.2e-7)).code).toBe('VALIDATION_ERROR');
    expect(errorOf(parseTrxAmount(-1e-7, { sign: 'any' })).code).toBe('VALIDATION_ERROR');
    expect(successOf(parseTrxAmount(-5e-6, { sign: 'any' }))).toBe(-5);
    expect(errorOf(parseTrxAmount(1e21)).code).toBe('VALIDATION_ERROR');
  });

  it('refuses more than 6 decimals with VALIDATION_ERROR', () => {
    for (const input of [0.0000001, 1.0000001, '0.0000001', '1.1234567', '1.0000000', 0.1 + 0.2]) {
      expect(errorOf(parseTrxAmount(input, { sign: 'any' })).code).toBe('VALIDATION_ERROR');
    }
  });

  it('refuses NaN, Infinity and text that is not a plain decimal with VALIDATION_ERROR', () => {
    const inputs: unknown[] = [
      Number.NaN,
      Number.POSITIVE_INFINITY,
      Number.NEGATIVE_INFINITY,
      'NaN',
      'Infinity',
      '',
      ' 1',
      '1 ',
      '1e5',
      '0x10',
      '.5',
      '5.',
      '1,5',
      'abc',
      null,
      undefined,
      true,
      {},
      [1],
      10n,
    ];
    for (const input of inputs) {
      expect(errorOf(parseTrxAmount(input, { sign: 'any' })).code, String(input)).toBe('VALIDATION_ERROR');
    }
  });

  it('accepts only amounts above 0 by default', () => {
    for (const input of [0, '0', '0.000000', -0, '-0', -1, '-0.000001', -0.29]) {
      expect(errorOf(parseTrxAmount(input)).code, String(input)).toBe('VALIDATION_ERROR');
    }
    expect(successOf(parseTrxAmount('0.000001'))).toBe(1);
  });

  it('accepts 0 but no negative amount when the sign is non-negative', () => {
    expect(successOf(parseTrxAmount(0, { sign: 'non-negative' }))).toBe(0);
    expect(errorOf(parseTrxAmount(-0.000001, { sign: 'non-negative' })).code).toBe('VALIDATION_ERROR');
    expect(errorOf(parseTrxAmount('-5', { sign: 'non-negative' })).code).toBe('VALIDATION_ERROR');
  });

  it('keeps the sign of negative amounts when any sign is allowed, and never yields -0', () => {
    expect(successOf(parseTrxAmount(-0.29, { sign: 'any' }))).toBe(-290_000);
    expect(successOf(parseTrxAmount('-0.01', { sign: 'any' }))).toBe(-10_000);
    expect(Object.is(successOf(parseTrxAmount('-0', { sign: 'any' })), 0)).toBe(true);
    expect(Object.is(successOf(parseTrxAmount(-0, { sign: 'any' })), 0)).toBe(true);
  });

  it('refuses amounts above maxSun, by magnitude', () => {
    const rule = { maxSun: MAX_PRODUCT_PRICE_SUN };
    expect(successOf(parseTrxAmount(1_000_000, rule))).toBe(1_000_000 * 1_000_000);
    expect(successOf(parseTrxAmount('1000000.000000', rule))).toBe(1_000_000 * 1_000_000);
    expect(errorOf(parseTrxAmount(1_000_000.000001, rule)).code).toBe('VALIDATION_ERROR');
    expect(errorOf(parseTrxAmount('1000001', rule)).code).toBe('VALIDATION_ERROR');
    expect(errorOf(parseTrxAmount('-1000000.000001', { ...rule, sign: 'any' })).code).toBe(
      'VALIDATION_ERROR',
    );
  });

  it('refuses amounts whose SUN value leaves the safe-integer range', () => {
    expect(errorOf(parseTrxAmount('9007199254.740992')).code).toBe('VALIDATION_ERROR');
    expect(errorOf(parseTrxAmount('100000000000000000000')).code).toBe('VALIDATION_ERROR');
    expect(errorOf(parseTrxAmount(1e16)).code).toBe('VALIDATION_ERROR');
  });

  it('names the field in the validation details', () => {
    const named = errorOf(parseTrxAmount('abc', { field: 'price' }));
    expect(named.data).toMatchObject({ details: [{ field: 'price' }] });
    const unnamed = errorOf(parseTrxAmount(-1));
    expect(unnamed.data).toMatchObject({ details: [{ field: 'amount' }] });
  });
});

describe('docs/decisions.md section 2 limits', () => {
  it('caps a price at 1,000,000 TRX and an order total at 1,000,000,000 TRX, in SUN', () => {
    expect(SUN_PER_TRX).toBe(1_000_000);
    expect(MAX_PRODUCT_PRICE_SUN).toBe(1_000_000_000_000);
    expect(MAX_ORDER_TOTAL_SUN).toBe(1_000_000_000_000_000);
  });
});

describe('formatSunAsTrx', () => {
  it('prints the exact decimal in TRX without trailing zeros', () => {
    expect(formatSunAsTrx(290_000)).toBe('0.29');
    expect(formatSunAsTrx(-290_000)).toBe('-0.29');
    expect(formatSunAsTrx(0)).toBe('0');
    expect(formatSunAsTrx(-0)).toBe('0');
    expect(formatSunAsTrx(1)).toBe('0.000001');
    expect(formatSunAsTrx(-1)).toBe('-0.000001');
    expect(formatSunAsTrx(10)).toBe('0.00001');
    expect(formatSunAsTrx(12_210_000)).toBe('12.21');
    expect(formatSunAsTrx(1_000_000_000_000)).toBe('1000000');
    expect(formatSunAsTrx(MAX_SAFE)).toBe('9007199254.740991');
    expect(formatSunAsTrx(-MAX_SAFE)).toBe('-9007199254.740991');
  });
});

describe('sunToTrx', () => {
  it('gives the JSON number of the exact decimal, free of float drift', () => {
    expect(sunToTrx(300_000)).toBe(0.3);
    expect(JSON.stringify(sunToTrx(300_000))).toBe('0.3');
    expect(JSON.stringify(sunToTrx(290_000))).toBe('0.29');
    expect(JSON.stringify(sunToTrx(-10_000))).toBe('-0.01');
    expect(JSON.stringify(sunToTrx(1))).toBe('0.000001');
    expect(JSON.stringify(sunToTrx(MAX_ORDER_TOTAL_SUN - 1))).toBe('999999999.999999');
  });
});

describe('SUN arithmetic', () => {
  it('adds, subtracts, multiplies and sums integers exactly', () => {
    expect(addSun(100_000, 200_000)).toBe(300_000);
    expect(subtractSun(300_000, 10_000)).toBe(290_000);
    expect(subtractSun(10_000, 300_000)).toBe(-290_000);
    expect(multiplySun(100_000, 3)).toBe(300_000);
    expect(multiplySun(-10_000, 7)).toBe(-70_000);
    expect(sumSun([100_000, 200_000, -10_000])).toBe(290_000);
    expect(sumSun([])).toBe(0);
    expect(sumSun(new Set([1, 2, 3]))).toBe(6);
    expect(absSun(-290_000)).toBe(290_000);
    expect(absSun(290_000)).toBe(290_000);
  });

  it('throws INTERNAL_ERROR when a result leaves the safe-integer range', () => {
    expect(thrownBy(() => addSun(MAX_SAFE, 1)).code).toBe('INTERNAL_ERROR');
    expect(thrownBy(() => subtractSun(-MAX_SAFE, 1)).code).toBe('INTERNAL_ERROR');
    expect(thrownBy(() => multiplySun(MAX_SAFE, 2)).code).toBe('INTERNAL_ERROR');
    expect(thrownBy(() => sumSun([MAX_SAFE, 1])).code).toBe('INTERNAL_ERROR');
    expect(addSun(MAX_SAFE - 1, 1)).toBe(MAX_SAFE);
  });

  it('throws INTERNAL_ERROR when multiplied by a non-integer factor', () => {
    expect(thrownBy(() => multiplySun(100_000, 1.5)).code).toBe('INTERNAL_ERROR');
    expect(thrownBy(() => multiplySun(100_000, Number.NaN)).code).toBe('INTERNAL_ERROR');
  });

  it('recognises only safe integers as SUN', () => {
    expect(isSun(290_000)).toBe(true);
    expect(isSun(-10_000)).toBe(true);
    expect(isSun(0.5)).toBe(false);
    expect(isSun(MAX_SAFE + 1)).toBe(false);
    expect(isSun('290000')).toBe(false);
    expect(isSun(Number.NaN)).toBe(false);
  });
});
