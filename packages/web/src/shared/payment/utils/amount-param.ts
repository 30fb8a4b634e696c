/** An amount the API gave as a number, as the exact decimal text its query parameters take (at most 6 decimals). */
export const amountParam = (amount: number): string =>
  Math.abs(amount)
    .toFixed(6)
    .replace(/\.?0+$/, '');
