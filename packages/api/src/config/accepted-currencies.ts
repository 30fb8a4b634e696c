import { CURRENCIES, type Currency, isCurrency } from '@trx-shop/domain';

/**
 * ACCEPTED_CURRENCIES: the currencies the shop sells in, separated by commas (`TRX,USDT`, the
 * default when unset; `TRX` for a TRX-only shop). Each must be one of the domain's currencies,
 * spelled as it is, and at least one is needed: a shop that accepts nothing could sell nothing.
 * Answered in the domain's order, each once.
 */
export const parseAcceptedCurrencies = (
  raw: string | undefined,
): { ok: true; value: readonly Currency[] } | { ok: false; problem: string } => {
  if (raw === undefined) return { ok: true, value: CURRENCIES };
  const names = raw
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name.length > 0);
  const allowed = CURRENCIES.join(', ');
  if (names.length === 0) {
    return {
      ok: false,
      problem: `ACCEPTED_CURRENCIES: must name at least one of ${allowed}, separated by commas, got ${JSON.stringify(raw)}`,
    };
  }
  const unknown = names.filter((name) => !isCurrency(name));
  if (unknown.length > 0) {
    return {
      ok: false,
      problem: `ACCEPTED_CURRENCIES: ${unknown.map((name) => JSON.stringify(name)).join(', ')} ${unknown.length === 1 ? 'is not a currency' : 'are not currencies'} the shop can accept (${allowed})`,
    };
  }
  return { ok: true, value: CURRENCIES.filter((currency) => names.includes(currency)) };
};
