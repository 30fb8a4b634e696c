/**
 * A USDT amount exactly as the API gives it (a number with at most 6 decimals), in digits with
 * thousands grouped, as `formatTrx` shows TRX: `toFixed(6)` renders the decimal the JSON carried.
 */
export const formatUsdt = (amount: number): string => {
  const negative = amount < 0;
  const [whole = '0', fraction = ''] = Math.abs(amount).toFixed(6).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const decimals = fraction.replace(/0+$/, '');
  return `${negative ? '-' : ''}${grouped}${decimals ? `.${decimals}` : ''} USDT`;
};
