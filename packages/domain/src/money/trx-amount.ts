import type { ValidationError } from '../errors/domain-error.js';
import type { Result } from '../shared/result.js';
import { type AmountSign, parseDecimalAmount } from './decimal-amount.js';
import type { Sun } from './sun.js';

export { type AmountSign, decimalTextOf } from './decimal-amount.js';

export interface AmountRule {
  /** Which signs are allowed; defaults to `positive`. */
  readonly sign?: AmountSign;
  /** Largest magnitude allowed, in SUN. */
  readonly maxSun?: Sun;
  /** Field name reported in the validation error. */
  readonly field?: string;
}

/**
 * Parses an amount in TRX, given as a JSON number or a decimal string with at most 6 decimals,
 * into exact SUN. NaN, Infinity, exponent strings, more decimals, forbidden signs and amounts
 * beyond `maxSun` are refused with `VALIDATION_ERROR`.
 */
export const parseTrxAmount = (input: unknown, rule: AmountRule = {}): Result<Sun, ValidationError> =>
  parseDecimalAmount(input, {
    sign: rule.sign ?? 'positive',
    maxUnits: rule.maxSun,
    field: rule.field ?? 'amount',
    currency: 'TRX',
  });
