import { SUN_PER_TRX, type Sun } from './sun.js';
import { UNITS_PER_USDT, type UsdtUnits } from './usdt.js';

/** Limits of docs/decisions.md section 2; anything beyond them is a 400. */
export const MAX_PRODUCT_PRICE_SUN: Sun = 1_000_000 * SUN_PER_TRX;
/** The USDT price's bound matches the TRX price's: at most 1,000,000 USDT. */
export const MAX_PRODUCT_PRICE_USDT_UNITS: UsdtUnits = 1_000_000 * UNITS_PER_USDT;
export const MAX_ORDER_TOTAL_SUN: Sun = 1_000_000_000 * SUN_PER_TRX;
export const MIN_LINE_QUANTITY = 1;
export const MAX_LINE_QUANTITY = 1_000;
export const MAX_ORDER_LINES = 50;
/** A withdrawal is bounded like an order total so no amount can leave the safe-integer range. */
export const MAX_WITHDRAWAL_SUN: Sun = MAX_ORDER_TOTAL_SUN;
