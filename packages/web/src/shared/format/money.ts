/**
 * A TRX amount exactly as the API gives it (a number with at most 6 decimals), in digits with
 * thousands grouped: `toFixed(6)` renders the decimal the JSON carried, where `String(0.000001)`
 * would print `1e-6`.
 */
export const formatTrx = (amount: number): string => {
  const negative = amount < 0;
  const [whole = '0', fraction = ''] = Math.abs(amount).toFixed(6).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const decimals = fraction.replace(/0+$/, '');
  return `${negative ? '-' : ''}${grouped}${decimals ? `.${decimals}` : ''} TRX`;
};
