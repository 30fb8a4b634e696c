/**
 * The currencies a shop can sell in: TRX (amounts in `Sun`) and USDT, Tether's TRC-20 token
 * (amounts in `UsdtUnits`). Which of them a shop accepts is its configuration's choice.
 */
export const CURRENCIES = ['TRX', 'USDT'] as const;
export type Currency = (typeof CURRENCIES)[number];

export const isCurrency = (value: unknown): value is Currency =>
  typeof value === 'string' && (CURRENCIES as readonly string[]).includes(value);
