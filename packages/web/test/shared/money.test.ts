import { describe, expect, it } from 'vitest';
import { formatTrx } from '../../src/shared/format/money.js';

describe('formatTrx shows an amount exactly as the API gave it', () => {
  it.each([
    [0, '0 TRX'],
    [1.5, '1.5 TRX'],
    [0.000001, '0.000001 TRX'],
    [1234567.891234, '1,234,567.891234 TRX'],
    [100, '100 TRX'],
    [-2.25, '-2.25 TRX'],
    [0.1 + 0.2, '0.3 TRX'],
  ])('%s TRX reads %s', (amount, shown) => {
    expect(formatTrx(amount)).toBe(shown);
  });

  it('keeps all six decimals of an order at its ceiling and of totals below 2^33 TRX', () => {
    // Below 2^33 two doubles are less than a SUN apart, so the nearest six-decimal reading is the sent one.
    expect(formatTrx(999_999_999.999999)).toBe('999,999,999.999999 TRX');
    expect(formatTrx(8_589_934_591.999999)).toBe('8,589,934,591.999999 TRX');
  });
});
