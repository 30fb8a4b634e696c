import { domainError, type ValidationError } from '../errors/domain-error.js';
import { err, ok, type Result } from '../shared/result.js';
import { decimalTextOf } from './trx-amount.js';
import { UNITS_PER_USDT, USDT_DECIMALS, type UsdtUnits } from './usdt.js';

const DECIMAL_TEXT = /^(-)?(0|[1-9]\d*)(?:\.(\d{1,6}))?$/;
const TOO_MANY_DECIMALS = /^-?(0|[1-9]\d*)\.\d{7,}$/;

export interface UsdtAmountRule {
  /** Largest amount allowed, in base units. */
  readonly maxUnits?: UsdtUnits;
  /** Field name reported in the validation error. */
  readonly field?: string;
}

const invalid = (field: string, message: string): ValidationError =>
  domainError('VALIDATION_ERROR', message, { details: [{ field, message }] });

/**
 * Parses a positive amount in USDT, given as a JSON number or a decimal string with at most 6
 * decimals, into exact base units (as `parseTrxAmount` does for TRX). NaN, Infinity, exponent
 * strings, more decimals, 0 or less and amounts beyond `maxUnits` are refused with `VALIDATION_ERROR`.
 */
export const parseUsdtAmount = (
  input: unknown,
  rule: UsdtAmountRule = {},
): Result<UsdtUnits, ValidationError> => {
  const field = rule.field ?? 'amount';
  let text: string;
  if (typeof input === 'number') {
    if (!Number.isFinite(input)) return err(invalid(field, `${field} must be a finite number`));
    text = decimalTextOf(input);
  } else if (typeof input === 'string') {
    text = input;
  } else {
    return err(invalid(field, `${field} must be a number or a decimal string`));
  }
  if (TOO_MANY_DECIMALS.test(text)) {
    return err(invalid(field, `${field} has more than ${USDT_DECIMALS} decimals`));
  }
  const match = DECIMAL_TEXT.exec(text);
  if (!match) return err(invalid(field, `${field} must be a decimal amount in USDT`));
  const [, minus, wholeText = '0', fractionText = ''] = match;
  const magnitude = Number(wholeText) * UNITS_PER_USDT + Number(fractionText.padEnd(USDT_DECIMALS, '0'));
  if (!Number.isSafeInteger(magnitude)) return err(invalid(field, `${field} is too large`));
  if (minus || magnitude === 0) return err(invalid(field, `${field} must be greater than 0`));
  if (rule.maxUnits !== undefined && magnitude > rule.maxUnits) {
    return err(invalid(field, `${field} must be at most ${rule.maxUnits / UNITS_PER_USDT} USDT`));
  }
  return ok(magnitude);
};

/**
 * The JSON number shown for an amount in USDT: as with `sunToTrx`, a safe integer divided by 10^6
 * is the double nearest the exact decimal, which JSON prints as that decimal.
 */
export const usdtUnitsToUsdt = (amount: UsdtUnits): number => amount / UNITS_PER_USDT;
