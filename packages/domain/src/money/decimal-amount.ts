import { domainError, type ValidationError } from '../errors/domain-error.js';
import { err, ok, type Result } from '../shared/result.js';

export type AmountSign = 'positive' | 'non-negative' | 'any';

/** Both currencies the shop counts in have 6 decimals: 10^6 base units to the whole coin. */
const DECIMALS = 6;
const UNITS_PER_COIN = 10 ** DECIMALS;
const DECIMAL_TEXT = /^(-)?(0|[1-9]\d*)(?:\.(\d{1,6}))?$/;
const TOO_MANY_DECIMALS = /^-?(0|[1-9]\d*)\.\d{7,}$/;

export interface DecimalAmountRule {
  readonly sign: AmountSign;
  /** Largest magnitude allowed, in base units. */
  readonly maxUnits: number | undefined;
  readonly field: string;
  /** The currency named in the messages. */
  readonly currency: 'TRX' | 'USDT';
}

const invalid = (field: string, message: string): ValidationError =>
  domainError('VALIDATION_ERROR', message, { details: [{ field, message }] });

/**
 * A JSON number's exact decimal text. `String(n)` gives the shortest text that round-trips, which
 * is exactly what the client wrote for any amount with at most 6 decimals; exponent forms
 * (`1e-7`, `1e+21`) are expanded so the decimal check sees every digit.
 */
export const decimalTextOf = (value: number): string => {
  const text = String(value);
  const exponent = /^(-?)(\d+)(?:\.(\d+))?e([+-]\d+)$/.exec(text);
  if (!exponent) return text;
  const [, sign = '', intPart = '', fracPart = '', expText = '0'] = exponent;
  const digits = intPart + fracPart;
  const pointAt = intPart.length + Number(expText);
  if (pointAt <= 0) return `${sign}0.${'0'.repeat(-pointAt)}${digits}`;
  if (pointAt >= digits.length) return `${sign}${digits}${'0'.repeat(pointAt - digits.length)}`;
  return `${sign}${digits.slice(0, pointAt)}.${digits.slice(pointAt)}`;
};

/**
 * Parses an amount given as a JSON number or a decimal string with at most 6 decimals into exact
 * base units. NaN, Infinity, exponent strings, more decimals, forbidden signs and amounts beyond
 * `maxUnits` are refused with `VALIDATION_ERROR`.
 */
export const parseDecimalAmount = (
  input: unknown,
  rule: DecimalAmountRule,
): Result<number, ValidationError> => {
  const { field, sign, currency } = rule;
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
    return err(invalid(field, `${field} has more than ${DECIMALS} decimals`));
  }
  const match = DECIMAL_TEXT.exec(text);
  if (!match) return err(invalid(field, `${field} must be a decimal amount in ${currency}`));
  const [, minus, wholeText = '0', fractionText = ''] = match;
  const magnitude = Number(wholeText) * UNITS_PER_COIN + Number(fractionText.padEnd(DECIMALS, '0'));
  if (!Number.isSafeInteger(magnitude)) return err(invalid(field, `${field} is too large`));
  const amount = minus && magnitude !== 0 ? -magnitude : magnitude;
  if (sign === 'positive' && amount <= 0) return err(invalid(field, `${field} must be greater than 0`));
  if (sign === 'non-negative' && amount < 0) return err(invalid(field, `${field} must not be negative`));
  if (rule.maxUnits !== undefined && Math.abs(amount) > rule.maxUnits) {
    return err(invalid(field, `${field} must be at most ${rule.maxUnits / UNITS_PER_COIN} ${currency}`));
  }
  return ok(amount);
};
