import { CURRENCIES, type Currency, isCurrency } from '@trx-shop/domain';

/**
 * ACCEPTED_CURRENCIES: the currencies the shop sells in, separated by commas (`TRX`, `USDT`, or
 * both). Unset, it is both when the service follows a USDT contract and TRX alone when USDT is off,
 * so a shop never claims USDT it cannot receive; named while USDT is off, USDT is refused. Each name
 * must be one of the domain's currencies, spelled as it is, and at least one is needed: a shop that
 * accepts nothing could sell nothing. Answered in the domain's order, each once.
 */
export const parseAcceptedCurrencies = (
  raw: string | undefined,
  usdtOn: boolean,
): { ok: true; value: readonly Currency[] } | { ok: false; problem: string } => {
  if (raw === undefined) return { ok: true, value: usdtOn ? CURRENCIES : ['TRX'] };
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
  if (names.includes('USDT') && !usdtOn) {
    return {
      ok: false,
      problem:
        'ACCEPTED_CURRENCIES: USDT needs the USDT token, which is off (USDT_CONTRACT=off, or a TRON_FULL_HOST without TRON_NETWORK and no USDT_CONTRACT)',
    };
  }
  return { ok: true, value: CURRENCIES.filter((currency) => names.includes(currency)) };
};
