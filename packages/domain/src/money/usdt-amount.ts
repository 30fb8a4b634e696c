import type { ValidationError } from '../errors/domain-error.js';
import type { Result } from '../shared/result.js';
import { parseDecimalAmount } from './decimal-amount.js';
import { UNITS_PER_USDT, type UsdtUnits } from './usdt.js';

export interface UsdtAmountRule {
  /** Largest amount allowed, in base units. */
  readonly maxUnits?: UsdtUnits;
  /** Field name reported in the validation error. */
  readonly field?: string;
}

/**
 * Parses a positive amount in USDT, given as a JSON number or a decimal string with at most 6
 * decimals, into exact base units (as `parseTrxAmount` does for TRX). NaN, Infinity, exponent
 * strings, more decimals, 0 or less and amounts beyond `maxUnits` are refused with `VALIDATION_ERROR`.
 */
export const parseUsdtAmount = (
  input: unknown,
  rule: UsdtAmountRule = {},
): Result<UsdtUnits, ValidationError> =>
  parseDecimalAmount(input, {
    sign: 'positive',
    maxUnits: rule.maxUnits,
    field: rule.field ?? 'amount',
    currency: 'USDT',
  });

/**
 * The JSON number shown for an amount in USDT: as with `sunToTrx`, a safe integer divided by 10^6
 * is the double nearest the exact decimal, which JSON prints as that decimal.
 */
export const usdtUnitsToUsdt = (amount: UsdtUnits): number => amount / UNITS_PER_USDT;
