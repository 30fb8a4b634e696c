import { domainError } from '../errors/domain-error.js';
import { exactDecimalText } from './decimal-text.js';

/**
 * An amount of TRX in SUN (1 TRX = 1,000,000 SUN), always a safe integer. Money is never a float
 * inside the service: floats are only produced at the JSON edge by `sunToTrx`.
 */
export type Sun = number;

export const SUN_PER_TRX = 1_000_000;
export const TRX_DECIMALS = 6;

export const isSun = (value: unknown): value is Sun =>
  typeof value === 'number' && Number.isSafeInteger(value);

/** Overflow of a SUN sum is a broken invariant (limits keep real amounts far below it), so it throws. */
const checked = (value: number, operation: string): Sun => {
  if (!Number.isSafeInteger(value)) {
    throw domainError('INTERNAL_ERROR', `SUN ${operation} left the safe-integer range`);
  }
  return value;
};

export const addSun = (a: Sun, b: Sun): Sun => checked(a + b, 'addition');

export const subtractSun = (a: Sun, b: Sun): Sun => checked(a - b, 'subtraction');

export const multiplySun = (amount: Sun, factor: number): Sun => {
  if (!Number.isSafeInteger(factor)) {
    throw domainError('INTERNAL_ERROR', 'SUN can only be multiplied by an integer');
  }
  return checked(amount * factor, 'multiplication');
};

export const sumSun = (amounts: Iterable<Sun>): Sun => {
  let total = 0;
  for (const amount of amounts) total = addSun(total, amount);
  return total;
};

export const absSun = (amount: Sun): Sun => Math.abs(amount);

/**
 * The JSON number shown for an amount. Division of a safe integer by 10^6 yields the double
 * nearest to the exact decimal, and at these magnitudes the spacing of doubles is far below
 * 10^-6, so the shortest round-trip form JSON prints is that exact decimal.
 */
export const sunToTrx = (amount: Sun): number => amount / SUN_PER_TRX;

/** Exact decimal text of an amount in TRX: `12.21`, `-0.29`, `0`, `1000000`. */
export const formatSunAsTrx = (amount: Sun): string => exactDecimalText(amount, TRX_DECIMALS);
