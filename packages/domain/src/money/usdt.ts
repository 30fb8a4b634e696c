import { exactDecimalText } from './decimal-text.js';
import type { Sun } from './sun.js';

/**
 * An amount of USDT (TRC-20 Tether) in its base units (1 USDT = 1,000,000 units), always a safe
 * integer. Its own type and names keep it apart from `Sun`: both are 6-decimal integers, and
 * adding one to the other would be a silent money bug.
 */
export type UsdtUnits = number;

/** The token's `decimals()`: checked against the configured contract at start. */
export const USDT_DECIMALS = 6;
export const UNITS_PER_USDT = 1_000_000;

export const isUsdtUnits = (value: unknown): value is UsdtUnits =>
  typeof value === 'number' && Number.isSafeInteger(value);

/** Exact decimal text of an amount in USDT: `12.5`, `-0.000001`, `0`, `1000000`. */
export const formatUsdtUnits = (amount: UsdtUnits): string => exactDecimalText(amount, USDT_DECIMALS);

/**
 * The `fee_limit` a USDT transfer is signed with: its estimated energy price plus a quarter,
 * since the energy a call needs moves with the contract's dynamic-energy factor and the price
 * with governance, and a limit that is too low still burns TRX (OUT_OF_ENERGY takes the whole
 * limit). Only the energy used is billed, so the margin costs nothing on success. Never above
 * `capSun`, the operator's bound on what one transfer may burn.
 */
export const usdtFeeLimitSun = (energyFeeSun: Sun, capSun: Sun): Sun =>
  Math.min(capSun, Math.ceil((energyFeeSun * 5) / 4));
