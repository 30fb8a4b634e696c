import { describe, expect, it } from 'vitest';
import {
  formatUsdtUnits,
  isUsdtUnits,
  UNITS_PER_USDT,
  USDT_DECIMALS,
  usdtFeeLimitSun,
} from '../src/index.js';

describe('USDT amounts', () => {
  it('counts in base units of six decimals', () => {
    expect(USDT_DECIMALS).toBe(6);
    expect(UNITS_PER_USDT).toBe(10 ** USDT_DECIMALS);
  });

  it('formats base units as the exact decimal, trailing zeros dropped', () => {
    expect(formatUsdtUnits(12_500_000)).toBe('12.5');
    expect(formatUsdtUnits(1)).toBe('0.000001');
    expect(formatUsdtUnits(-1)).toBe('-0.000001');
    expect(formatUsdtUnits(0)).toBe('0');
    expect(formatUsdtUnits(-0)).toBe('0');
    expect(formatUsdtUnits(1_000_000_000_000)).toBe('1000000');
    // The largest safe integer: every digit kept, none rounded through a float.
    expect(formatUsdtUnits(Number.MAX_SAFE_INTEGER)).toBe('9007199254.740991');
  });

  it('accepts only safe integers as an amount', () => {
    expect(isUsdtUnits(5)).toBe(true);
    expect(isUsdtUnits(0.5)).toBe(false);
    expect(isUsdtUnits(Number.MAX_SAFE_INTEGER + 1)).toBe(false);
    expect(isUsdtUnits('5')).toBe(false);
  });
});

describe('usdtFeeLimitSun', () => {
  it('adds a quarter to the energy price, rounded up to a whole SUN', () => {
    expect(usdtFeeLimitSun(6_428_500, 100_000_000)).toBe(8_035_625);
    expect(usdtFeeLimitSun(3, 100_000_000)).toBe(4);
  });

  it('never exceeds the configured cap', () => {
    expect(usdtFeeLimitSun(90_000_000, 100_000_000)).toBe(100_000_000);
    expect(usdtFeeLimitSun(200_000_000, 100_000_000)).toBe(100_000_000);
  });
});
